import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import { categories, coupons, orders, products } from "#api/db/schema";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { testKit, type KitCustomer, type KitProduct, type KitShop, type TestKit } from "../../../tests/factories";
import { shareCents } from "./coupon";

// Coupon redemption in POST order.

let t: TestApi;
let kit: TestKit;
let shopA: KitShop;
let shopB: KitShop;
let buyer: KitCustomer;
let token: string;
let shirt: KitProduct; // $20, in the coupon's leaf, shop A
let otherShirt: KitProduct; // $30, in the coupon's leaf, shop B
let plain: KitProduct; // $40, another leaf, shop A
const DAY = 24 * 60 * 60 * 1000;
beforeAll(async () => {
  t = await testApi();
  kit = testKit(t);
  const c = await kit.catalogue();
  await t.db.update(categories).set({ tax: 10, commission: 10 }).where(eq(categories.id, c.leaf.id));
  shopA = await kit.shop();
  shopB = await kit.shop();
  shirt = await kit.product(shopA, { price: 20, stock: 100 });
  otherShirt = await kit.product(shopB, { price: 30, stock: 100 });
  plain = await kit.product(shopA, { price: 40, stock: 100, subcategory: c.plain.id, attr: {} });
  buyer = await kit.customer();
  token = await kit.customerToken(buyer);
});
afterAll(() => t.close());

const place = (lines: { productId: string; quantity?: number }[], couponCode?: string, who = token) =>
  t.post("order", {
    headers: { authorization: `Bearer ${who}` },
    body: {
      orderType: "online",
      address: { address: "1 Kit Street", city: "Sydney" },
      couponCode,
      lines: lines.map((l) => ({ quantity: 1, ...l })),
    },
  });
const usedOf = async (id: string) =>
  (await t.db.select({ used: coupons.used }).from(coupons).where(eq(coupons.id, id)))[0].used;
const stockOf = async (id: string) =>
  (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0].stock;
const fresh = async () => kit.customerToken(await kit.customer());

