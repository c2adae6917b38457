// Orders (spec 2 §3 Order, §4 Order line shopStatus, §5 Orders and refunds): shared by the API and the pages.

/** spec 2 §5: an order line's quantity is 1 to 100. */
export const ORDER_QUANTITY_MIN = 1;
export const ORDER_QUANTITY_MAX = 100;

/** spec 2 §4: what the status dialog sets on one line, and the per-shop quick tags. */
export const LINE_STATUSES = ["Found", "On Hold", "Refunded"] as const;
export const QUICK_TAGS = ["Awaiting Pickup", "On The Way", "Delivered"] as const;
/**
 * What a whole order takes at once (ours: the order list's bulk): Found or On Hold on each of the caller's lines, as the
 * dialog sets one, or a quick tag on each of its shops' lines. Refunded is not among them: a refund needs its reason.
 */
export const ORDER_STATUSES_AT_ONCE = ["Found", "On Hold", ...QUICK_TAGS] as const;
export type OrderStatusAtOnce = (typeof ORDER_STATUSES_AT_ONCE)[number];
