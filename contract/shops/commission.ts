// Client-safe shapes and constants of a shop's category commission (spec 1 §3 Commission); the zod schemas are in
// commission-api.ts.

/** spec 1 §9: commission is an integer 1 to 100. */
export const COMMISSION_MIN = 1;
export const COMMISSION_MAX = 100;
/** One sortable column, the one with an index (shop, createdAt): ARCHITECTURE §3. */
export const COMMISSION_SORTS = ["createdAt"] as const;
/** spec 1 §9: the commission search waits 600 ms after the last key. */
export const COMMISSION_SEARCH_DEBOUNCE_MS = 600;
/** spec 1 §9: the category dropdown loads pages of 10 as it scrolls. */
export const SUBCATEGORY_PAGE = 10;
