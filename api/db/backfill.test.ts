import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { orderParts, shopCustomers } from "#api/db/schema";
import { migrationsFolder } from "#api/db/client";
import { testApi, type TestApi } from "../../tests/api-harness";
import { testKit } from "../../tests/factories";

// Migration 0011 fills in what POST order now writes beside an order (ADR 0033, 0034) for orders placed before it: each
// shop's part of the order and the buyer as a customer of each shop; 0016 then gives each part its order's buyer. Run
// on orders placed today, the two must rebuild exactly what placing wrote.

let t: TestApi;
beforeAll(async () => {
  t = await testApi();
});
afterAll(() => t.close());

const statements = (file: string) =>
  readFileSync(path.join(migrationsFolder, file), "utf8")
    .split("--> statement-breakpoint")
    .map((s) => s.trim())
    .filter(Boolean);
// 0011's rows, then 0016's backfill of their buyer (its other statements add the column, its key and its index)
const backfill = () => [
  ...statements("0011_backfill-order-parts-and-shop-customers.sql"),
  ...statements("0016_order-parts-buyer.sql").filter((s) => /^UPDATE /m.test(s)),
];

it("rebuilds the shops' parts of orders, with their buyer, and the shops' customers from the order lines, and runs twice harmlessly", async () => {
  const kit = testKit(t);
  const [a, b] = [await kit.shop(), await kit.shop()];
  const [pa, pb] = [await kit.product(a, { price: 12.5, stock: 9 }), await kit.product(b, { price: 7, stock: 9 })];
  const [x, y] = [await kit.customer(), await kit.customer()];
  await kit.order(x, { lines: [{ product: pa, quantity: 2 }, { product: pb }] });
  await kit.order(y, { lines: [{ product: pb, quantity: 3 }] });
  await kit.order(x, { lines: [{ product: pa }] });
  const parts = () => t.db.select().from(orderParts).orderBy(orderParts.orderId, orderParts.shopId);
  const customers = async () =>
    (await t.db.select().from(shopCustomers).orderBy(shopCustomers.shopId, shopCustomers.customerId)).map(
      ({ addedBy: _, ...row }) => row,
    );
  const [placedParts, placedCustomers] = [await parts(), await customers()];
  expect(placedParts).toHaveLength(4);
  expect(placedCustomers).toHaveLength(3);
  await t.db.execute(sql`delete from ${orderParts}`);
  await t.db.execute(sql`delete from ${shopCustomers}`);
  // as before 0016, the parts 0011 writes have no buyer until 0016 fills it in
  await t.db.execute(sql`alter table ${orderParts} alter column buyer_id drop not null`);
  for (const round of [1, 2]) {
    for (const statement of backfill()) await t.db.execute(sql.raw(statement));
    expect(await parts(), `round ${round}`).toEqual(placedParts);
    expect(await customers(), `round ${round}`).toEqual(placedCustomers);
  }
  await t.db.execute(sql`alter table ${orderParts} alter column buyer_id set not null`);
});
