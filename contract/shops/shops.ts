// Client-safe constants and shapes of the shops list and the Add shop page (spec 1 §2, §3, §7).
// The zod schemas are in shops-api.ts (pages ship no zod: ADR 0010).

/** Sortable columns of GET shop/list; each has an index in api/db/schema/shops.ts (ARCHITECTURE §3). */
export const SHOP_SORTS = ["createdAt", "name", "status"] as const;
export type ShopSort = (typeof SHOP_SORTS)[number];

/** spec 1 §2 Shops list: category chips show at most 3, then '+N'. */
export const SHOP_CHIPS_MAX = 3;
/** spec 1 §4: shop add returns to the list after 1.5 s. */
export const SHOP_ADDED_RETURN_MS = 1500;

/** The chips a row shows and how many more there are ('+N'). */
export function categoryChips<T>(categories: T[], max = SHOP_CHIPS_MAX): { shown: T[]; more: number } {
  return { shown: categories.slice(0, max), more: Math.max(0, categories.length - max) };
}
