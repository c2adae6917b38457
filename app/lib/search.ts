import type { ConsoleRole } from "#contract/access/roles";
import { SEARCH_PARAM, type SearchHit, type SearchKind } from "#contract/search/search";
import { STREAM_VIEWER } from "~/lib/streams";

// Where each record the search box finds opens, and where its kind's list holds more (ADR 0069). An admin's streams
// are the all-streams list; products have no list across shops, so an admin's "more" opens none.

const withQuery = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params)}`;

/** The record's own page (or the drawer its list opens it in). */
export function searchHitHref(kind: SearchKind, hit: SearchHit, role: ConsoleRole): string {
  switch (kind) {
    case "orders":
      return `/app/order/${hit._id}`;
    case "products":
      return withQuery(`/app/product/edit/${hit.shopId}`, { product: hit._id });
    case "customers":
      return `/app/customer/${hit._id}`;
    case "shops":
      return `/app/shop/${hit._id}`;
    case "users":
      return withQuery("/app/user-list", { drawer: "view", id: hit._id });
    case "influencers":
      return withQuery("/app/influencer-list", { drawer: "edit", id: hit._id });
    case "streams":
      return withQuery(role === "admin" ? "/app/stream" : "/app/streams", { dialog: STREAM_VIEWER, id: hit._id });
    case "campaigns":
      return `/app/edit-campaign/${hit._id}`;
  }
}

const LISTS: Record<SearchKind, string | null> = {
  orders: "/app/orders",
  products: "/app/products",
  customers: "/app/customers",
  shops: "/app/shop-list",
  users: "/app/user-list",
  influencers: "/app/influencer-list",
  streams: "/app/streams",
  campaigns: "/app/campaign",
};

/** The kind's list searched for the same term (the lists' `search` param), or null when the caller has none. */
export function searchMoreHref(kind: SearchKind, q: string, role: ConsoleRole): string | null {
  const list =
    role === "admin" ? (kind === "products" ? null : kind === "streams" ? "/app/stream" : LISTS[kind]) : LISTS[kind];
  return list ? withQuery(list, { search: q }) : null;
}

/** The search page's address for a term. */
export const searchPageHref = (q: string) => withQuery("/app/search", { [SEARCH_PARAM]: q });
