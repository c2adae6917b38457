import { and, eq, exists, isNull, or, sql } from "drizzle-orm";
import { ALL_BUYERS } from "#contract/customers/customer-list";
import type { CustomerListQuery } from "#contract/customers/customer-list-api";
import { orderLines, orders, shopCustomers, users } from "#api/db/schema";
import { userEntity, userSearch } from "#api/modules/users";
import type { Actor } from "#api/platform/auth/actor";
import type { Deps } from "#api/platform/deps";
import { listPage, orderBy } from "#api/platform/data/list";
import { toDollars } from "#api/platform/data/money";
import { actingShop, reachesNoShop, shopScope } from "#api/platform/auth/tenancy";
import { isCustomerOf } from "./known";

// The customers list (spec 2 §2 Customers list; ADR 0034): GET user/list with buyerId. A shop's customers
// are the people of `shop_customers` (isCustomerOf, the one definition); an admin's "all" is every customer of the
// marketplace. Each row carries the person's orders, spend (less refunds) and last order with the shop (admins: with
// every shop), read by one LATERAL subquery over the indexes orders(buyer_id, created_at) and order_lines(order_id).

/** The shop whose customers are listed: 'all' is every shop an admin reaches (null) or the caller's own shop. */
function listedShop(actor: Actor, buyerId: string): string | null {
  if (buyerId === ALL_BUYERS) return shopScope(actor);
  return actingShop(actor, buyerId);
}

/** GET user/list?buyerId=…: one page of customers with their figures. */
export async function listCustomers(deps: Deps, actor: Actor, q: CustomerListQuery) {
  const shopId = listedShop(actor, q.buyerId);
  // owners and staff without a shop (cannot happen for a signed-in one) see nothing
  const nobody = reachesNoShop(actor);
  const everyCustomer = or(
    eq(users.role, "endUser"),
    exists(
      deps.db
        .select({ one: sql`1` })
        .from(shopCustomers)
        .where(eq(shopCustomers.customerId, users.id)),
    ),
  );
  const where = and(
    nobody ? sql`false` : undefined,
    isNull(users.deletedAt),
    shopId ? isCustomerOf(shopId, users.id) : everyCustomer,
    q.search ? userSearch(q.search) : undefined,
  );
  const figures = deps.db
    .select({
      orderCount: sql<number>`count(distinct ${orders.id})`.mapWith(Number).as("order_count"),
      spentCents:
        sql<number>`coalesce(sum(${orderLines.lineCents} + ${orderLines.taxCents} - ${orderLines.couponDiscountCents} - ${orderLines.refundedCents}), 0)`
          .mapWith(Number)
          .as("spent_cents"),
      lastOrderAt: sql<string | null>`max(${orders.createdAt})`.as("last_order_at"),
    })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(
      and(eq(orders.buyerId, users.id), isNull(orders.deletedAt), shopId ? eq(orderLines.shopId, shopId) : undefined),
    )
    .as("figures");
  // a shop's list is newest customer of the shop first; the admin's, newest account first
  const knownAt = shopId
    ? sql`(select ${shopCustomers.createdAt} from ${shopCustomers} where ${shopCustomers.shopId} = ${shopId} and ${shopCustomers.customerId} = ${users.id})`
    : users.createdAt;
  const sorting = orderBy(
    q,
    {
      createdAt: knownAt,
      fName: users.fName,
      email: users.email,
      orderCount: sql`${figures.orderCount}`,
      spent: sql`${figures.spentCents}`,
      lastOrderAt: sql`coalesce(${figures.lastOrderAt}, '-infinity'::timestamptz)`,
    },
    users.id,
  );
  const page = await listPage(
    q,
    ({ limit, offset }) =>
      deps.db
        .select({
          user: users,
          orderCount: figures.orderCount,
          spentCents: figures.spentCents,
          lastOrderAt: figures.lastOrderAt,
        })
        .from(users)
        .leftJoinLateral(figures, sql`true`)
        .where(where)
        .orderBy(...sorting)
        .limit(limit)
        .offset(offset),
    { db: deps.db, from: users, where },
  );
  return {
    ...page,
    data: page.data.map((r) => ({
      ...userEntity(r.user),
      orderCount: Number(r.orderCount ?? 0),
      spent: toDollars(Number(r.spentCents ?? 0)),
      lastOrderAt: r.lastOrderAt ? new Date(r.lastOrderAt).toISOString() : null,
    })),
  };
}
