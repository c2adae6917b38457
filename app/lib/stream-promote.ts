import { STREAM_PRODUCTS_MAX } from "#contract/streams/streams";

// The edit stream page's Promoted Products card (spec 3 §2; ADR 0039): its URL state. The drawer of
// the shop's products is ?drawer=promote (its search ?psearch=, its department ?pdept=, how many are shown ?pshown=);
// the discount form of one product is ?promote={productId}.

export const PROMOTE = {
  drawerParam: "drawer",
  drawer: "promote",
  dialog: "promote",
  search: "psearch",
  department: "pdept",
  shown: "pshown",
} as const;
/** Cards the drawer shows at first, and how many more each 'Show more' adds. */
export const PROMOTE_PAGE = 12;
/** Every param of the card's overlays: what closing them all removes. */
export const PROMOTE_PARAMS = [
  PROMOTE.drawerParam,
  PROMOTE.dialog,
  PROMOTE.search,
  PROMOTE.department,
  PROMOTE.shown,
] as const;

/** The discount form's field names: one promotion for the product or all its variations, or one per variation. */
export const PROMOTE_FIELDS = {
  scope: "scope",
  type: "promotionType",
  amount: "promotion",
  variationType: (id: string) => `type.${id}`,
  variationAmount: (id: string) => `amount.${id}`,
} as const;
export type PromoteScope = "all" | "each";

/**
 * An Add Stream page's chosen products (ADR 0070): ?products=id,id (at most STREAM_PRODUCTS_MAX), sent with the form as
 * POST live-stream/web's `products`. The drawer's Promote adds one, Remove (or Promoted) takes it out.
 */
export const STAGED_PARAM = "products";
export function stagedOf(params: URLSearchParams): string[] {
  const ids = (params.get(STAGED_PARAM) ?? "").split(",").filter((id) => /^[0-9a-f]{24}$/.test(id));
  return [...new Set(ids)].slice(0, STREAM_PRODUCTS_MAX);
}
/** The chosen ids as the param's value (null: none, the param goes). */
export const stagedParam = (ids: string[]) => (ids.length ? ids.join(",") : null);
