import { and, desc, eq, gte, isNull, lt, not, sql, type SQL } from "drizzle-orm";
import { MARKET_TIME_ZONE, addDays, daysBetween, zoneDay } from "#contract/core/days";
import { CAMPAIGN_REVENUE_DEFAULT_DAYS, CAMPAIGN_TOP_COUNT } from "#contract/campaigns/campaigns";
import type {
  CampaignCategorySales,
  CampaignStreamStats,
  CampaignTop,
  Revenue,
  RevenueQuery,
} from "#contract/campaigns/revenue-api";
import { categories, orderLines, orders, products, streams } from "#api/db/schema";
import type { Actor } from "#api/platform/auth/actor";
import type { Deps } from "#api/platform/deps";
import { campaignFor } from "./service";
import { toDollars } from "#api/platform/data/money";

// spec 3 §2 Revenue dashboard, §3 Revenue, §7 Revenue (ADR 0060): every figure is SQL over the orders placed during
// the campaign's live streams (`orders.campaign_id`), on the lines of the campaign's shop, refunded lines left out.

/** The zone as a literal (a constant of ours), so the day expression groups as one. */
const ZONE = sql.raw(`'${MARKET_TIME_ZONE.replace(/'/g, "")}'`);
const startOfDay = (day: string) => sql`(${day}::date)::timestamp at time zone ${ZONE}`;
const cents = (expression: SQL) => sql<number>`coalesce(sum(${expression}), 0)::bigint`.mapWith(Number);
const sale = cents(sql`${orderLines.lineCents} - ${orderLines.couponDiscountCents}`);
const profit = cents(sql`${orderLines.netAmountCents}`);

type Campaign = Awaited<ReturnType<typeof campaignFor>>;

/** The campaign's sold lines: its shop's, in its orders, not refunded. */
const campaignLines = (campaign: Campaign) =>
  and(
    eq(orders.campaignId, campaign.id),
    isNull(orders.deletedAt),
    eq(orderLines.shopId, campaign.shopId),
    not(orderLines.isRefunded),
  );

/** The range asked, within the campaign's days; by default the last 30 days up to today (spec 3 §2). */
function rangeOf(campaign: Campaign, q: RevenueQuery, today: string) {
  const first = campaign.startAt ? zoneDay(campaign.startAt) : null;
  const last = campaign.endAt ? zoneDay(campaign.endAt) : null;
  const within = (day: string) => (first && day < first ? first : last && day > last ? last : day);
  const end = within(q.end ?? today);
  const start = within(q.start ?? addDays(end, 1 - CAMPAIGN_REVENUE_DEFAULT_DAYS));
  return start <= end ? { start, end } : { start: end, end };
}

/** GET campaign/stats/{id}: revenue by day and in all over the range, of the type asked. */
export async function campaignRevenue(deps: Deps, actor: Actor, id: string, q: RevenueQuery): Promise<Revenue> {
  const campaign = await campaignFor(deps, actor, id);
  const { start, end } = rangeOf(campaign, q, zoneDay(deps.now()));
  const day = sql<string>`to_char((${orders.createdAt} at time zone ${ZONE})::date, 'YYYY-MM-DD')`;
  // ADR 0060: `total` is every sale of the campaign; `product` its promoted products' part, `stream` the rest.
  const promoted = sql`exists (select 1 from stream_products sp join streams s on s.id = sp.stream_id
    where s.campaign_id = ${campaign.id} and sp.product_id = ${orderLines.productId})`;
  const ofType =
    q.type === "total"
      ? campaignLines(campaign)
      : and(campaignLines(campaign), q.type === "product" ? promoted : not(promoted));
  const rows = await deps.db
    .select({ day, revenue: sale })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(ofType, gte(orders.createdAt, startOfDay(start)), lt(orders.createdAt, startOfDay(addDays(end, 1)))))
    .groupBy(day);
  const byDay = new Map(rows.map((r) => [r.day, r.revenue]));
  const revenueDateWise = Array.from({ length: daysBetween(start, end) }, (_, i) => {
    const d = addDays(start, i);
    return { _id: { createdAt: d }, revenue: toDollars(byDay.get(d) ?? 0) };
  });
  const total = rows.reduce((sum, r) => sum + r.revenue, 0);
  return { type: q.type, start, end, revenueDateWise, revenueTotal: { total: toDollars(total) } };
}