describe("redeeming a coupon in POST order", () => {
  it("shares a flat discount over the lines in its scope only, and counts one use", async () => {
    const c = await kit.coupon({ discountCents: 1000, minOrderCents: 4000 });
    const res = await place(
      [{ productId: shirt._id }, { productId: otherShirt._id }, { productId: plain._id }],
      c.code.toLowerCase(),
    );
    expect(res.status).toBe(201);
    const o = res.body.data;
    // in scope: 20 + 30 = 50 → $10 shared 4 / 6; the plain line is outside the coupon's sub-category
    expect(o.products.map((l: { couponDiscount: number }) => l.couponDiscount)).toEqual([4, 6, 0]);
    expect(o).toMatchObject({ couponCode: c.code, subtotal: 90, couponDiscount: 10, tax: 5, total: 90 + 5 - 10 });
    // commission on what the shop sold after the coupon: (20 − 4) × 10% = 1.60; net 20 − 4 − 1.60
    expect(o.products[0]).toMatchObject({ commission: 1.6, netAmount: 14.4 });
    expect(await usedOf(c.id)).toBe(1);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, o._id));
    expect(row.couponId).toBe(c.id);
  });

  it("takes a percentage of the lines in scope; a shop's coupon only its shop's lines", async () => {
    const c = await kit.coupon({
      discountType: "percentage",
      discountCents: null,
      discountPercent: 25,
      minOrderCents: 1000,
      shopId: shopB.id,
    });
    const res = await place(
      [{ productId: shirt._id }, { productId: otherShirt._id, quantity: 2 }],
      c.code,
      await fresh(),
    );
    expect(res.status).toBe(201);
    expect(res.body.data.products.map((l: { couponDiscount: number }) => l.couponDiscount)).toEqual([0, 15]);
  });

  it("refuses each broken rule with its message and leaves the stock and the uses alone", async () => {
    const now = Date.now();
    const cases: [Partial<typeof coupons.$inferInsert>, string, { productId: string }[]][] = [
      [{ status: "inactive" }, MSG.couponInactive, [{ productId: shirt._id }]],
      [
        { startAt: new Date(now + DAY), endAt: new Date(now + 2 * DAY) },
        MSG.couponNotStarted,
        [{ productId: shirt._id }],
      ],
      [{ startAt: new Date(now - 3 * DAY), endAt: new Date(now - DAY) }, MSG.couponExpired, [{ productId: shirt._id }]],
      [{}, MSG.couponOutOfScope, [{ productId: plain._id }]],
      [{ shopId: shopB.id }, MSG.couponOutOfScope, [{ productId: shirt._id }]],
      [
        { minOrderCents: 2500, discountCents: 500 },
        MSG.couponMinOrder("25.00"),
        [{ productId: shirt._id }, { productId: plain._id }],
      ],
      [{ quantity: 0 }, MSG.couponUsedUp, [{ productId: shirt._id }]],
    ];
    for (const [fields, message, lines] of cases) {
      const c = await kit.coupon(fields);
      const before = await stockOf(shirt._id);
      const res = await place(lines, c.code);
      expect({ fields, status: res.status, message: res.body.message }).toEqual({
        fields,
        status: message === MSG.couponUsedUp ? 409 : 400,
        message,
      });
      expect(await usedOf(c.id)).toBe(0);
      expect(await stockOf(shirt._id)).toBe(before);
    }
    const unknown = await place([{ productId: shirt._id }], "NOSUCHCODE");
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(MSG.couponInvalid);
  });

  it("firstTime: only on the customer's first order", async () => {
    const c = await kit.coupon({ type: "firstTime" });
    const who = await fresh();
    expect((await place([{ productId: shirt._id }], c.code, who)).status).toBe(201);
    const second = await place([{ productId: shirt._id }], c.code, who);
    expect(second.body.message).toBe(MSG.couponFirstTime);
    // a customer who has ordered before (without the coupon) is not on a first order either
    const other = await fresh();
    expect((await place([{ productId: shirt._id }], undefined, other)).status).toBe(201);
    expect((await place([{ productId: shirt._id }], c.code, other)).body.message).toBe(MSG.couponFirstTime);
    expect(await usedOf(c.id)).toBe(1);
  });

  it("one: once per customer; multi: at most `multi` times per customer, each customer counted apart", async () => {
    const once = await kit.coupon({ type: "one" });
    const who = await fresh();
    expect((await place([{ productId: shirt._id }], once.code, who)).status).toBe(201);
    expect((await place([{ productId: shirt._id }], once.code, who)).body.message).toBe(MSG.couponOnce);
    expect((await place([{ productId: shirt._id }], once.code, await fresh())).status).toBe(201);
    const twice = await kit.coupon({ type: "multi", multi: 2 });
    expect((await place([{ productId: shirt._id }], twice.code, who)).status).toBe(201);
    expect((await place([{ productId: shirt._id }], twice.code, who)).status).toBe(201);
    expect((await place([{ productId: shirt._id }], twice.code, who)).body.message).toBe(MSG.couponMulti(2));
    expect(await usedOf(twice.id)).toBe(2);
  });

  it("a flat discount never exceeds what is in scope, and the order's total never goes below its tax", async () => {
    const c = await kit.coupon({ discountCents: 2000, minOrderCents: 2000 });
    const res = await place([{ productId: shirt._id }], c.code, await fresh());
    expect(res.body.data).toMatchObject({ subtotal: 20, couponDiscount: 20, tax: 2, total: 2 });
  });
});

describe("shareCents", () => {
  it("shares to the cent, never more than a line's weight, summing to the total", () => {
    expect(shareCents(1000, [2000, 3000])).toEqual([400, 600]);
    const s = shareCents(299, [100, 100, 100]);
    expect(s.reduce((a, b) => a + b, 0)).toBe(299);
    s.forEach((x) => expect(x).toBeLessThanOrEqual(100));
    expect(shareCents(10, [0, 0])).toEqual([0, 0]);
  });
});
