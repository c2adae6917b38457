// The Add and Edit Coupon pages' access and return address: client-safe, so the routes' `handle` can name them.

/** Who opens the Add and Edit Coupon pages; staff need coupon:add or coupon:edit besides (spec 2 §2). */
export const COUPON_PAGE = { roles: ["admin", "shopOwner", "staff"] as const, module: "coupon" as const };

/** spec 2 §2: after saving, back to the coupons list. */
export const COUPON_LIST = "/app/coupons";
