import { and, count, eq, isNull, lt, sql } from "drizzle-orm";
import { MSG } from "#contract/core/messages";
import { coupons, orders } from "#api/db/schema";
import type { Deps } from "#api/platform/deps";
import { ApiError, fieldError } from "#api/platform/http/http";

// Coupon redemption inside POST order. Runs in the order's transaction AFTER the buyer's row
// is locked, so one customer's orders are placed one at a time and the per-customer rules (first order, once, at most
// `multi` times) cannot be raced; the uses left are taken with one conditional UPDATE (used < quantity), so any number
// of concurrent orders redeem a coupon at most `quantity` times in all.

/** What the coupon needs to know of a priced line. */
export interface ScopedLine {
  shopId: string;
  departmentId: string;
  categoryId: string;
  subcategoryId: string;
  lineCents: number;
}

const refuse = (message: string) => fieldError("couponCode", message);

/**
 * Shares `total` cents over `weights` in proportion, never giving a line more than its weight: each gets the floor
 * of its share, and the cents left go one each to the largest remainders.
 */
export function shareCents(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0 || total === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i] += 1;
    left -= 1;
  }
  return shares;
}

/**
 * Checks `code` for this buyer and these lines at `at`, takes one use, and answers the coupon and each line's share of
 * its discount (0 for lines outside its scope). Throws a 400 on `couponCode` naming the rule that refused it.
 */
export async function redeemCoupon(deps: Deps, buyerId: string, code: string, lines: ScopedLine[], at: Date) {
  const [coupon] = await deps.db
    .select()
    .from(coupons)
    .where(and(eq(coupons.code, code.trim().toUpperCase()), isNull(coupons.deletedAt)));
  if (!coupon) throw refuse(MSG.couponInvalid);
  if (coupon.status !== "active") throw refuse(MSG.couponInactive);
  if (at < coupon.startAt) throw refuse(MSG.couponNotStarted);
  if (at > coupon.endAt) throw refuse(MSG.couponExpired);
  const inScope = lines.map(
    (l) =>
      l.departmentId === coupon.departmentId &&
      l.categoryId === coupon.categoryId &&
      l.subcategoryId === coupon.subcategoryId &&
      (coupon.shopId === null || l.shopId === coupon.shopId),
  );
  const scopeCents = lines.reduce((sum, l, i) => sum + (inScope[i] ? l.lineCents : 0), 0);
  if (!inScope.some(Boolean)) throw refuse(MSG.couponOutOfScope);
  if (scopeCents < coupon.minOrderCents) throw refuse(MSG.couponMinOrder((coupon.minOrderCents / 100).toFixed(2)));

  // per customer: the buyer's row is locked by the caller, so these counts cannot change under us
  if (coupon.type === "firstTime") {
    const [{ n }] = await deps.db.select({ n: count() }).from(orders).where(eq(orders.buyerId, buyerId));
    if (n > 0) throw refuse(MSG.couponFirstTime);
  } else {
    const limit = coupon.type === "one" ? 1 : coupon.multi || null;
    if (limit !== null) {
      const [{ n }] = await deps.db
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.buyerId, buyerId), eq(orders.couponId, coupon.id)));
      if (n >= limit) throw refuse(coupon.type === "one" ? MSG.couponOnce : MSG.couponMulti(limit));
    }
  }

  const [taken] = await deps.db
    .update(coupons)
    .set({ used: sql`${coupons.used} + 1` })
    .where(
      and(
        eq(coupons.id, coupon.id),
        lt(coupons.used, coupons.quantity),
        eq(coupons.status, "active"),
        isNull(coupons.deletedAt),
      ),
    )
    .returning({ id: coupons.id });
  if (!taken) throw new ApiError(409, MSG.couponUsedUp, { errors: { couponCode: [MSG.couponUsedUp] } });

  const discount =
    coupon.discountType === "flat"
      ? Math.min(coupon.discountCents ?? 0, scopeCents)
      : Math.min(scopeCents, Math.round((scopeCents * (coupon.discountPercent ?? 0)) / 100));
  const scoped = lines.map((l, i) => (inScope[i] ? l.lineCents : 0));
  return { coupon: { id: coupon.id, code: coupon.code }, shares: shareCents(discount, scoped) };
}
