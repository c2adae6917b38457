// Orders (spec 2 §3 Order, §4 Order line shopStatus, §5 Orders and refunds): shared by the API and the pages.

/** spec 2 §5: an order line's quantity is 1 to 100. */
export const ORDER_QUANTITY_MIN = 1;
export const ORDER_QUANTITY_MAX = 100;

/** spec 2 §4: what the status dialog sets on one line, and the per-shop quick tags. */
export const LINE_STATUSES = ["Found", "On Hold", "Refunded"] as const;
export const QUICK_TAGS = ["Awaiting Pickup", "On The Way", "Delivered"] as const;
