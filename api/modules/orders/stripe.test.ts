import { eq } from "drizzle-orm";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import { orders, payments, products } from "#api/db/schema";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { testKit, type KitShop, type TestKit } from "../../../tests/factories";
import { stripeHandlers, stripeIntents, stripeRefunds } from "../../../tests/mocks/stripe";

// Payments through Stripe when STRIPE_SECRET_KEY is set (ADR 0030), Stripe's API answered by MSW.

const mocks = setupServer(...stripeHandlers);
let t: TestApi;
let declined: TestApi;
let kit: TestKit;
let shop: KitShop;
beforeAll(async () => {
  mocks.listen({ onUnhandledRequest: "error" });
  t = await testApi({ STRIPE_SECRET_KEY: "sk_test_kit" });
  kit = testKit(t);
  shop = await kit.shop();
});
afterAll(async () => {
  mocks.close();
  await t.close();
  await declined?.close();
});

describe("the Stripe provider", () => {
  it("captures one confirmed PaymentIntent per order for its total, keeps its id, and refunds a line through Stripe", async () => {
    const p = await kit.product(shop, { price: 12.5, stock: 5 });
    const buyer = await kit.customer();
    const o = await kit.order(buyer, { lines: [{ product: p, quantity: 2 }] });
    expect(o.paymentProvider).toBe("stripe");
    expect(o.paymentIntentId).toMatch(/^pi_/);
    const intent = stripeIntents.find((i) => i.id === o.paymentIntentId)!;
    expect(intent).toMatchObject({
      amount: Math.round(o.total * 100),
      currency: "aud",
      payment_method: "pm_card_visa",
      metadata: { orderId: o._id },
    });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, o._id));
    expect(row.paymentIntentId).toBe(intent.id);
    const res = await t.put("payment/refund", {
      cookie: shop.owner.cookie,
      body: { orderId: o._id, productsEntryId: [o.products[0]._id], reason: "Late" },
    });
    expect(res.status).toBe(200);
    const refund = stripeRefunds.find((r) => r.payment_intent === intent.id)!;
    expect(refund.amount).toBe(Math.round(o.total * 100));
    const ledger = await t.db.select().from(payments).where(eq(payments.orderId, o._id));
    expect(ledger.map((l) => [l.kind, l.provider, l.providerRef])).toEqual(
      expect.arrayContaining([
        ["capture", "stripe", intent.id],
        ["refund", "stripe", refund.id],
      ]),
    );
  });

  it("charges the card the customer's app sends (paymentMethodId) and refuses a value that is not a PaymentMethod id", async () => {
    const p = await kit.product(shop, { price: 30, stock: 5 });
    const buyer = await kit.customer();
    const token = await kit.customerToken(buyer);
    const body = {
      orderType: "online",
      address: { address: "1 Kit Street", city: "Sydney" },
      lines: [{ productId: p._id, quantity: 1 }],
    };
    const headers = { authorization: `Bearer ${token}` };
    const bad = await t.post("order", { headers, body: { ...body, paymentMethodId: "4242 4242 4242 4242" } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MSG.paymentMethodInvalid);
    expect(await t.db.select().from(orders).where(eq(orders.buyerId, buyer.id))).toHaveLength(0);
    const res = await t.post("order", { headers, body: { ...body, paymentMethodId: "pm_card_mastercard" } });
    expect(res.status).toBe(201);
    expect(stripeIntents.find((i) => i.id === res.body.data.paymentIntentId)?.payment_method).toBe(
      "pm_card_mastercard",
    );
    // the card the customer chose is what Stripe declines or accepts, whatever the server's default
    const declinedCard = await t.post("order", {
      headers,
      body: { ...body, paymentMethodId: "pm_card_chargeDeclined" },
    });
    expect(declinedCard.status).toBe(402);
    expect(await t.db.select().from(orders).where(eq(orders.buyerId, buyer.id))).toHaveLength(1);
  });

  it("a declined card places nothing: no order, no stock taken, a 402 with Stripe's reason", async () => {
    declined = await testApi({ STRIPE_SECRET_KEY: "sk_test_kit", STRIPE_PAYMENT_METHOD: "pm_card_chargeDeclined" });
    const dkit = testKit(declined);
    const s = await dkit.shop();
    const p = await dkit.product(s, { stock: 4 });
    const buyer = await dkit.customer();
    const token = await dkit.customerToken(buyer);
    const res = await declined.post("order", {
      headers: { authorization: `Bearer ${token}` },
      body: {
        orderType: "online",
        address: { address: "1 Kit Street", city: "Sydney" },
        lines: [{ productId: p._id, quantity: 1 }],
      },
    });
    expect(res.status).toBe(402);
    expect(res.body.message).toBe(MSG.paymentFailed("Your card was declined."));
    expect(await declined.db.select().from(orders)).toHaveLength(0);
    expect(
      (await declined.db.select({ stock: products.stock }).from(products).where(eq(products.id, p._id)))[0].stock,
    ).toBe(4);
  });
});
