import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { MSG } from "#contract/core/messages";
import { ORDER_LINE_STATUSES } from "#contract/orders/order-views";
import { hostPart } from "#api/modules/uploads";
import {
  coupons,
  customerNotes,
  orderLines,
  orderNotes,
  orders,
  payments,
  products,
  productVariations,
  shopCustomers,
  shopStaff,
  shops,
  smsOutbox,
  streamProducts,
  streams,
  users,
  wishlistItems,
} from "#api/db/schema";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { seedDemo } from "./index";
import { FIXED_PRODUCTS } from "./products";
import { DEMO_ORDERS, LIVE_STREAM_ORDERS } from "./orders";

const ORDERS = Math.ceil(DEMO_ORDERS / 5);

// The demo seed's data: what its orders, coupons and customers hold.

let t: TestApi;
let seconds = 0;
let seededAt: Date;
let allOrders: (typeof orders.$inferSelect)[];
let lines: (typeof orderLines.$inferSelect)[];
beforeAll(async () => {
  t = await testApi();
  seededAt = new Date();
  const started = performance.now();
  // a fifth of the demo's orders (DEMO_ORDERS, what `npm start` places): the same mix, in a fifth of the time
  await seedDemo(t.db, { storage: t.deps.storage, host: hostPart(t.deps, undefined) }, { orders: ORDERS });
  seconds = (performance.now() - started) / 1000;
  allOrders = await t.db.select().from(orders);
  lines = await t.db.select().from(orderLines);
}, 1_800_000);
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;

