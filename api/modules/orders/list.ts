import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { addDays, zoneInstant } from "#contract/core/days";
import type { OrderExportQuery, OrderListQuery } from "#contract/orders/order-views-api";
import { orderStatus, type OrderLineStatus, type OrderListRow } from "#contract/orders/order-views";
import { orderLines, orderParts, orders, shops, users } from "#api/db/schema";
import type { Actor } from "#api/platform/auth/actor";
import type { Deps } from "#api/platform/deps";
import { listPage, orderBy } from "#api/platform/data/list";
import { toDollars } from "#api/platform/data/money";
import { reachesNoShop, shopScope } from "#api/platform/auth/tenancy";
import { userIndexedSearch } from "#api/modules/users";

// GET order/list (spec 2 §2 Order list, §7 Order): admins list every order; owners and staff the orders holding lines
// of their shop, each row's figures and status taken from those lines only. Admins' pages walk orders(created_at, id)
// and the other orders indexes; owners' and staff's walk their shop's parts of orders (order_parts, ADR 0033), whose
// indexes hold each sort; the filters are semi-joins on indexes (ADR 0031, 0033); the figures are read for the page's
// rows only.

/**
 * The filters; `buyers`: the customers the search finds, looked up before the orders (searchBuyers), or null when
 * they are too many to list (the search then stays a subquery).
 */
type Filters = Pick<OrderListQuery, "status" | "startDate" | "endDate" | "buyerId" | "campaign"> & {
  search?: string;
  buyers?: readonly string[] | null;
};

/** The most customers a search's ids are listed for: their orders are then taken by buyer and sorted (ADR 0033). */
export const FEW_BUYERS = 300;

/** "#123": an order id alone, no customer. */
const orderIdOnly = (term: string) => /^#\d{1,15}$/.test(term);

/** Customers whose name, e-mail or phone (the one phone rule of every list) holds the term, on trigram indexes (ADR 0033). */
const buyerMatch = userIndexedSearch;

/**
 * The search's customers looked up first. As a subquery, the planner cannot count them: the statements are prepared,
 * and once PostgreSQL settles on the statement's generic plan it no longer sees the term at all, so it takes the
 * matches for dense and walks every order (every part of the shop's) by date testing each buyer: 170 ms to 1 s at
 * 1,000,000 orders for a name such as "Liam Lee" (which also finds every "William Lee"), where taking those customers'
 * orders and sorting them costs 20–30 ms. Listed (up to FEW_BUYERS) as an array, the plan takes them by buyer whatever
 * their number; beyond, the search stays a subquery, which a broad term ("Jack") is right to walk by date.
 */
export async function searchBuyers<Q extends { search?: string }>(
  deps: Deps,
  q: Q,
): Promise<Q & Pick<Filters, "buyers">> {
  const term = q.search?.trim();
  if (!term || orderIdOnly(term)) return q;
  const found = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(buyerMatch(term))
    .limit(FEW_BUYERS + 1);
  return { ...q, buyers: found.length > FEW_BUYERS ? null : found.map((r) => r.id) };
}

/** The orders a shop has a part of. */
const partsOf = (shopId: string) =>
  sql`${orders.id} in (select ${orderParts.orderId} from ${orderParts} where ${orderParts.shopId} = ${shopId})`;

/** WHERE of the order list and its exports: tenancy, search (order id, customer name, e-mail, phone) and the filters. */
export function orderWhere(actor: Actor, q: Filters): SQL | undefined {
  // the shop whose part of each order the caller sees (null: an admin, every shop)
  const shopId = shopScope(actor);
  if (reachesNoShop(actor)) return sql`false`;
  return and(shopId ? partsOf(shopId) : undefined, orderFilters(shopId, q));
}

/**
 * The search and filters of the order list, inside the caller's orders (`shopId`: their shop, null for admins). The
 * date range is on `at`, and the search's customers on `buyerOf`: the order's created_at and buyer_id, or the same
 * values in the shop's part when that is what is walked.
 */
