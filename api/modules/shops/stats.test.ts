import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import { defaultStatsRange } from "#contract/shops/shop-stats";
import { categories, orderLines, orders, shopCommissions } from "#api/db/schema";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { testKit, type Account, type KitShop, type TestKit } from "../../../tests/factories";

// POST shop/stats?type=stats|graph (spec 1 §3 Shop statistics, §7, §9): figures
// computed in SQL from the orders placed through the order service, per Sydney day; refunded lines do not count.

let t: TestApi;
let kit: TestKit;
let shopA: KitShop;
let shopB: KitShop;
let admin: Account;
let staffA: Account;
/** Sydney's 10:00 on a day, as an instant (00:00 UTC is 10:00 or 11:00 in Sydney: the same Sydney day either way) */
const on = (day: string) => new Date(`${day}T00:00:00Z`);
beforeAll(async () => {
  t = await testApi();
  kit = testKit(t);
  const c = await kit.catalogue();
  // tax 10 %, the leaf's commission 5 %; shop B pays 20 % on it
  await t.db.update(categories).set({ tax: 10, commission: 5 }).where(eq(categories.id, c.leaf.id));
  shopA = await kit.shop();
  shopB = await kit.shop();
  await t.db.insert(shopCommissions).values({ shopId: shopB.id, categoryId: c.leaf.id, percentage: 20 });
  admin = await kit.admin();
  staffA = await kit.staff(shopA, ["shop:edit-details", "order:status-edit"]);
  const shirtA = await kit.product(shopA, { price: 20, stock: 50 });
  const shirtB = await kit.product(shopB, { price: 40, stock: 50 });
  const buyer = await kit.customer();
  // 1 March: two orders, one of them with a line of each shop; 3 March: one order of shop A with 3 shirts
  await kit.order(buyer, { lines: [{ product: shirtA, quantity: 2 }], createdAt: on("2026-03-01") });
  await kit.order(buyer, { lines: [{ product: shirtA }, { product: shirtB }], createdAt: on("2026-03-01") });
  await kit.order(buyer, { lines: [{ product: shirtA, quantity: 3 }], createdAt: on("2026-03-03") });
  // 5 March: an order whose only line was refunded: it no longer counts
  const refunded = await kit.order(buyer, { lines: [{ product: shirtA }], createdAt: on("2026-03-05") });
  await t.db
    .update(orderLines)
    .set({ shopStatus: "Refunded", isRefunded: true, refundReason: "Damaged", refundedCents: 2000 })
    .where(eq(orderLines.orderId, refunded._id));
  // an order of 10 April, outside the ranges below
  await kit.order(buyer, { lines: [{ product: shirtA }], createdAt: on("2026-04-10") });
});
afterAll(() => t.close());

const stats = (cookie: string, type: string, body: Record<string, unknown> = {}) =>
  t.post("shop/stats", { cookie, query: { type }, body });
const MARCH = { start: "2026-03-01", end: "2026-03-07" };

describe("POST shop/stats?type=stats", () => {
  it("sums the owner's shop: orders with its lines, sales after discounts without tax, the platform's commission, and the rest as earnings", async () => {
    const res = await stats(shopA.owner.cookie, "stats", MARCH);
    expect(res.status).toBe(200);
    // shop A sold 2 + 1 + 3 shirts at $20 in 3 orders; commission 5 %
    expect(res.body.data).toEqual([{ orderCount: 3, sales: 120, commission: 6, earnings: 114 }]);
  });

  it("applies the shop's own commission on the leaf (shop B: 20 %)", async () => {
    const res = await stats(shopB.owner.cookie, "stats", MARCH);
    expect(res.body.data).toEqual([{ orderCount: 1, sales: 40, commission: 8, earnings: 32 }]);
  });

  it("counts whole Sydney days from the start of the first to the end of the last", async () => {
    const oneDay = await stats(shopA.owner.cookie, "stats", { start: "2026-03-03", end: "2026-03-03" });
    expect(oneDay.body.data).toEqual([{ orderCount: 1, sales: 60, commission: 3, earnings: 57 }]);
    // 23:30 in Sydney on 2 March is still 2 March there (12:30 UTC), so it is outside 3 March
    const late = await stats(shopA.owner.cookie, "stats", {
      start: "2026-03-02T12:30:00.000Z",
      end: "2026-03-02T12:30:00.000Z",
    });
    expect(late.body.data).toEqual([{ orderCount: 0, sales: 0, commission: 0, earnings: 0 }]);
  });

  it("lets an admin read one shop by shopId, or every shop without it", async () => {
    expect((await stats(admin.cookie, "stats", { ...MARCH, shopId: shopB.id })).body.data).toEqual([
      { orderCount: 1, sales: 40, commission: 8, earnings: 32 },
    ]);
    // 4 orders had a line of either shop; both shops' figures added
    expect((await stats(admin.cookie, "stats", MARCH)).body.data).toEqual([
      { orderCount: 3, sales: 160, commission: 14, earnings: 146 },
    ]);
  });

  it("defaults to the last 30 days, today included", async () => {
    const buyer = await kit.customer();
    const today = await kit.product(shopB, { price: 10, stock: 5 });
    await kit.order(buyer, { lines: [{ product: today }] });
    const res = await stats(shopB.owner.cookie, "graph");
    expect(res.status).toBe(200);
    const { start, end } = defaultStatsRange(new Date());
    expect(res.body.data).toHaveLength(30);
    expect(res.body.data[0]._id).toBe(start);
    expect(res.body.data.at(-1)).toEqual({ _id: end, orderCount: 1, sales: 10, commission: 2, earnings: 8 });
  });
});

