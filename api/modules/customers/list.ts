import { and, eq, exists, isNull, or, sql } from "drizzle-orm";
import { ALL_BUYERS } from "#contract/customers/customer-list";
import type { CustomerListQuery } from "#contract/customers/customer-list-api";
import { customerFigures, EVERY_SHOP, shopCustomers, users } from "#api/db/schema";
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
// every shop), kept by the database in `customer_figures` (ADR 0075): a shop's list is read from its customers' and
// figures' indexes in the order asked, so a page costs the same at 20 customers or 200,000.

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
  const person = and(
    nobody ? sql`false` : undefined,
    isNull(users.deletedAt),
    q.search ? userSearch(q.search) : undefined,
  );
  const where = and(person, shopId ? isCustomerOf(shopId, users.id) : everyCustomer);
  const figures = and(
    eq(customerFigures.shopId, shopId ?? EVERY_SHOP),
    eq(customerFigures.customerId, shopId ? shopCustomers.customerId : users.id),
  );
  // a shop's list is newest customer of the shop first; the admin's, newest account first
  const sorting = orderBy(
    q,
    {
      createdAt: shopId ? shopCustomers.createdAt : users.createdAt,
      fName: users.fName,
      email: users.email,
      orderCount: customerFigures.orderCount,
      spent: customerFigures.spentCents,
      lastOrderAt: customerFigures.lastOrderAt,
    },
    shopId ? shopCustomers.customerId : users.id,
  );
  const columns = {
    user: users,
    orderCount: customerFigures.orderCount,
    spentCents: customerFigures.spentCents,
    lastOrderAt: customerFigures.lastOrderAt,
  };
  const page = await listPage(
    q,
    ({ limit, offset }) =>
      (shopId
        ? deps.db
            .select(columns)
            .from(shopCustomers)
            .innerJoin(users, eq(users.id, shopCustomers.customerId))
            .innerJoin(customerFigures, figures)
            .where(and(eq(shopCustomers.shopId, shopId), person))
        : deps.db.select(columns).from(users).innerJoin(customerFigures, figures).where(where)
      )
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
      lastOrderAt: r.lastOrderAt && r.lastOrderAt !== "-infinity" ? new Date(r.lastOrderAt).toISOString() : null,
    })),
  };
}
