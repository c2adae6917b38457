import { and, eq, gte, isNull, lt, not, sql, type SQL } from "drizzle-orm";
import { MARKET_TIME_ZONE, addDays, daysBetween } from "#contract/core/days";
import { defaultStatsRange, type StatsType } from "#contract/shops/shop-stats";
import type { ShopStatsBody, ShopStatsRow } from "#contract/shops/shop-stats-api";
import { orderLines, orders } from "#api/db/schema";
import type { Actor } from "#api/platform/auth/actor";
import type { Deps } from "#api/platform/deps";
import { toDollars as dollars } from "#api/platform/data/money";
import { actingShop } from "#api/platform/auth/tenancy";

/** The zone as a literal (a constant of ours): a parameter would make each use a different expression to GROUP BY. */
const ZONE = sql.raw(`'${MARKET_TIME_ZONE.replace(/'/g, "")}'`);
/** The start of a day (YYYY-MM-DD) in the marketplace's zone, as an instant. */
const startOfDay = (day: string) => sql`(${day}::date)::timestamp at time zone ${ZONE}`;

const cents = (expression: SQL) => sql<number>`coalesce(sum(${expression}), 0)::bigint`.mapWith(Number);

/**
 * spec 1 §3 Shop statistics over the days from `start` to `end` (both whole days in the marketplace's zone), in SQL:
 * orderCount (orders with a line of the shop), sales (what its lines sold for after product and coupon discounts,
 * tax excluded), commission (the platform's), earnings (sales − commission: the lines' net amounts). Refunded lines
 * and deleted orders do not count. An admin sees the shop they name, or every shop; owners their own.
 */
export async function shopStats(
  deps: Deps,
  actor: Actor,
  type: StatsType,
  body: ShopStatsBody,
): Promise<ShopStatsRow[]> {
  const shopId = actingShop(actor, body.shopId);
  const fallback = defaultStatsRange(deps.now());
  const start = body.start ?? (body.end && body.end < fallback.start ? body.end : fallback.start);
  const end = body.end ?? (body.start && body.start > fallback.end ? body.start : fallback.end);
  const day = sql<string>`to_char((${orderLines.createdAt} at time zone ${ZONE})::date, 'YYYY-MM-DD')`;
  const figures = {
    orderCount: sql<number>`count(distinct ${orderLines.orderId})`.mapWith(Number),
    sales: cents(sql`${orderLines.lineCents} - ${orderLines.couponDiscountCents}`),
    commission: cents(sql`${orderLines.commissionCents}`),
    earnings: cents(sql`${orderLines.netAmountCents}`),
  };
  const where = and(
    shopId ? eq(orderLines.shopId, shopId) : undefined,
    not(orderLines.isRefunded),
    isNull(orders.deletedAt),
    gte(orderLines.createdAt, startOfDay(start)),
    lt(orderLines.createdAt, startOfDay(addDays(end, 1))),
  );
  const from = () =>
    deps.db
      .select({ day, ...figures })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(where);
  const row = (r: { orderCount: number; sales: number; commission: number; earnings: number }) => ({
    orderCount: r.orderCount,
    commission: dollars(r.commission),
    earnings: dollars(r.earnings),
    sales: dollars(r.sales),
  });

  if (type === "stats") {
    const [totals] = await deps.db
      .select(figures)
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(where);
    return [row(totals ?? { orderCount: 0, sales: 0, commission: 0, earnings: 0 })];
  }
  // one point per day, the days without sales included, so the chart's line is continuous
  const byDay = new Map((await from().groupBy(day)).map((r) => [r.day, r]));
  return Array.from({ length: daysBetween(start, end) }, (_, i) => {
    const d = addDays(start, i);
    return { _id: d, ...row(byDay.get(d) ?? { orderCount: 0, sales: 0, commission: 0, earnings: 0 }) };
  });
}
