import { and, eq, sql, type SQL } from "drizzle-orm";
import type { AnyColumn } from "drizzle-orm";
import { shopCustomers, SHOP_CUSTOMER_SOURCES } from "#api/db/schema";
import type { Deps } from "#api/platform/deps";

// Which shops know a customer (spec 2 §2 Customers list: the shop's customers are people who ordered from it or whom
// it registered, or who confirmed the shop's search with a texted code in the add flow). One row per shop and customer in `shop_customers`; this file is the only
// writer and the one definition of "a customer of this shop" that lists, records and isolation checks use.

export type ShopCustomerSource = (typeof SHOP_CUSTOMER_SOURCES)[number];

/** Records that `shopId` knows `customerIds` (no-op for a pair already known: the first source is kept). */
export async function rememberCustomers(
  db: Deps["db"],
  shopId: string,
  customerIds: string[],
  source: ShopCustomerSource,
  addedBy: string | null = null,
  at?: Date,
) {
  if (customerIds.length === 0) return;
  await db
    .insert(shopCustomers)
    .values(
      customerIds.map((customerId) => ({ shopId, customerId, source, addedBy, ...(at ? { createdAt: at } : {}) })),
    )
    .onConflictDoNothing();
}

/** A WHERE condition: the customer in `customerColumn` is a customer of `shopId`. */
export const isCustomerOf = (shopId: string, customerColumn: AnyColumn | SQL): SQL =>
  sql`exists (select 1 from ${shopCustomers} where ${and(eq(shopCustomers.shopId, shopId), sql`${shopCustomers.customerId} = ${customerColumn}`)})`;

/** Whether `shopId` already knows the customer `customerId`. */
export async function knowsCustomer(db: Deps["db"], shopId: string, customerId: string) {
  const [known] = await db
    .select({ one: sql`1` })
    .from(shopCustomers)
    .where(and(eq(shopCustomers.shopId, shopId), eq(shopCustomers.customerId, customerId)));
  return !!known;
}