describe("demo orders", () => {
  it("places its orders (the demo: over 5,000) within the last 12 months, online and offline, in every shop that sells", async () => {
    console.info(`demo seed took ${seconds.toFixed(1)} s; ${allOrders.length} orders, ${lines.length} lines`);
    // the demo places over 5,000; this test places a fifth of them, every one through the order service
    expect(DEMO_ORDERS).toBeGreaterThanOrEqual(5000);
    // and the live stream's orders so far
    // (the campaign streams' orders besides: campaigns.test.ts)
    expect(allOrders.filter((o) => o.campaignId === null)).toHaveLength(ORDERS + LIVE_STREAM_ORDERS);
    const yearAgo = new Date(seededAt.getTime() - 365 * DAY);
    expect(allOrders.every((o) => o.createdAt >= yearAgo && o.createdAt <= new Date())).toBe(true);
    // spread over the year, not bunched: every one of the last 12 months has orders
    const months = new Set(allOrders.map((o) => Math.floor((seededAt.getTime() - o.createdAt.getTime()) / (30 * DAY))));
    for (let m = 0; m < 12; m++) expect(months.has(m), `orders ${m} months ago`).toBe(true);
    expect(new Set(allOrders.map((o) => o.orderType))).toEqual(new Set(["online", "offline"]));
    const approved = await t.db.select({ id: shops.id }).from(shops).where(eq(shops.status, "Approved"));
    for (const s of approved) expect(lines.filter((l) => l.shopId === s.id).length).toBeGreaterThan(300);
    // orders with lines of more than one shop
    const shopsPerOrder = new Map<string, Set<string>>();
    for (const l of lines)
      (shopsPerOrder.get(l.orderId) ?? shopsPerOrder.set(l.orderId, new Set()).get(l.orderId)!).add(l.shopId);
    expect([...shopsPerOrder.values()].filter((s) => s.size > 1).length).toBeGreaterThan(50);
  });

  it("is bought by many demo customers (endUsers the mobile app can sign in), each order's buyer a customer of its shops", async () => {
    const buyers = new Set(allOrders.map((o) => o.buyerId));
    expect(buyers.size).toBeGreaterThanOrEqual(150);
    const people = await t.db
      .select()
      .from(users)
      .where(inArray(users.id, [...buyers]));
    expect(people.every((u) => u.role === "endUser" && u.deletedAt === null)).toBe(true);
    const known = await t.db.select().from(shopCustomers);
    const pairs = new Set(known.map((k) => `${k.shopId}/${k.customerId}`));
    const buyerOf = new Map(allOrders.map((o) => [o.id, o.buyerId]));
    expect(lines.every((l) => pairs.has(`${l.shopId}/${buyerOf.get(l.orderId)}`))).toBe(true);
    // a demo customer asks for a sign-in code at the customers' door and gets one
    const someone = people.find((u) => u.mobile?.startsWith("413"))!;
    const sent = await t.post("auth/send-otp/customer", {
      body: { countryFlag: "AU", mobile: someone.mobile },
      headers: { "x-forwarded-for": "192.0.2.50" },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(MSG.otpSentIfCustomer);
    // the answer is the same for unknown numbers: the code in the outbox is what says they have an account (the code is
    // issued and texted after the answer, so that both answers take the same time)
    await t.deps.sms.settled();
    const texts = await t.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.to, `+61${someone.mobile}`));
    expect(texts.filter((m) => m.otpId && /\b\d{6}\b/.test(m.body))).toHaveLength(1);
  });

  it("has every line status, reached in order: today's orders open, last week's on their way, older ones delivered", () => {
    const statuses = new Set(lines.map((l) => l.shopStatus));
    expect([...statuses].sort()).toEqual([...ORDER_LINE_STATUSES].sort());
    const placed = new Map(allOrders.map((o) => [o.id, o.createdAt]));
    const old = lines.filter((l) => seededAt.getTime() - placed.get(l.orderId)!.getTime() > 30 * DAY && !l.isRefunded);
    expect(old.filter((l) => l.shopStatus === "Delivered").length / old.length).toBeGreaterThan(0.95);
    // a line changed after it was placed, never before
    expect(lines.every((l) => l.updatedAt >= placed.get(l.orderId)!)).toBe(true);
  });

  it("has order totals equal to their lines", () => {
    const byOrder = new Map<string, (typeof orderLines.$inferSelect)[]>();
    for (const l of lines) (byOrder.get(l.orderId) ?? byOrder.set(l.orderId, []).get(l.orderId)!).push(l);
    for (const o of allOrders) {
      const own = byOrder.get(o.id) ?? [];
      const sum = (pick: (l: (typeof lines)[number]) => number) => own.reduce((s, l) => s + pick(l), 0);
      expect(own.length).toBeGreaterThan(0);
      expect([o.subtotalCents, o.taxCents, o.couponDiscountCents, o.commissionCents, o.refundedCents]).toEqual([
        sum((l) => l.lineCents),
        sum((l) => l.taxCents),
        sum((l) => l.couponDiscountCents),
        sum((l) => l.commissionCents),
        sum((l) => l.refundedCents),
      ]);
      expect(o.totalCents).toBe(o.subtotalCents + o.taxCents - o.couponDiscountCents);
      expect(
        own.every(
          (l) =>
            l.lineCents === l.unitCents * l.quantity &&
            l.netAmountCents === l.lineCents - l.couponDiscountCents - l.commissionCents,
        ),
      ).toBe(true);
    }
  });

  it("records every capture and refund in the payments ledger: some refunds, each line at most once", async () => {
    const ledger = await t.db.select().from(payments);
    expect(ledger.every((p) => p.provider === "ledger")).toBe(true);
    const captures = ledger.filter((p) => p.kind === "capture");
    expect(captures.length).toBe(allOrders.length);
    const total = new Map(allOrders.map((o) => [o.id, o.totalCents]));
    expect(captures.every((c) => c.amountCents === total.get(c.orderId))).toBe(true);
    const refunds = ledger.filter((p) => p.kind === "refund");
    const refunded = lines.filter((l) => l.isRefunded);
    expect(refunds.length).toBeGreaterThanOrEqual(ORDERS / 100);
    expect(refunds.flatMap((r) => r.lineIds ?? []).sort()).toEqual(refunded.map((l) => l.id).sort());
    expect(refunds.reduce((s, r) => s + r.amountCents, 0)).toBe(refunded.reduce((s, l) => s + l.refundedCents, 0));
    expect(refunds.every((r) => r.reason && r.createdBy)).toBe(true);
    expect(
      refunded.every(
        (l) =>
          l.shopStatus === "Refunded" &&
          l.refundReason &&
          l.refundedCents === l.lineCents - l.couponDiscountCents + l.taxCents,
      ),
    ).toBe(true);
  });

  it("has coupons of every type and state, the platform's and shops', flat and percentage, used within their rules", async () => {
    const all = await t.db.select().from(coupons).where(isNull(coupons.deletedAt));
    const now = new Date();
    const state = (c: (typeof all)[number]) =>
      c.endAt < now ? "Expired" : c.status === "active" ? "Published" : "Unpublished";
    expect(new Set(all.map((c) => c.type))).toEqual(new Set(["firstTime", "one", "multi"]));
    expect(new Set(all.map(state))).toEqual(new Set(["Published", "Unpublished", "Expired"]));
    expect(new Set(all.map((c) => c.discountType))).toEqual(new Set(["flat", "percentage"]));
    expect(all.some((c) => c.shopId === null) && all.some((c) => c.shopId !== null)).toBe(true);
    const withCoupon = allOrders.filter((o) => o.couponId);
    const usedBy = (c: (typeof all)[number]) => withCoupon.filter((o) => o.couponId === c.id);
    // every type and every state has coupons that were redeemed, and `used` counts the orders that redeemed each
    for (const type of ["firstTime", "one", "multi"])
      expect(
        all.some((c) => c.type === type && usedBy(c).length > 0),
        type,
      ).toBe(true);
    for (const s of ["Published", "Unpublished", "Expired"])
      expect(
        all.some((c) => state(c) === s && usedBy(c).length > 0),
        s,
      ).toBe(true);
    for (const c of all) {
      const used = usedBy(c);
      expect(c.used, c.code).toBe(used.length);
      expect(
        used.every((o) => o.createdAt >= c.startAt && o.createdAt <= c.endAt && o.couponDiscountCents > 0),
        c.code,
      ).toBe(true);
      const perBuyer = new Map<string, number>();
      for (const o of used) perBuyer.set(o.buyerId, (perBuyer.get(o.buyerId) ?? 0) + 1);
      if (c.type === "one") expect(Math.max(0, ...perBuyer.values()), c.code).toBeLessThanOrEqual(1);
      if (c.type === "multi" && c.multi) expect(Math.max(0, ...perBuyer.values()), c.code).toBeLessThanOrEqual(c.multi);
      if (c.type === "firstTime") {
        for (const o of used)
          expect(
            allOrders.some((x) => x.buyerId === o.buyerId && x.createdAt < o.createdAt),
            c.code,
          ).toBe(false);
      }
    }
    expect(withCoupon.some((o) => o.orderType === "online") && withCoupon.some((o) => o.orderType === "offline")).toBe(
      true,
    );
  });

  it("leaves the stock where the product seed put it: what the orders sold was restocked, what refunds gave back written off", async () => {
    const [all, variations] = await Promise.all([t.db.select().from(products), t.db.select().from(productVariations)]);
    for (const list of Object.values(FIXED_PRODUCTS)) {
      for (const f of list) {
        const p = all.find((x) => x.name === f.name)!;
        if (f.single) expect(p.stock, f.name).toBe(f.single.stock);
        if (f.variations) {
          const rows = variations.filter((v) => v.productId === p.id).sort((a, b) => a.position - b.position);
          expect(
            rows.map((v) => v.stock),
            f.name,
          ).toEqual(f.variations.rows.map(([, , stock]) => stock));
        }
      }
    }
    expect(all.every((p) => p.stock >= 0 && p.stock <= (p.isVariationAvailable ? 2000 : 200))).toBe(true);
    // the fixed products sold too
    const fixed = new Set(
      Object.values(FIXED_PRODUCTS)
        .flat()
        .map((f) => all.find((x) => x.name === f.name)!.id),
    );
    expect(lines.filter((l) => fixed.has(l.productId)).length).toBeGreaterThan(0);
  });

  it("has orders placed from the live stream since it went live, its promoted products at their promotion price", async () => {
    const [live] = await t.db
      .select()
      .from(streams)
      .where(and(eq(streams.status, "broadcasting"), isNull(streams.campaignId)));
    const fromLive = allOrders.filter((o) => o.streamId === live.id);
    expect(fromLive).toHaveLength(LIVE_STREAM_ORDERS);
    expect(fromLive.every((o) => o.createdAt >= live.startedAt! && o.createdAt <= new Date())).toBe(true);
    const promoted = await t.db
      .select()
      .from(streamProducts)
      .where(and(eq(streamProducts.streamId, live.id), isNotNull(streamProducts.promotionType)));
    const promotedLines = lines.filter(
      (l) => fromLive.some((o) => o.id === l.orderId) && promoted.some((p) => p.productId === l.productId),
    );
    expect(promotedLines.length).toBeGreaterThan(0);
    const [all, variations] = await Promise.all([t.db.select().from(products), t.db.select().from(productVariations)]);
    for (const l of promotedLines) {
      const row = promoted.find(
        (p) => p.productId === l.productId && (p.variationId === l.variationId || p.allVariations || !l.variationId),
      )!;
      const list = l.variationId
        ? variations.find((v) => v.id === l.variationId)!.priceCents
        : all.find((p) => p.id === l.productId)!.priceCents;
      const promotion =
        row.promotionType === "flat"
          ? list - row.promotionCents!
          : Math.round(list * (1 - row.promotionPercent! / 100));
      // the buyer paid the promotion price (or less, when the product's own discount is lower), never the list price
      expect(l.unitCents, l.productName).toBeLessThanOrEqual(promotion);
      expect(l.unitCents, l.productName).toBeLessThan(list);
    }
  });

  it("has order notes from shops and from buyers", async () => {
    const notes = await t.db.select().from(orderNotes);
    expect(notes.length).toBeGreaterThanOrEqual(ORDERS / 100);
    expect(notes.some((n) => n.shopId === null) && notes.some((n) => n.shopId !== null)).toBe(true);
  });
});

