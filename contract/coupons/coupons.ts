// Client-safe constants and shapes of the coupons area (spec 2 §3 Coupon, Coupon order, Coupon stats; §4 Coupon
// display status); the zod schemas are in coupons-api.ts. ADR 0028.

import { zoneInstant } from "../core/days";
import type { UploadPurpose } from "../uploads/uploads";

export const COUPON_SORTS = ["createdAt", "name", "code", "start", "end"] as const;
export const COUPON_TYPES = ["firstTime", "one", "multi"] as const;
export const COUPON_STATUSES = ["active", "inactive"] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];
export const COUPON_DISCOUNT_TYPES = ["flat", "percentage"] as const;
export const COUPON_NAME_MAX = 50;
export const COUPON_CODE_MAX = 30;
export const COUPON_DESCRIPTION_MAX = 500;
/** spec 2 §9: the coupon-order panel shows 10 orders a page. */
export const COUPON_ORDERS_LIMIT = 10;
/** spec 2 §5 Coupon: an admin loads departments 10 at a time. */
export const COUPON_DEPARTMENTS_PAGE = 10;
/** spec 2 §5 Image upload: a coupon's image is a JPG or PNG under 10 MB (the catalogue image rule). */
export const COUPON_IMAGE_PURPOSE = "catalogueImage" satisfies UploadPurpose;

export type CouponDisplayStatus = "Expired" | "Published" | "Unpublished";

/** spec 2 §4 Coupon display status: Expired once the end is past; otherwise Published for active, else Unpublished. */
export function couponDisplayStatus(
  coupon: { status: string; end: string },
  now: Date = new Date(),
): CouponDisplayStatus {
  if (new Date(coupon.end).getTime() < now.getTime()) return "Expired";
  return coupon.status === "active" ? "Published" : "Unpublished";
}

/** ADR 0028: a coupon starts at 00:00:00 of its first day and ends at 23:59:59 of its last, Sydney time (contract/core/days.ts). */
export const couponStartAt = (day: string) => zoneInstant(day, "00:00:00");
export const couponEndAt = (day: string) => zoneInstant(day, "23:59:59");
