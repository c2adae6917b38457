import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import {
  categories,
  orderLines,
  orderParts,
  orders,
  payments,
  productVariations,
  products,
  sessions,
  shopCommissions,
} from "#api/db/schema";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { testKit, type KitCustomer, type KitShop, type TestKit } from "../../../tests/factories";

// POST order and the customers' door.

let t: TestApi;
let kit: TestKit;
let shopA: KitShop;
let shopB: KitShop;
let buyer: KitCustomer;
let token: string;
beforeAll(async () => {
  t = await testApi();
  kit = testKit(t);
  const c = await kit.catalogue();
  // the leaf's tax 10% and commission 5%; shop B has its own 20% on it
  await t.db.update(categories).set({ tax: 10, commission: 5 }).where(eq(categories.id, c.leaf.id));
  shopA = await kit.shop();
  shopB = await kit.shop();
  await t.db.insert(shopCommissions).values({ shopId: shopB.id, categoryId: c.leaf.id, percentage: 20 });
  buyer = await kit.customer();
  token = await kit.customerToken(buyer);
});
afterAll(() => t.close());

const bearer = (tok: string) => ({ authorization: `Bearer ${tok}` });
const address = { address: "1 George Street", city: "Sydney" };
const place = (body: Record<string, unknown>, headers: Record<string, string> = bearer(token)) =>
  t.post("order", { body: { orderType: "online", address, ...body }, headers });
const stockOf = async (id: string) =>
  (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0].stock;
const variationStock = async (id: string) =>
  (await t.db.select({ stock: productVariations.stock }).from(productVariations).where(eq(productVariations.id, id)))[0]
    .stock;
const orderCount = async () => (await t.db.select({ id: orders.id }).from(orders)).length;

describe("the customers' door: auth/send-otp/customer and auth/verify-otp/customer", () => {
  it("answers the same for a customer's number and for a number nobody uses, and texts only the customer", async () => {
    const known = await t.post("auth/send-otp/customer", {
      body: { countryFlag: "AU", mobile: buyer.mobile },
      headers: { "x-forwarded-for": "192.0.2.10" },
    });
    const unknown = await t.post("auth/send-otp/customer", {
      body: { countryFlag: "AU", mobile: "412345678" },
      headers: { "x-forwarded-for": "192.0.2.11" },
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body.message).toBe(MSG.otpSentIfCustomer);
    expect(unknown.body.message).toBe(known.body.message);
    expect(Object.keys(unknown.body.data).sort()).toEqual(Object.keys(known.body.data).sort());
    const admin = await kit.admin();
    const outbox = await t.get("sms/outbox", { cookie: admin.cookie, query: { search: "+61412345678" } });
    expect(outbox.body.data).toHaveLength(0);
  });

  it("gives a shop owner's number no code: the customers' door is for customers only", async () => {
    const ownerMobile = shopA.owner.mobile;
    await t.post("auth/send-otp/customer", {
      body: { countryFlag: "AU", mobile: ownerMobile },
      headers: { "x-forwarded-for": "192.0.2.12" },
    });
    const admin = await kit.admin();
    const outbox = await t.get("sms/outbox", { cookie: admin.cookie, query: { search: ownerMobile } });
    expect(outbox.body.data.filter((m: { body: string }) => /sign-in code/.test(m.body))).toHaveLength(0);
    const verify = await t.post("auth/verify-otp/customer", {
      body: { countryFlag: "AU", mobile: ownerMobile, otp: "123456" },
      headers: { "x-forwarded-for": "192.0.2.12" },
    });
    expect(verify.status).toBe(400);
    expect(verify.body.message).toBe(MSG.otpInvalid);
  });

  it("refuses a wrong code with the sign-in message", async () => {
    await t.post("auth/send-otp/customer", {
      body: { countryFlag: "AU", mobile: buyer.mobile },
      headers: { "x-forwarded-for": "192.0.2.13" },
    });
    const res = await t.post("auth/verify-otp/customer", {
      body: { countryFlag: "AU", mobile: buyer.mobile, otp: "000000" },
      headers: { "x-forwarded-for": "192.0.2.13" },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.otpInvalid);
  });

  it("answers a bearer token and sets no cookie; the console refuses it and it still works after", async () => {
    const other = await kit.customer();
    const tok = await kit.customerToken(other);
    expect(tok).toMatch(/^[\w-]{40,}$/);
    const console1 = await t.get("auth/isLoggedIn", { headers: bearer(tok) });
    expect(console1.status).toBe(401);
    const products1 = await t.get("product", { headers: bearer(tok) });
    expect(products1.status).toBe(401);
    // the console's refusal did not end the customer's session
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, other.id));
    expect(session).toBeTruthy();
    const p = await kit.product(shopA, { stock: 3 });
    expect((await place({ lines: [{ productId: p._id, quantity: 1 }] }, bearer(tok))).status).toBe(201);
  });

  it("POST order: anonymous is 401, every console user 403 (admin, owner, staff with every order right)", async () => {
    const p = await kit.product(shopA, { stock: 3 });
    const body = { orderType: "online", address, lines: [{ productId: p._id, quantity: 1 }] };
    expect((await t.post("order", { body })).status).toBe(401);
    const admin = await kit.admin();
    const staff = await kit.staff(shopA, ["order:status-edit", "order:scan-qr"]);
    for (const cookie of [admin.cookie, shopA.owner.cookie, staff.cookie]) {
      const res = await t.post("order", { body, cookie });
      expect(res.status).toBe(403);
    }
    // a console session's token sent as a bearer is no customer either
    const ownerToken = shopA.owner.cookie.split("=")[1];
    expect((await t.post("order", { body, headers: bearer(ownerToken) })).status).toBe(403);
    expect(await stockOf(p._id)).toBe(3);
  });
});

