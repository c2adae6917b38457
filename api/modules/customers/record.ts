import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { CustomerRecord, Purchase } from "#contract/customers/customer-record-api";
import type { ListQuery } from "#contract/core/list";
import { orderLines, orders, users } from "#api/db/schema";
import type { Actor } from "#api/platform/auth/actor";
import type { Deps } from "#api/platform/deps";
import { notFound } from "#api/platform/http/http";
import { listPage } from "#api/platform/data/list";
import { toDollars } from "#api/platform/data/money";
import { reachesNoShop, shopScope } from "#api/platform/auth/tenancy";
import { shopPartOfOrderTotal } from "#api/platform/data/order-totals";
import { isCustomerOf } from "./known";

// The customer page's record and purchases (spec 2 §2 Customer detail, §3 Customer, Purchase; ADR 0035). A shop sees a
// customer only when the customer is a customer of the shop (`isCustomerOf`); anyone else is 404, like one that does
// not exist. Admins see every customer and every order.

/** WHERE: `column` names a live customer (endUser) whom this caller may see. */
export function visibleCustomer(actor: Actor, column: SQL | typeof users.id): SQL {
  const shopId = shopScope(actor);
  if (reachesNoShop(actor)) return sql`false`;
  return and(
    // `column` stays outside the sub-select, so it may be users.id of the outer query itself
    sql`${column} in (select ${users.id} from ${users} where ${users.role} = 'endUser' and ${users.deletedAt} is null)`,
    shopId ? isCustomerOf(shopId, column) : undefined,
  )!;
}

/** The customer `id` if the caller may see them; 404 otherwise (another shop's customer, not a customer, made up). */
export async function findCustomer(deps: Deps, actor: Actor, id: string) {
  const [row] = await deps.db
    .select()
    .from(users)
    .where(and(eq(users.id, id), visibleCustomer(actor, users.id)));
  if (!row) throw notFound();
  return row;
}

/** A customer as the customer page shows them (spec 2 §3 Customer). */
export const toCustomerRecord = (u: typeof users.$inferSelect): CustomerRecord => ({
  _id: u.id,
  fName: u.fName,
  lName: u.lName,
  email: u.email,
  image: u.image,
  mobile: u.mobile,
  countryCode: u.countryCode,
  countryFlag: u.countryFlag,
  gender: u.gender,
});

/** GET user/customer/{id} (spec 2 §3 Customer). */
export async function customerRecord(deps: Deps, actor: Actor, id: string): Promise<CustomerRecord> {
  return toCustomerRecord(await findCustomer(deps, actor, id));
}

/**
 * GET user/purchases (spec 2 §3 Purchase, §9: 10 a page): the customer's orders; owners and staff only those holding
 * lines of their shop, with only those lines and their part's total (as the orders console shows it, ADR 0031).
 */
export async function customerPurchases(deps: Deps, actor: Actor, q: ListQuery & { customerId: string }) {
  await findCustomer(deps, actor, q.customerId);
  const shopId = shopScope(actor);
  const ownLines = shopId
    ? sql`${orders.id} in (select ${orderLines.orderId} from ${orderLines} where ${orderLines.shopId} = ${shopId})`
    : undefined;
  const where = and(eq(orders.buyerId, q.customerId), isNull(orders.deletedAt), ownLines);
  const total = shopId ? shopPartOfOrderTotal(shopId) : orders.totalCents;
  const dir = q.sortType === "asc" ? asc : desc;
  const page = await listPage(
    q,
    ({ limit, offset }) =>
      deps.db
        .select({
          id: orders.id,
          orderNumber: orders.orderNumber,
          createdAt: orders.createdAt,
          totalCents: sql<number>`${total}`.mapWith(Number),
        })
        .from(orders)
        .where(where)
        .orderBy(dir(q.sort === "totalPrice" ? total : orders.createdAt), dir(orders.id))
        .limit(limit)
        .offset(offset),
    { db: deps.db, from: orders, where },
  );
  if (!page.data.length) return { ...page, data: [] as Purchase[] };
  const lines = await deps.db
    .select({
      id: orderLines.id,
      orderId: orderLines.orderId,
      productId: orderLines.productId,
      name: orderLines.productName,
      image: orderLines.image,
      quantity: orderLines.quantity,
      unitCents: orderLines.unitCents,
    })
    .from(orderLines)
    .where(
      and(
        inArray(
          orderLines.orderId,
          page.data.map((o) => o.id),
        ),
        shopId ? eq(orderLines.shopId, shopId) : undefined,
      ),
    )
    .orderBy(asc(orderLines.orderId), asc(orderLines.position), asc(orderLines.id));
  const data: Purchase[] = page.data.map((o) => {
    const own = lines.filter((l) => l.orderId === o.id);
    return {
      _id: o.id,
      orderId: o.orderNumber,
      createdAt: o.createdAt.toISOString(),
      totalPrice: toDollars(o.totalCents),
      products: own.map((l) => ({ _id: l.id, id: l.productId, quantity: l.quantity, price: toDollars(l.unitCents) })),
      productsData: Object.fromEntries(
        own.map((l) => [l.productId, { _id: l.productId, name: l.name, defaultImage: l.image }]),
      ),
    };
  });
  return { ...page, data };
}
