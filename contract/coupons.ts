// Client-safe constants and shapes of the coupons area (spec 2 §3 Coupon, Coupon order, Coupon stats; §4 Coupon
// display status); the zod schemas are in coupons-api.ts. ADR 0028.

import type { UploadPurpose } from "./uploads";
import type { z } from "./zod";
import type { couponEntitySchema, couponOrderSchema, couponOrderStatsSchema, couponStatsSchema } from "./coupons-api";

export const COUPON_SORTS = ["createdAt", "name", "code", "start", "end"] as const;
export const COUPON_TYPES = ["firstTime", "one", "multi"] as const;
export const COUPON_STATUSES = ["active", "inactive"] as const;
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
/** ADR 0028: a coupon's days are Australia/Sydney days (the platform's display zone, app/lib/format.ts). */
export const COUPON_TIME_ZONE = "Australia/Sydney";

export type CouponEntity = z.output<typeof couponEntitySchema>;
export type CouponOrder = z.output<typeof couponOrderSchema>;
export type CouponStats = z.output<typeof couponStatsSchema>;
export type CouponOrderStats = z.output<typeof couponOrderStatsSchema>;

export type CouponDisplayStatus = "Expired" | "Published" | "Unpublished";

/** spec 2 §4 Coupon display status: Expired once the end is past; otherwise Published for active, else Unpublished. */
export function couponDisplayStatus(coupon: { status: string; end: string }, now: Date = new Date()): CouponDisplayStatus {
  if (new Date(coupon.end).getTime() < now.getTime()) return "Expired";
  return coupon.status === "active" ? "Published" : "Unpublished";
}

/** The offset of `zone` from UTC at `instant`, in milliseconds. */
function zoneOffset(instant: Date, zone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant a Sydney wall-clock time `day` (YYYY-MM-DD) `time` (HH:MM:SS) happens. */
export function sydneyInstant(day: string, time: string): Date {
  const wall = new Date(`${day}T${time}Z`).getTime();
  // two passes settle the offset across a daylight-saving change
  let guess = wall - zoneOffset(new Date(wall), COUPON_TIME_ZONE);
  guess = wall - zoneOffset(new Date(guess), COUPON_TIME_ZONE);
  return new Date(guess);
}

/** The Sydney calendar day (YYYY-MM-DD) of an instant: what a date input shows for a stored start or end. */
export function sydneyDay(instant: string | Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: COUPON_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(instant));
}

/** ADR 0028: a coupon starts at 00:00:00 of its first day and ends at 23:59:59 of its last, Sydney time. */
export const couponStartAt = (day: string) => sydneyInstant(day, "00:00:00");
export const couponEndAt = (day: string) => sydneyInstant(day, "23:59:59");
