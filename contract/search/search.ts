// The console's one search box (ADR 0069): what pages need without zod. The schemas are in search-api.ts.

/** The kinds of record the search box finds, in the order their groups are shown. */
export const SEARCH_KINDS = [
  "orders",
  "products",
  "customers",
  "shops",
  "users",
  "influencers",
  "streams",
  "campaigns",
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** How many records each kind shows; more are behind the kind's list, filtered by the same term. */
export const SEARCH_PER_KIND = 5;
/** The longest term: the lists' own search limit. */
export const SEARCH_MAX = 100;
/** The URL param of the search page and the API call. */
export const SEARCH_PARAM = "q";

/** How each kind's group is headed. */
export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  orders: "Orders",
  products: "Products",
  customers: "Customers",
  shops: "Shops",
  users: "Users",
  influencers: "Influencers",
  streams: "Streams",
  campaigns: "Campaigns",
};

/** One record found: its id, what names it, a second line, and the shop it belongs to (what its page's address needs). */
export interface SearchHit {
  _id: string;
  title: string;
  detail: string | null;
  shopId: string | null;
}

/** A kind's records (at most SEARCH_PER_KIND) and whether its list holds more. */
export interface SearchGroup {
  kind: SearchKind;
  hits: SearchHit[];
  more: boolean;
}

/** GET search: the term as searched, and a group for each kind the caller may list (empty groups included). */
export interface SearchResult {
  q: string;
  groups: SearchGroup[];
}
