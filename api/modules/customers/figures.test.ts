import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerFigures, EVERY_SHOP } from "#api/db/schema";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { testKit, type KitProduct, type KitShop, type TestKit } from "../../../tests/factories";

// The customers list's figures are kept by the database (ADR 0075): after every kind of change to a buyer's orders
// the kept rows equal a recount from the orders themselves, and concurrent orders of one buyer are all counted. Run on
// PGlite and on PostgreSQL (DATABASE_URL), where the orders really run at once on separate connections.

let t: TestApi;
let kit: TestKit;
let shopA: KitShop;
let shopB: KitShop;
let productA: KitProduct;
let productB: KitProduct;
beforeAll(async () => {
  t = await testApi();
  kit = testKit(t);
  shopA = await kit.shop({ name: "Figures A" });
  shopB = await kit.shop({ name: "Figures B" });
  productA = await kit.product(shopA, { price: 20, stock: 10_000 });
  productB = await kit.product(shopB, { price: 50, stock: 10_000 });
});
afterAll(() => t.close());

type Figures = { orderCount: number; spentCents: number; lastOrderAt: string | null };

/** The kept row of `buyerId` with `shopId` (EVERY_SHOP: every shop), '-infinity' read as no order. */
async function kept(shopId: string, buyerId: string): Promise<Figures | null> {
  const [row] = await t.db
    .select()
    .from(customerFigures)
    .where(and(eq(customerFigures.shopId, shopId), eq(customerFigures.customerId, buyerId)));
  if (!row) return null;
  const last = row.lastOrderAt === "-infinity" ? null : new Date(row.lastOrderAt).toISOString();
  return { orderCount: row.orderCount, spentCents: Number(row.spentCents), lastOrderAt: last };
}

/** The same figures counted from the orders (what the list computed before ADR 0075). */
async function recount(shopId: string, buyerId: string): Promise<Figures> {
  const shop = shopId === EVERY_SHOP ? sql`true` : sql`l.shop_id = ${shopId}`;
  const rows: unknown = await t.db.execute(sql`
    select count(distinct o.id)::int as "orderCount",
      coalesce(sum(l.line_cents + l.tax_cents - l.coupon_discount_cents - l.refunded_cents), 0)::bigint as "spentCents",
      max(o.created_at) as "lastOrderAt"
    from orders o join order_lines l on l.order_id = o.id
    where o.buyer_id = ${buyerId} and o.deleted_at is null and ${shop}`);
  const [row] = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as Record<string, unknown>[];
  return {
    orderCount: Number(row.orderCount),
    spentCents: Number(row.spentCents),
    lastOrderAt: row.lastOrderAt ? new Date(row.lastOrderAt as string).toISOString() : null,
  };
}

async function expectKeptEqualsRecount(buyerId: string) {
  for (const shopId of [EVERY_SHOP, shopA.id, shopB.id]) {
    const [k, r] = [await kept(shopId, buyerId), await recount(shopId, buyerId)];
    expect({ shopId, ...(k ?? { orderCount: 0, spentCents: 0, lastOrderAt: null }) }).toEqual({ shopId, ...r });
  }
}