describe("POST shop/stats?type=graph", () => {
  it("answers every day of the range, the days without sales as zeros", async () => {
    const res = await stats(shopA.owner.cookie, "graph", { start: "2026-03-01", end: "2026-03-05" });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { _id: "2026-03-01", orderCount: 2, sales: 60, commission: 3, earnings: 57 },
      { _id: "2026-03-02", orderCount: 0, sales: 0, commission: 0, earnings: 0 },
      { _id: "2026-03-03", orderCount: 1, sales: 60, commission: 3, earnings: 57 },
      { _id: "2026-03-04", orderCount: 0, sales: 0, commission: 0, earnings: 0 },
      // the refunded line's day
      { _id: "2026-03-05", orderCount: 0, sales: 0, commission: 0, earnings: 0 },
    ]);
  });
});

describe("rights and isolation", () => {
  it("keeps an owner to their own shop: naming another shop is 404, and the figures never include it", async () => {
    const res = await stats(shopA.owner.cookie, "stats", { ...MARCH, shopId: shopB.id });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(MSG.notFound);
  });

  it("refuses staff (the card is the owner's), customers and anonymous callers", async () => {
    expect((await stats(staffA.cookie, "stats", MARCH)).status).toBe(403);
    expect((await stats("", "stats", MARCH)).status).toBe(401);
    const customer = await kit.customer();
    const token = await kit.customerToken(customer);
    expect(
      (
        await t.post("shop/stats", {
          query: { type: "stats" },
          body: MARCH,
          headers: { authorization: `Bearer ${token}` },
        })
      ).status,
    ).toBe(401);
  });

  it("does not count a deleted order", async () => {
    const buyer = await kit.customer();
    const p = await kit.product(shopB, { price: 15, stock: 5 });
    const gone = await kit.order(buyer, { lines: [{ product: p }], createdAt: on("2026-02-10") });
    const before = await stats(shopB.owner.cookie, "stats", { start: "2026-02-10", end: "2026-02-10" });
    expect(before.body.data[0].orderCount).toBe(1);
    await t.db.update(orders).set({ deletedAt: new Date() }).where(eq(orders.id, gone._id));
    expect(
      (await stats(shopB.owner.cookie, "stats", { start: "2026-02-10", end: "2026-02-10" })).body.data[0].orderCount,
    ).toBe(0);
  });
});

describe("bad input", () => {
  it.each([
    ["no type", undefined, {}, MSG.statsType],
    ["another type", "pie", {}, MSG.statsType],
    ["a start that is no date", "stats", { start: "yesterday" }, MSG.statsStartInvalid],
    ["an impossible day", "stats", { end: "2026-02-30" }, MSG.statsEndInvalid],
    ["an end before the start", "stats", { start: "2026-03-05", end: "2026-03-01" }, MSG.statsRangeOrder],
    ["more than 3 years", "graph", { start: "2020-01-01", end: "2026-01-01" }, MSG.statsRangeMax],
  ])("refuses %s with a 400 and its message", async (_, type, body, message) => {
    const res = await t.post("shop/stats", { cookie: shopA.owner.cookie, query: type ? { type } : {}, body });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
  });
});
