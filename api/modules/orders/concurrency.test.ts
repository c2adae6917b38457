import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import { coupons, orders, payments, products } from "#api/db/schema";
import { createUser } from "#api/db/seed/factories";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { testKit, type KitShop, type TestKit } from "../../../tests/factories";

// The money and stock rules under concurrent use. Run on PGlite and on PostgreSQL (DATABASE_URL),
// where the requests really run at once on separate connections.

let t: TestApi;
let kit: TestKit;
let shop: KitShop;
beforeAll(async () => {
  t = await testApi();
  kit = testKit(t);
  shop = await kit.shop();
});
afterAll(() => t.close());

const customers = (n: number) => Promise.all(Array.from({ length: n }, () => createUser(t.db, { role: "endUser" })));
const stockOf = async (id: string) =>
  (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0].stock;
const refusal = (r: PromiseSettledResult<unknown>) =>
  r.status === "rejected" ? (r.reason as Error).message : "placed";

describe("under concurrency", () => {
  it("100 concurrent orders for the last 10 units sell exactly 10, and the stock ends at 0", async () => {
    const p = await kit.product(shop, { stock: 10 });
    const buyers = await customers(100);
    const results = await Promise.allSettled(buyers.map((b) => kit.order(b, { lines: [{ product: p, quantity: 1 }] })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
    expect(new Set(results.filter((r) => r.status === "rejected").map(refusal))).toEqual(
      new Set([MSG.orderOutOfStock(1, p.name)]),
    );
    expect(await stockOf(p._id)).toBe(0);
    const placed = await t.db.select({ id: orders.id }).from(orders);
    expect(placed).toHaveLength(10);
  });

  it("100 concurrent redemptions of a coupon with quantity 10 succeed exactly 10 times", async () => {
    const p = await kit.product(shop, { price: 20, stock: 1000 });
    const coupon = await kit.coupon({ quantity: 10, code: "RUSH10" });
    const buyers = await customers(100);
    const results = await Promise.allSettled(
      buyers.map((b) => kit.order(b, { lines: [{ product: p, quantity: 1 }], couponCode: "RUSH10" })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
    expect(new Set(results.filter((r) => r.status === "rejected").map(refusal))).toEqual(new Set([MSG.couponUsedUp]));
    const [after] = await t.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(after.used).toBe(10);
    expect(await t.db.select({ id: orders.id }).from(orders).where(eq(orders.couponId, coupon.id))).toHaveLength(10);
    // the refused orders left their stock
    expect(await stockOf(p._id)).toBe(990);
  });

  it("one customer's concurrent orders with a once-per-customer coupon use it once", async () => {
    const p = await kit.product(shop, { price: 20, stock: 100 });
    await kit.coupon({ type: "one", code: "ONCEONLY" });
    const [buyer] = await customers(1);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => kit.order(buyer, { lines: [{ product: p }], couponCode: "ONCEONLY" })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });

  it("20 identical refund requests refund once", async () => {
    const p = await kit.product(shop, { price: 15, stock: 5 });
    const [buyer] = await customers(1);
    const o = await kit.order(buyer, { lines: [{ product: p, quantity: 2 }] });
    const body = { orderId: o._id, productsEntryId: [o.products[0]._id], reason: "Changed mind" };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => t.put("payment/refund", { cookie: shop.owner.cookie, body })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.message === MSG.lineAlreadyRefunded)).toBe(true);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    const refunds = (await t.db.select().from(payments).where(eq(payments.orderId, o._id))).filter(
      (x) => x.kind === "refund",
    );
    expect(refunds).toHaveLength(1);
    expect(await stockOf(p._id)).toBe(5);
  });

  it("a POST order retried at once with the same Idempotency-Key places one order", async () => {
    const p = await kit.product(shop, { stock: 20 });
    const buyer = await kit.customer();
    const token = await kit.customerToken(buyer);
    const send = () =>
      t.post("order", {
        headers: { authorization: `Bearer ${token}`, "idempotency-key": "tap-twice" },
        body: {
          orderType: "online",
          address: { address: "1 Kit Street", city: "Sydney" },
          lines: [{ productId: p._id, quantity: 3 }],
        },
      });
    const results = await Promise.all(Array.from({ length: 10 }, send));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(results.map((r) => r.body.data._id)).size).toBe(1);
    expect(await t.db.select({ id: orders.id }).from(orders).where(eq(orders.buyerId, buyer.id))).toHaveLength(1);
    expect(await stockOf(p._id)).toBe(17);
  });
});