/** GET campaign/stats/streams/{id}: the stream and product stats card. */
export async function campaignStreamStats(deps: Deps, actor: Actor, id: string): Promise<CampaignStreamStats> {
  const campaign = await campaignFor(deps, actor, id);
  const count = (status?: string) =>
    sql<number>`count(*) filter (where ${status ? sql`${streams.status} = ${status} or ${streams.archiveStatus} = ${status}` : sql`true`})`.mapWith(
      Number,
    );
  const [audience] = await deps.db
    .select({
      streams: count(),
      live: count("broadcasting"),
      scheduled: count("created"),
      finished: count("finished"),
      viewers: sql<number>`coalesce(sum(${streams.viewersCount}), 0)::bigint`.mapWith(Number),
      likes: sql<number>`coalesce(sum(${streams.likes}), 0)::bigint`.mapWith(Number),
    })
    .from(streams)
    .where(and(eq(streams.campaignId, campaign.id), isNull(streams.deletedAt)));
  const [sold] = await deps.db
    .select({
      orders: sql<number>`count(distinct ${orderLines.orderId})`.mapWith(Number),
      productsSold: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::bigint`.mapWith(Number),
      sale,
      profit,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(campaignLines(campaign));
  return { ...audience, ...sold, sale: toDollars(sold.sale), profit: toDollars(sold.profit) };
}

/** GET campaign/stats/top-products-streams/{id}: the five products and the five streams that sold most. */
export async function campaignTop(deps: Deps, actor: Actor, id: string): Promise<CampaignTop> {
  const campaign = await campaignFor(deps, actor, id);
  const [byProduct, byStream] = await Promise.all([
    deps.db
      .select({
        id: products.id,
        name: products.name,
        defaultImage: products.defaultImage,
        quantity: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::bigint`.mapWith(Number),
        sale,
        profit,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .innerJoin(products, eq(products.id, orderLines.productId))
      .where(campaignLines(campaign))
      .groupBy(products.id)
      .orderBy(desc(sale), products.id)
      .limit(CAMPAIGN_TOP_COUNT),
    deps.db
      .select({ id: streams.id, name: streams.name, image: streams.image, viewersCount: streams.viewersCount, sale })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .innerJoin(streams, eq(streams.id, orders.streamId))
      .where(campaignLines(campaign))
      .groupBy(streams.id)
      .orderBy(desc(sale), streams.id)
      .limit(CAMPAIGN_TOP_COUNT),
  ]);
  return {
    topProductStream: byProduct.map((p) => ({
      _id: p.id,
      item: { name: p.name, defaultImage: p.defaultImage },
      quantity: p.quantity,
      sale: toDollars(p.sale),
      profit: toDollars(p.profit),
    })),
    topStreamData: byStream.map((s) => ({
      _id: s.id,
      item: { name: s.name, image: s.image, viewersCount: s.viewersCount },
      sale: toDollars(s.sale),
    })),
  };
}

/** GET campaign/stats/subcategory-wise-sales/{id}: the five sub-categories that sold most (the donut's slices). */
export async function campaignCategorySales(deps: Deps, actor: Actor, id: string): Promise<CampaignCategorySales> {
  const campaign = await campaignFor(deps, actor, id);
  const rows = await deps.db
    .select({ id: categories.id, name: categories.name, sale, profit })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(categories, eq(categories.id, orderLines.categoryId))
    .where(campaignLines(campaign))
    .groupBy(categories.id)
    .orderBy(desc(sale), categories.id)
    .limit(CAMPAIGN_TOP_COUNT);
  return {
    subcategoryBySale: rows.map((r) => ({
      _id: r.id,
      category: { name: r.name },
      sale: toDollars(r.sale),
      profit: toDollars(r.profit),
    })),
  };
}