describe("customer_figures", () => {
  it("follow a buyer's orders: placed with two shops, a line refunded, an order deleted", async () => {
    const buyer = await kit.customer();
    const first = await kit.order(buyer, {
      lines: [
        { product: productA, quantity: 2 },
        { product: productB, quantity: 1 },
      ],
    });
    await kit.order(buyer, { lines: [{ product: productA, quantity: 1 }] });
    expect(await kept(shopA.id, buyer.id)).toMatchObject({ orderCount: 2 });
    expect(await kept(shopB.id, buyer.id)).toMatchObject({ orderCount: 1 });
    expect(await kept(EVERY_SHOP, buyer.id)).toMatchObject({ orderCount: 2 });
    await expectKeptEqualsRecount(buyer.id);

    // the owner refunds the shop-A line of the first order: A's spend and every shop's fall, the counts stay
    const lineA = first.products.find((line) => line.shopId === shopA.id)!;
    const before = (await kept(shopA.id, buyer.id))!.spentCents;
    const refund = await t.put("payment/refund", {
      cookie: shopA.owner.cookie,
      body: { orderId: first._id, productsEntryId: [lineA._id], reason: "Damaged in transit" },
    });
    expect(refund.status, refund.text).toBe(200);
    expect((await kept(shopA.id, buyer.id))!.spentCents).toBeLessThan(before);
    await expectKeptEqualsRecount(buyer.id);

    // shop B refunds its line too, and the admin deletes the order (only a fully refunded one can be, ADR 0029): it no
    // longer counts with either shop
    const lineB = first.products.find((line) => line.shopId === shopB.id)!;
    const refundB = await t.put("payment/refund", {
      cookie: shopB.owner.cookie,
      body: { orderId: first._id, productsEntryId: [lineB._id], reason: "Damaged in transit" },
    });
    expect(refundB.status, refundB.text).toBe(200);
    await expectKeptEqualsRecount(buyer.id);
    const admin = await kit.admin();
    const gone = await t.delete(`order/${first._id}`, { cookie: admin.cookie });
    expect(gone.status, gone.text).toBe(200);
    expect(await kept(shopB.id, buyer.id)).toEqual({ orderCount: 0, spentCents: 0, lastOrderAt: null });
    expect(await kept(shopA.id, buyer.id)).toMatchObject({ orderCount: 1 });
    await expectKeptEqualsRecount(buyer.id);
  });

  it("a customer who never ordered has rows with no orders: every shop's from their account, a shop's once it knows them", async () => {
    const buyer = await kit.customer();
    const none = { orderCount: 0, spentCents: 0, lastOrderAt: null };
    expect(await kept(EVERY_SHOP, buyer.id)).toEqual(none);
    expect(await kept(shopA.id, buyer.id)).toBeNull();
    await t.db.execute(
      sql`insert into shop_customers (shop_id, customer_id, source) values (${shopA.id}, ${buyer.id}, 'registered')`,
    );
    expect(await kept(shopA.id, buyer.id)).toEqual(none);
    // so both lists show them, with no orders, last when sorted by the last order
    const admin = await kit.admin();
    for (const [cookie, buyerId] of [
      [admin.cookie, "all"],
      [shopA.owner.cookie, shopA.id],
    ]) {
      const res = await t.get("user/list", {
        cookie,
        query: { buyerId, sort: "lastOrderAt", sortType: "desc", limit: 100 },
      });
      expect(res.status).toBe(200);
      const rows = res.body.data as { _id: string; orderCount: number; lastOrderAt: string | null }[];
      expect(rows.find((r) => r._id === buyer.id)).toMatchObject({ orderCount: 0, lastOrderAt: null });
      expect(rows.findIndex((r) => r.lastOrderAt === null)).toBeGreaterThan(0);
      expect(rows.slice(rows.findIndex((r) => r.lastOrderAt === null)).every((r) => r.lastOrderAt === null)).toBe(true);
    }
  });

  it("count every change when one buyer's orders change at once: 20 placed, then all 20 refunded together", async () => {
    const buyer = await kit.customer();
    // a product each, so no stock row makes the orders wait for one another
    const products = await Promise.all(Array.from({ length: 20 }, () => kit.product(shopA, { price: 10, stock: 5 })));
    const placed = await Promise.all(
      products.map((product, i) => kit.order(buyer, { lines: [{ product, quantity: 1 + (i % 3) }] })),
    );
    expect(await kept(shopA.id, buyer.id)).toMatchObject({ orderCount: 20 });
    expect(await kept(EVERY_SHOP, buyer.id)).toMatchObject({ orderCount: 20 });
    await expectKeptEqualsRecount(buyer.id);
    // placing an order locks its buyer; refunds lock only their order, so these 20 really run at once
    const refunds = await Promise.all(
      placed.map((order) =>
        t.put("payment/refund", {
          cookie: shopA.owner.cookie,
          body: { orderId: order._id, productsEntryId: [order.products[0]._id], reason: "Changed mind" },
        }),
      ),
    );
    expect(refunds.map((r) => r.status)).toEqual(refunds.map(() => 200));
    expect(await kept(shopA.id, buyer.id)).toMatchObject({ orderCount: 20, spentCents: 0 });
    await expectKeptEqualsRecount(buyer.id);
  });
});