describe("demo customers", () => {
  const shopPeople = async () => {
    const [owners, staff] = await Promise.all([
      t.db.select({ id: shops.ownerId, shopId: shops.id }).from(shops),
      t.db.select({ id: shopStaff.userId, shopId: shopStaff.shopId }).from(shopStaff),
    ]);
    return new Set([...owners, ...staff].map((p) => `${p.shopId}/${p.id}`));
  };
  const boughtFrom = () => {
    const buyerOf = new Map(allOrders.map((o) => [o.id, o.buyerId]));
    return new Set(lines.map((l) => `${buyerOf.get(l.orderId)}/${l.shopId}`));
  };

  it("gives the buyers wishlists of products of the shops they bought from", async () => {
    const entries = await t.db
      .select({ customerId: wishlistItems.customerId, shopId: products.shopId })
      .from(wishlistItems)
      .innerJoin(products, eq(products.id, wishlistItems.productId));
    const bought = boughtFrom();
    expect(entries.every((e) => bought.has(`${e.customerId}/${e.shopId}`))).toBe(true);
    const buyers = new Set(allOrders.map((o) => o.buyerId));
    expect(new Set(entries.map((e) => e.customerId)).size).toBeGreaterThan(buyers.size * 0.9);
  });

  it("has notes about the buyers written by the owners and staff of shops they bought from", async () => {
    const notes = await t.db.select().from(customerNotes);
    expect(notes.length).toBeGreaterThanOrEqual(ORDERS / 100);
    const people = await shopPeople();
    const bought = boughtFrom();
    expect(
      notes.every(
        (n) => n.shopId && people.has(`${n.shopId}/${n.authorId}`) && bought.has(`${n.customerId}/${n.shopId}`),
      ),
    ).toBe(true);
    expect(new Set(notes.map((n) => n.shopId)).size).toBeGreaterThanOrEqual(3);
  });

  it("has, in every demo shop, customers it registered who have not ordered yet", async () => {
    const all = await t.db.select({ id: shops.id }).from(shops).where(isNull(shops.deletedAt));
    const buyers = new Set(allOrders.map((o) => o.buyerId));
    for (const s of all) {
      const registered = await t.db
        .select()
        .from(shopCustomers)
        .where(and(eq(shopCustomers.shopId, s.id), eq(shopCustomers.source, "registered")));
      expect(registered.filter((r) => !buyers.has(r.customerId)).length, s.id).toBeGreaterThanOrEqual(2);
    }
  });
});