function orderFilters(
  shopId: string | null,
  q: Filters,
  at: AnyPgColumn = orders.createdAt,
  buyerOf: AnyPgColumn = orders.buyerId,
): SQL | undefined {
  const term = q.search?.trim();
  let search: SQL | undefined;
  if (term) {
    const digits = term.replace(/^#/, "");
    // listed: one array parameter, so the statement's text, and its cached plan, are the same for any number of them
    const buyer = (of: AnyPgColumn) =>
      q.buyers
        ? q.buyers.length
          ? sql`${of} = any(${sql.param([...q.buyers])}::text[])`
          : sql`false`
        : sql`${of} in (select ${users.id} from ${users} where ${buyerMatch(term)})`;
    const number = eq(orders.orderNumber, Number(digits));
    // "#123" is an order id alone; plain digits are an order id or part of a phone number: from 3 digits on, the
    // phone index finds few customers, so the two are looked up apart (an OR would walk every order)
    if (orderIdOnly(term)) search = number;
    else if (!/^\d{1,15}$/.test(digits)) search = buyer(buyerOf);
    else if (digits.length < 3) search = or(number, buyer(buyerOf));
    else
      search = sql`${orders.id} in (select ${orders.id} from ${orders} where ${number} union all select ${orders.id} from ${orders} where ${buyer(orders.buyerId)})`;
  }
  const status = q.status
    ? sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.shopStatus} = ${q.status}${shopId ? sql` and ${orderLines.shopId} = ${shopId}` : sql``})`
    : undefined;
  return and(
    isNull(orders.deletedAt),
    search,
    status,
    q.startDate ? gte(at, zoneInstant(q.startDate)) : undefined,
    q.endDate ? lt(at, zoneInstant(addDays(q.endDate, 1))) : undefined,
    q.buyerId ? eq(orders.buyerId, q.buyerId) : undefined,
    // the orders placed during the campaign's live streams (ADR 0060)
    q.campaign ? eq(orders.campaignId, q.campaign) : undefined,
  );
}

const orderColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  createdAt: orders.createdAt,
  orderType: orders.orderType,
  address: orders.address,
  city: orders.city,
  subtotalCents: orders.subtotalCents,
  taxCents: orders.taxCents,
  couponDiscountCents: orders.couponDiscountCents,
  totalCents: orders.totalCents,
  refundedCents: orders.refundedCents,
  buyerId: users.id,
  fName: users.fName,
  lName: users.lName,
  email: users.email,
  mobile: users.mobile,
  countryCode: users.countryCode,
  image: users.image,
  role: users.role,
};

/** The orders of one page with their buyers (no figures yet). */
export const selectOrders = (deps: Deps) =>
  deps.db.select(orderColumns).from(orders).innerJoin(users, eq(users.id, orders.buyerId));
type OrderRecord = Awaited<ReturnType<ReturnType<typeof selectOrders>["execute"]>>[number];

/**
 * The list rows of these orders: for admins the order's own figures and every shop's name; for owners and staff the
 * sums of their shop's lines. One query over the lines of the page's orders (order_lines_order_idx).
 */
export async function orderRows(deps: Deps, actor: Actor, records: OrderRecord[]): Promise<OrderListRow[]> {
  if (!records.length) return [];
  const shopId = shopScope(actor);
  const lines = await deps.db
    .select({
      orderId: orderLines.orderId,
      shopName: shops.name,
      shopStatus: orderLines.shopStatus,
      lineCents: orderLines.lineCents,
      taxCents: orderLines.taxCents,
      couponDiscountCents: orderLines.couponDiscountCents,
      refundedCents: orderLines.refundedCents,
    })
    .from(orderLines)
    .innerJoin(shops, eq(shops.id, orderLines.shopId))
    .where(
      and(
        inArray(
          orderLines.orderId,
          records.map((r) => r.id),
        ),
        shopId ? eq(orderLines.shopId, shopId) : undefined,
      ),
    )
    .orderBy(asc(orderLines.orderId), asc(orderLines.position), asc(orderLines.id));
  const byOrder = new Map<string, typeof lines>();
  for (const line of lines) byOrder.set(line.orderId, [...(byOrder.get(line.orderId) ?? []), line]);
  return records.map((r) => {
    const own = byOrder.get(r.id) ?? [];
    const sum = (pick: (l: (typeof lines)[number]) => number) => own.reduce((n, l) => n + pick(l), 0);
    const subtotal = shopId ? sum((l) => l.lineCents) : r.subtotalCents;
    const tax = shopId ? sum((l) => l.taxCents) : r.taxCents;
    const couponDiscount = shopId ? sum((l) => l.couponDiscountCents) : r.couponDiscountCents;
    return {
      _id: r.id,
      orderId: r.orderNumber,
      createdAt: r.createdAt.toISOString(),
      orderType: r.orderType,
      address: { address: r.address, city: r.city },
      buyerId: {
        _id: r.buyerId,
        fName: r.fName,
        lName: r.lName,
        email: r.email,
        mobile: r.mobile,
        countryCode: r.countryCode,
        image: r.image,
        role: r.role,
      },
      shoplist: [...new Set(own.map((l) => l.shopName))],
      status: orderStatus(own.map((l) => l.shopStatus as OrderLineStatus)),
      subtotal: toDollars(subtotal),
      tax: toDollars(tax),
      couponDiscount: toDollars(couponDiscount),
      total: toDollars(shopId ? subtotal + tax - couponDiscount : r.totalCents),
      refunded: toDollars(shopId ? sum((l) => l.refundedCents) : r.refundedCents),
      lineCount: own.length,
    };
  });
}

/**
 * A status filter read from the lines in that status (of the caller's shop for owners and staff) in date order (newest
 * first; oldest first when the list is sorted by date ascending), on order_lines(shop_status, created_at, order_id) or
 * (shop_status, shop_id, created_at, order_id), each order once (DISTINCT ON), joined to its order, which the other
 * filters test. A line's created_at is its order's (POST order writes both with the same instant, and neither
 * changes), so this is the order of (orders.created_at, orders.id) and a date range bounds the walk. It gives the page
 * sorted by date, and the capped count of every sort (ADR 0012): walking the orders and probing their lines instead
 * reads every order before the first (or the 1,001st) in that status, and statuses follow age, so the newest Delivered
 * order is thousands of orders back (ADR 0033, addendum). The page of the other sorts keeps the semi-join on its index.
 */
function byStatus(shopId: string | null, q: OrderListQuery & { status: OrderLineStatus }) {
  const dir = q.sortType === "asc" && q.sort === "createdAt" ? asc : desc;
  const lines = and(
    eq(orderLines.shopStatus, q.status),
    shopId ? eq(orderLines.shopId, shopId) : undefined,
    q.startDate ? gte(orderLines.createdAt, zoneInstant(q.startDate)) : undefined,
    q.endDate ? lt(orderLines.createdAt, zoneInstant(addDays(q.endDate, 1))) : undefined,
  );
  const ofOrder = orderFilters(shopId, { ...q, status: undefined, startDate: undefined, endDate: undefined });
  return {
    on: [orderLines.createdAt, orderLines.orderId],
    lines,
    ofOrder,
    where: and(lines, ofOrder),
    sort: [dir(orderLines.createdAt), dir(orderLines.orderId)],
  };
}

/**
 * The orders of a search's listed customers with every other filter, read in full before the page is sorted: a
 * materialized CTE, whose rows carry the sort keys, so no index can give the page's order. Given an index's order
 * instead, PostgreSQL walks it and tests each order's buyer, expecting the few hundred customers' orders to be spread
 * evenly; they are not (customers come and go), and a shop's walk read 140,000 of its parts to find ten (500–800 ms at
 * 1,000,000 orders). Admins' are found by buyer on orders(buyer_id, created_at) (`where`: orderWhere). An owner's or
 * staff member's are their shop's parts of those customers' orders, read with their sort keys from
 * order_parts(shop_id, buyer_id, ...) alone, each joined to its order only for the filters the order holds (deleted,
 * status, buyerId), as their page does. Taking all the customers' orders and probing each for a part of the shop
 * read twice as many orders as the shop has parts of, and probed each: 63 ms p95 at 1,000,000 orders for a name that
 * 80–170 customers share, against 31 ms this way (ADR 0033, last addendum).
 */
function buyersFirst(shopId: string | null, where: SQL | undefined, q: Filters & Pick<OrderListQuery, "sort">) {
  const picked = shopId
    ? sql`select ${orderParts.orderId} as id, ${orderParts.createdAt} as created_at, ${orderParts.orderNumber} as order_number, ${orderParts.totalCents} as total_cents from ${orderParts} inner join ${orders} on ${orders.id} = ${orderParts.orderId} where ${and(eq(orderParts.shopId, shopId), orderFilters(shopId, q, orderParts.createdAt, orderParts.buyerId))}`
    : sql`select ${orders.id} as id, ${orders.createdAt} as created_at, ${orders.orderNumber} as order_number, ${orders.totalCents} as total_cents from ${orders} where ${where}`;
  const rows = sql`(with picked as materialized (${picked}) select * from picked) as picked`;
  const col = {
    id: sql`picked.id`,
    createdAt: sql`picked.created_at`,
    orderId: sql`picked.order_number`,
    total: sql`picked.total_cents`,
  };
  return { rows, col };
}

/** GET order/list */
export async function listOrders(deps: Deps, actor: Actor, query: OrderListQuery) {
  const q = await searchBuyers(deps, query);
  const where = orderWhere(actor, q);
  const shopId = shopScope(actor);
  // an owner's or staff member's page: their shop's parts of orders in the order of the sort, each with its order
  const fetch = shopId
    ? ({ limit, offset }: { limit: number; offset: number }) =>
        selectOrders(deps)
          .innerJoin(orderParts, and(eq(orderParts.orderId, orders.id), eq(orderParts.shopId, shopId)))
          .where(orderFilters(shopId, q, orderParts.createdAt))
          .orderBy(
            ...orderBy(
              q,
              { createdAt: orderParts.createdAt, orderId: orderParts.orderNumber, total: orderParts.totalCents },
              orderParts.orderId,
            ),
          )
          .limit(limit)
          .offset(offset)
    : ({ limit, offset }: { limit: number; offset: number }) =>
        selectOrders(deps)
          .where(where)
          .orderBy(
            ...orderBy(
              q,
              { createdAt: orders.createdAt, orderId: orders.orderNumber, total: orders.totalCents },
              orders.id,
            ),
          )
          .limit(limit)
          .offset(offset);
  // a search's listed customers: their orders, whatever else filters them, taken first and sorted
  const listed = q.buyers?.length ? buyersFirst(shopId, where, q) : null;
  // a status filter: its page by date, and its capped count for every sort, read from the lines in that status
  const walk = !listed && q.status && !reachesNoShop(actor) ? byStatus(shopId, { ...q, status: q.status }) : null;
  const page = await listPage(
    q,
    listed
      ? ({ limit, offset }) =>
          selectOrders(deps)
            .innerJoin(listed.rows, sql`${listed.col.id} = ${orders.id}`)
            .orderBy(...orderBy(q, listed.col, orders.id))
            .limit(limit)
            .offset(offset)
      : walk && q.sort === "createdAt"
        ? ({ limit, offset }) =>
            deps.db
              .selectDistinctOn(walk.on, orderColumns)
              .from(orderLines)
              .innerJoin(orders, eq(orders.id, orderLines.orderId))
              .innerJoin(users, eq(users.id, orders.buyerId))
              .where(walk.where)
              .orderBy(...walk.sort)
              .limit(limit)
              .offset(offset)
        : fetch,
    {
      db: deps.db,
      from: orders,
      where,
      // each order of the walk once, then its order tested: one probe of orders per order, not per line
      read: listed
        ? (limit) =>
            deps.db
              .select({ one: sql`1` })
              .from(listed.rows)
              .limit(limit)
        : walk
          ? (limit) => {
              const walked = deps.db
                .selectDistinctOn(walk.on, { orderId: orderLines.orderId })
                .from(orderLines)
                .where(walk.lines)
                .orderBy(...walk.sort)
                .as("walked");
              return deps.db
                .select({ one: sql`1` })
                .from(walked)
                .innerJoin(orders, eq(orders.id, walked.orderId))
                .where(walk.ofOrder)
                .limit(limit);
            }
          : // an owner's or staff member's date range: counted on their shop's parts in that range
            // (order_parts(shop_id, created_at, order_id)), not on every order of those days probed for a part of the shop
            shopId && (q.startDate || q.endDate)
            ? (limit) =>
                deps.db
                  .select({ one: sql`1` })
                  .from(orderParts)
                  .innerJoin(orders, eq(orders.id, orderParts.orderId))
                  .where(and(eq(orderParts.shopId, shopId), orderFilters(shopId, q, orderParts.createdAt)))
                  .limit(limit)
            : undefined,
    },
  );
  return { ...page, data: await orderRows(deps, actor, page.data) };
}

/**
 * The filtered orders in batches for the exports, newest first (or oldest with sortType asc), by keyset on
 * (created_at, id) so the millionth row costs what the first did (ADR 0031).
 */
export async function* orderBatches(
  deps: Deps,
  actor: Actor,
  query: OrderExportQuery,
  batch = 500,
  max = Number.POSITIVE_INFINITY,
) {
  const q = await searchBuyers(deps, query);
  const where = orderWhere(actor, q);
  const ascending = q.sortType === "asc";
  const dir = ascending ? asc : desc;
  let after: string | null = null;
  let sent = 0;
  while (sent < max) {
    // the last row's own (created_at, id), read in SQL: a JS Date would lose the microseconds and skip rows
    const last: SQL = sql`(select ${orders.createdAt}, ${orders.id} from ${orders} where ${orders.id} = ${after})`;
    const cursor: SQL | undefined = after
      ? ascending
        ? sql`(${orders.createdAt}, ${orders.id}) > ${last}`
        : sql`(${orders.createdAt}, ${orders.id}) < ${last}`
      : undefined;
    const size = Math.min(batch, max - sent);
    const records = await selectOrders(deps)
      .where(and(where, cursor))
      .orderBy(dir(orders.createdAt), dir(orders.id))
      .limit(size);
    if (!records.length) return;
    yield await orderRows(deps, actor, records);
    sent += records.length;
    if (records.length < size) return;
    after = records[records.length - 1].id;
  }
}