describe("POST order", () => {
  it("prices each line after its discount, with the leaf's tax and the shop's commission (else the leaf's), over two shops", async () => {
    const a = await kit.product(shopA, { price: 20, stock: 5 });
    const b = await kit.productWithVariations(shopB);
    // a 10% discount on product a; Blue/L of b (30.50) has a flat $0.50 discount
    expect(
      (
        await t.put(`product/${a._id}`, {
          cookie: shopA.owner.cookie,
          body: { prodId: a._id, data: { isDiscount: true, discount: 10, discountType: "percentage" } },
        })
      ).status,
    ).toBe(200);
    const blue = b.variations.find((v) => v.price === 30.5)!;
    expect(
      (
        await t.put(`product/variant-discount/${blue._id}`, {
          cookie: shopB.owner.cookie,
          body: { prodId: b._id, isDiscount: true, discount: 0.5, discountType: "flat" },
        })
      ).status,
    ).toBe(200);
    const res = await place({
      lines: [
        { productId: a._id, quantity: 2 },
        { productId: b._id, variationId: blue._id, quantity: 3 },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(MSG.orderPlaced);
    const o = res.body.data;
    // a: 18.00 × 2 = 36.00, tax 3.60, commission 5% = 1.80, net 34.20; b: 30.00 × 3 = 90.00, tax 9.00, commission 20% = 18.00, net 72.00
    expect(o.products).toMatchObject([
      {
        productId: a._id,
        shopId: shopA.id,
        price: 18,
        quantity: 2,
        tax: 3.6,
        commission: 1.8,
        netAmount: 34.2,
        shopStatus: "Pending",
        isrefunded: false,
        variationId: null,
      },
      {
        productId: b._id,
        shopId: shopB.id,
        variationId: blue._id,
        variantName: "Blue_L",
        price: 30,
        quantity: 3,
        tax: 9,
        commission: 18,
        netAmount: 72,
        shopStatus: "Pending",
      },
    ]);
    expect(o).toMatchObject({
      subtotal: 126,
      tax: 12.6,
      couponDiscount: 0,
      total: 138.6,
      orderType: "online",
      address,
      buyerId: buyer.id,
      paymentProvider: "ledger",
    });
    expect(typeof o.orderId).toBe("number");
    expect(o.paymentIntentId).toMatch(/^ledger_/);
    // stock taken: the product's, the variation's and the variation product's sum
    expect(await stockOf(a._id)).toBe(3);
    expect(await variationStock(blue._id)).toBe(1);
    expect(await stockOf(b._id)).toBe(7 - 3);
    // the capture is in the ledger for the total
    const ledger = await t.db.select().from(payments).where(eq(payments.orderId, o._id));
    expect(ledger).toMatchObject([
      { kind: "capture", provider: "ledger", amountCents: 13860, providerRef: o.paymentIntentId },
    ]);
    // each shop's part of the order (ADR 0033): its lines' total, and the order's number, date and buyer
    const parts = await t.db
      .select()
      .from(orderParts)
      .where(eq(orderParts.orderId, o._id))
      .orderBy(orderParts.totalCents);
    const ofOrder = { orderNumber: o.orderId, createdAt: new Date(o.createdAt), buyerId: buyer.id };
    expect(parts).toEqual([
      { shopId: shopA.id, orderId: o._id, totalCents: 3960, ...ofOrder },
      { shopId: shopB.id, orderId: o._id, totalCents: 9900, ...ofOrder },
    ]);
  });

  it("refuses a line beyond the stock, naming it, and leaves nothing behind (other lines' stock, no order, no payment)", async () => {
    const a = await kit.product(shopA, { stock: 5 });
    const b = await kit.product(shopB, { stock: 2 });
    const before = await orderCount();
    const res = await place({
      lines: [
        { productId: a._id, quantity: 4 },
        { productId: b._id, quantity: 3 },
      ],
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(MSG.orderOutOfStock(2, b.name));
    expect(await stockOf(a._id)).toBe(5);
    expect(await stockOf(b._id)).toBe(2);
    expect(await orderCount()).toBe(before);
    // exactly the stock left is fine, and the stock ends at 0
    expect((await place({ lines: [{ productId: b._id, quantity: 2 }] })).status).toBe(201);
    expect(await stockOf(b._id)).toBe(0);
    expect((await place({ lines: [{ productId: b._id, quantity: 1 }] })).body.message).toBe(
      MSG.orderOutOfStock(1, b.name),
    );
  });

  it("refuses a variation's line beyond its stock even when the product's total would cover it", async () => {
    const v = await kit.productWithVariations(shopA);
    const red = v.variations.find((x) => x.price === 25)!;
    const res = await place({ lines: [{ productId: v._id, variationId: red._id, quantity: 4 }] });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(MSG.orderOutOfStock(1, v.name));
    expect(await variationStock(red._id)).toBe(3);
    expect(await stockOf(v._id)).toBe(7);
  });

  it("refuses bad lines with a 400 and changes nothing", async () => {
    const p = await kit.product(shopA, { stock: 5 });
    const v = await kit.productWithVariations(shopA);
    const other = await kit.productWithVariations(shopB);
    const before = await orderCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ lines: [{ productId: p._id, quantity: 0 }] }, MSG.orderQuantityRange],
      [{ lines: [{ productId: p._id, quantity: 101 }] }, MSG.orderQuantityRange],
      [{ lines: [{ productId: p._id, quantity: 1.5 }] }, MSG.orderQuantityRange],
      [{ lines: [] }, MSG.orderLinesRequired],
      [{ lines: [{ productId: "0".repeat(24), quantity: 1 }] }, MSG.orderProductUnavailable(1)],
      [
        {
          lines: [
            { productId: p._id, quantity: 1 },
            { productId: v._id, quantity: 1 },
          ],
        },
        MSG.orderVariationRequired(2, v.name),
      ],
      [
        { lines: [{ productId: v._id, variationId: other.variations[0]._id, quantity: 1 }] },
        MSG.orderVariationUnknown(1, v.name),
      ],
      [
        { lines: [{ productId: p._id, variationId: v.variations[0]._id, quantity: 1 }] },
        MSG.orderVariationUnknown(1, p.name),
      ],
      [
        { lines: [{ productId: p._id, quantity: 1 }], address: { address: "", city: "Sydney" } },
        MSG.orderAddressRequired,
      ],
      [{ lines: [{ productId: p._id, quantity: 1 }], orderType: "pickup" }, MSG.orderTypeInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await place(body);
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status: 400, message });
    }
    expect(await orderCount()).toBe(before);
    expect(await stockOf(p._id)).toBe(5);
  });

  it("refuses a deleted product and a product of a shop that is not Approved", async () => {
    const gone = await kit.product(shopA);
    expect((await t.delete(`product/${gone._id}`, { cookie: shopA.owner.cookie })).status).toBe(200);
    expect((await place({ lines: [{ productId: gone._id, quantity: 1 }] })).body.message).toBe(
      MSG.orderProductUnavailable(1),
    );
    const pending = await kit.shop({ status: "Pending" });
    const p = await kit.product(pending);
    const res = await place({ lines: [{ productId: p._id, quantity: 1 }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.orderProductUnavailable(1));
  });

  it("keeps the stream id and the offline order type", async () => {
    const p = await kit.product(shopA);
    const live = await kit.stream(shopA, { status: "broadcasting" });
    const res = await place({ lines: [{ productId: p._id, quantity: 1 }], orderType: "offline", streamId: live.id });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ orderType: "offline", streamId: live.id });
  });

  it("places one order for a retried request with the same Idempotency-Key, and another for a new key", async () => {
    const p = await kit.product(shopA, { stock: 10 });
    const body = { lines: [{ productId: p._id, quantity: 2 }] };
    const first = await place(body, { ...bearer(token), "idempotency-key": "retry-1" });
    const again = await place(body, { ...bearer(token), "idempotency-key": "retry-1" });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.message).toBe(MSG.orderReplayed);
    expect(again.body.data._id).toBe(first.body.data._id);
    expect(await stockOf(p._id)).toBe(8);
    const other = await place(body, { ...bearer(token), "idempotency-key": "retry-2" });
    expect(other.body.data._id).not.toBe(first.body.data._id);
    expect(await stockOf(p._id)).toBe(6);
    // the same key from another customer is theirs alone
    const stranger = await kit.customer();
    const theirs = await place(body, { ...bearer(await kit.customerToken(stranger)), "idempotency-key": "retry-1" });
    expect(theirs.body.data._id).not.toBe(first.body.data._id);
    expect(theirs.body.data.buyerId).toBe(stranger.id);
  });

  it("refuses control characters in the address and city, and a line break in these one-line fields, placing nothing", async () => {
    const p = await kit.product(shopA, { stock: 10 });
    const orders = await orderCount();
    for (const [address, message] of [
      [{ address: "1 George\u0007 Street", city: "Sydney" }, MSG.controlCharacter],
      [{ address: "1 George Street", city: "\u001b[2JSydney" }, MSG.controlCharacter],
      [{ address: "1 George Street\u007f", city: "Sydney" }, MSG.controlCharacter],
      [{ address: "1 George Street\nLevel 2", city: "Sydney" }, MSG.singleLine],
    ] as const) {
      const res = await place({ lines: [{ productId: p._id, quantity: 1 }], address });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await orderCount()).toBe(orders);
  });

  it("refuses an Idempotency-Key reused with a different request (422), placing nothing; the same request still replays", async () => {
    const p = await kit.product(shopA, { stock: 10 });
    const key = { ...bearer(token), "idempotency-key": "reused-1" };
    const first = await place({ lines: [{ productId: p._id, quantity: 1 }] }, key);
    expect(first.status).toBe(201);
    const orders = await orderCount();
    for (const changed of [
      { lines: [{ productId: p._id, quantity: 3 }] },
      { lines: [{ productId: p._id, quantity: 1 }], address: { address: "9 Other Road", city: "Perth" } },
      { lines: [{ productId: p._id, quantity: 1 }], orderType: "offline" },
    ]) {
      const res = await place(changed, key);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(MSG.orderIdempotencyKeyReused);
    }
    expect(await orderCount()).toBe(orders);
    expect(await stockOf(p._id)).toBe(9);
    const again = await place({ lines: [{ productId: p._id, quantity: 1 }] }, key);
    expect(again.status).toBe(201);
    expect(again.body.data._id).toBe(first.body.data._id);
  });

  it("writes the lines' shop, Pending status and position; kit.order backdates an order", async () => {
    const p = await kit.product(shopB);
    const when = new Date("2026-01-15T10:00:00Z");
    const placed = await kit.order(buyer, { lines: [{ product: p, quantity: 1 }], createdAt: when });
    expect(placed.createdAt).toBe(when.toISOString());
    const rows = await t.db.select().from(orderLines).where(eq(orderLines.orderId, placed._id));
    expect(rows).toMatchObject([{ shopId: shopB.id, shopStatus: "Pending", position: 0, createdAt: when }]);
  });
});
