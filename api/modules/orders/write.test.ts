import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import { categories, orderLines, orders, payments, productVariations, products } from "#api/db/schema";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { testKit, type Account, type KitCustomer, type KitShop, type TestKit } from "../../../tests/factories";

// PUT order/{orderId}, PUT payment/refund, DELETE order/{id} (spec 2 §4, §7).

let t: TestApi;
let kit: TestKit;
let shopA: KitShop;
let shopB: KitShop;
let buyer: KitCustomer;
let admin: Account;
let editor: Account;
let noRight: Account;
beforeAll(async () => {
  t = await testApi();
  kit = testKit(t);
  const c = await kit.catalogue();
  await t.db.update(categories).set({ tax: 10, commission: 5 }).where(eq(categories.id, c.leaf.id));
  shopA = await kit.shop();
  shopB = await kit.shop();
  buyer = await kit.customer();
  admin = await kit.admin();
  editor = await kit.staff(shopA, ["order:status-edit"]);
  noRight = await kit.staff(shopA, ["order:scan-qr", "product:edit"]);
});
afterAll(() => t.close());

/** An order with two lines of shop A (a product and a variation) and one of shop B. */
async function twoShopOrder() {
  const a1 = await kit.product(shopA, { price: 10, stock: 5 });
  const a2 = await kit.productWithVariations(shopA);
  const b1 = await kit.product(shopB, { price: 20, stock: 5 });
  const o = await kit.order(buyer, {
    lines: [
      { product: a1, quantity: 2 },
      { product: a2, quantity: 1 },
      { product: b1, quantity: 1 },
    ],
  });
  const [l1, l2, l3] = o.products;
  return { o, a1, a2, b1, l1, l2, l3 };
}
const setLine = (
  cookie: string,
  orderId: string,
  line: { _id: string; productId: string; shopId: string },
  shopStatus: string,
  reason?: string,
) =>
  t.put(`order/${orderId}`, {
    cookie,
    body: { shopStatus, orderId, shopId: line.shopId, productId: line.productId, _id: line._id, reason },
  });
const tag = (cookie: string, orderId: string, shopId: string, shopStatus: string) =>
  t.put(`order/${orderId}`, { cookie, body: { shopStatus, orderId, shopId } });
const statuses = async (orderId: string) =>
  (await t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.position)).map(
    (l) => l.shopStatus,
  );
const stockOf = async (id: string) =>
  (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0].stock;

describe("PUT order/{orderId}: one line's status (Found, On Hold)", () => {
  it("moves a line Pending → Found → On Hold → Found, and refuses a move to where it already is", async () => {
    const { o, l1 } = await twoShopOrder();
    const owner = shopA.owner.cookie;
    const found = await setLine(owner, o._id, l1, "Found");
    expect(found.status).toBe(200);
    expect(found.body.message).toBe(MSG.orderUpdated);
    expect(found.body.data.products.find((l: { _id: string }) => l._id === l1._id).shopStatus).toBe("Found");
    expect((await setLine(owner, o._id, l1, "On Hold")).status).toBe(200);
    expect((await setLine(owner, o._id, l1, "Found")).status).toBe(200);
    const again = await setLine(owner, o._id, l1, "Found");
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(MSG.lineTransition("Found", "Found"));
    const pending = await setLine(owner, o._id, l1, "On Hold");
    expect(pending.status).toBe(200);
    expect((await setLine(owner, o._id, l1, "On Hold")).body.message).toBe(MSG.lineTransition("On Hold", "On Hold"));
    expect(await statuses(o._id)).toEqual(["On Hold", "Pending", "Pending"]);
  });

  it("refuses Found and On Hold once the shop's lines are on their way (Awaiting Pickup, On The Way, Delivered)", async () => {
    const { o, l1, l2 } = await twoShopOrder();
    const owner = shopA.owner.cookie;
    await setLine(owner, o._id, l1, "On Hold");
    await setLine(owner, o._id, l2, "On Hold");
    expect((await tag(owner, o._id, shopA.id, "Awaiting Pickup")).status).toBe(200);
    expect((await setLine(owner, o._id, l1, "Found")).body.message).toBe(
      MSG.lineTransition("Awaiting Pickup", "Found"),
    );
    expect((await setLine(owner, o._id, l1, "On Hold")).body.message).toBe(
      MSG.lineTransition("Awaiting Pickup", "On Hold"),
    );
  });

  it("needs the line for Found and On Hold, and a reason for Refunded ('Please Enter Reason For Refund')", async () => {
    const { o, l1 } = await twoShopOrder();
    const noLine = await t.put(`order/${o._id}`, {
      cookie: shopA.owner.cookie,
      body: { shopStatus: "Found", orderId: o._id, shopId: shopA.id },
    });
    expect(noLine.status).toBe(400);
    expect(noLine.body.message).toBe(MSG.orderLineRequired);
    const noReason = await setLine(shopA.owner.cookie, o._id, l1, "Refunded");
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe(MSG.refundReasonRequired);
    const bad = await setLine(shopA.owner.cookie, o._id, l1, "Shipped");
    expect(bad.body.message).toBe(MSG.orderStatusInvalid);
    expect(await statuses(o._id)).toEqual(["Pending", "Pending", "Pending"]);
  });

  it("Refunded with a reason refunds the line, which never changes again (dialog or quick tag)", async () => {
    const { o, l1 } = await twoShopOrder();
    const owner = shopA.owner.cookie;
    const res = await setLine(owner, o._id, l1, "Refunded", "Damaged");
    expect(res.status).toBe(200);
    expect(res.body.data.products.find((l: { _id: string }) => l._id === l1._id)).toMatchObject({
      shopStatus: "Refunded",
      isrefunded: true,
      reason: "Damaged",
      refunded: 22,
    });
    for (const s of ["Found", "On Hold", "Refunded"])
      expect((await setLine(owner, o._id, l1, s, "again")).status).toBeGreaterThanOrEqual(400);
    for (const s of ["Awaiting Pickup", "On The Way", "Delivered"]) await tag(owner, o._id, shopA.id, s);
    expect((await statuses(o._id))[0]).toBe("Refunded");
  });
});

describe("PUT order/{orderId}: the per-shop quick tags and their blocks (spec 2 §4)", () => {
  it("blocks On The Way while any line of the shop is Pending or Found, and Delivered while any is Awaiting Pickup, Pending or Found", async () => {
    const { o, l1, l2 } = await twoShopOrder();
    const owner = shopA.owner.cookie;
    const onTheWay = () => tag(owner, o._id, shopA.id, "On The Way");
    const delivered = () => tag(owner, o._id, shopA.id, "Delivered");
    // Pending
    expect((await onTheWay()).body.message).toBe(MSG.onTheWayBlocked);
    expect((await delivered()).body.message).toBe(MSG.deliveredBlocked);
    // one Found, one Pending
    await setLine(owner, o._id, l1, "Found");
    expect((await onTheWay()).body.message).toBe(MSG.onTheWayBlocked);
    expect((await delivered()).body.message).toBe(MSG.deliveredBlocked);
    // both Found
    await setLine(owner, o._id, l2, "Found");
    expect((await onTheWay()).status).toBe(400);
    expect((await delivered()).status).toBe(400);
    // Awaiting Pickup: On The Way is allowed, Delivered still blocked
    expect((await tag(owner, o._id, shopA.id, "Awaiting Pickup")).status).toBe(200);
    expect(await statuses(o._id)).toEqual(["Awaiting Pickup", "Awaiting Pickup", "Pending"]);
    expect((await delivered()).body.message).toBe(MSG.deliveredBlocked);
    const way = await onTheWay();
    expect(way.status).toBe(200);
    expect(await statuses(o._id)).toEqual(["On The Way", "On The Way", "Pending"]);
    // back to Awaiting Pickup is refused once on the way
    expect((await tag(owner, o._id, shopA.id, "Awaiting Pickup")).body.message).toBe(MSG.awaitingPickupBlocked);
    expect((await delivered()).status).toBe(200);
    // shop B's line was never touched
    expect(await statuses(o._id)).toEqual(["Delivered", "Delivered", "Pending"]);
  });

  it("lets On Hold lines go On The Way (only Pending and Found block it)", async () => {
    const { o, l1, l2 } = await twoShopOrder();
    await setLine(shopA.owner.cookie, o._id, l1, "On Hold");
    await setLine(shopA.owner.cookie, o._id, l2, "On Hold");
    expect((await tag(shopA.owner.cookie, o._id, shopA.id, "On The Way")).status).toBe(200);
  });

  it("an owner naming another shop in a tag is refused (404); an admin must name the shop", async () => {
    const { o } = await twoShopOrder();
    expect((await tag(shopA.owner.cookie, o._id, shopB.id, "Awaiting Pickup")).status).toBe(404);
    expect(await statuses(o._id)).toEqual(["Pending", "Pending", "Pending"]);
    expect(
      (await t.put(`order/${o._id}`, { cookie: admin.cookie, body: { shopStatus: "Awaiting Pickup", orderId: o._id } }))
        .body.message,
    ).toBe(MSG.orderShopRequired);
    expect((await tag(admin.cookie, o._id, shopB.id, "Awaiting Pickup")).status).toBe(200);
    expect(await statuses(o._id)).toEqual(["Pending", "Pending", "Awaiting Pickup"]);
  });
});

describe("who may change an order's lines", () => {
  it("owner and staff with 'order status edit' their shop's lines; admins any; others are refused and nothing changes", async () => {
    const { o, l1, l3 } = await twoShopOrder();
    const token = await kit.customerToken(buyer);
    expect((await t.put(`order/${o._id}`, { body: { shopStatus: "Found", _id: l1._id } })).status).toBe(401);
    expect(
      (
        await t.put(`order/${o._id}`, {
          headers: { authorization: `Bearer ${token}` },
          body: { shopStatus: "Found", _id: l1._id },
        })
      ).status,
    ).toBe(401);
    expect((await setLine(noRight.cookie, o._id, l1, "Found")).status).toBe(403);
    // shop B's owner cannot see shop A's line (404); staff of A cannot touch B's line
    expect((await setLine(shopB.owner.cookie, o._id, l1, "Found")).status).toBe(404);
    expect((await setLine(editor.cookie, o._id, l3, "Found")).status).toBe(404);
    expect(await statuses(o._id)).toEqual(["Pending", "Pending", "Pending"]);
    const byStaff = await setLine(editor.cookie, o._id, l1, "Found");
    expect(byStaff.status).toBe(200);
    // the answer shows the caller only their shop's lines and totals
    expect(byStaff.body.data.products.map((l: { shopId: string }) => l.shopId)).toEqual([shopA.id, shopA.id]);
    expect(byStaff.body.data.subtotal).toBe(20 + 25);
    const byAdmin = await setLine(admin.cookie, o._id, l3, "Found");
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.data.products).toHaveLength(3);
    expect(byAdmin.body.data.total).toBe(o.total);
    expect(await statuses(o._id)).toEqual(["Found", "Pending", "Found"]);
  });

  it("answers 404 for an order id nobody has, and for another shop's order", async () => {
    const other = await kit.order(buyer, { lines: [{ product: await kit.product(shopB) }] });
    expect((await tag(shopA.owner.cookie, "0".repeat(24), shopA.id, "Awaiting Pickup")).status).toBe(404);
    expect((await tag(shopA.owner.cookie, other._id, shopA.id, "Awaiting Pickup")).status).toBe(404);
    expect(
      (
        await t.put("payment/refund", {
          cookie: shopA.owner.cookie,
          body: { orderId: other._id, productsEntryId: [other.products[0]._id], reason: "x" },
        })
      ).status,
    ).toBe(404);
  });
});

describe("PUT payment/refund", () => {
  it("refunds each line for what was paid (line − coupon share + tax), puts its stock back and writes the ledger", async () => {
    const { o, a1, a2, l1, l2 } = await twoShopOrder();
    const variationId = l2.variationId!;
    const [vBefore] = await t.db.select().from(productVariations).where(eq(productVariations.id, variationId));
    const stockA1 = await stockOf(a1._id);
    const stockA2 = await stockOf(a2._id);
    const res = await t.put("payment/refund", {
      cookie: shopA.owner.cookie,
      body: { orderId: o._id, productsEntryId: [l1._id, l2._id], reason: "Out of size" },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.refundDone);
    // l1: 2 × 10.00 + 10% tax = 22.00; l2: 25.00 + 2.50 = 27.50
    expect(res.body.data.products).toMatchObject([
      { _id: l1._id, isrefunded: true, shopStatus: "Refunded", reason: "Out of size", refunded: 22 },
      { _id: l2._id, isrefunded: true, shopStatus: "Refunded", refunded: 27.5 },
    ]);
    expect(await stockOf(a1._id)).toBe(stockA1 + 2);
    expect(await stockOf(a2._id)).toBe(stockA2 + 1);
    const [vAfter] = await t.db.select().from(productVariations).where(eq(productVariations.id, variationId));
    expect(vAfter.stock).toBe(vBefore.stock + 1);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, o._id));
    expect(order.refundedCents).toBe(4950);
    const ledger = await t.db.select().from(payments).where(eq(payments.orderId, o._id));
    expect(ledger.find((p) => p.kind === "refund")).toMatchObject({
      amountCents: 4950,
      lineIds: [l1._id, l2._id].sort(),
      reason: "Out of size",
      provider: "ledger",
    });
    // again: refused, nothing more refunded
    const again = await t.put("payment/refund", {
      cookie: shopA.owner.cookie,
      body: { orderId: o._id, productsEntryId: [l1._id], reason: "Again" },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MSG.lineAlreadyRefunded);
    expect(await stockOf(a1._id)).toBe(stockA1 + 2);
    expect((await t.db.select().from(payments).where(eq(payments.orderId, o._id))).length).toBe(2);
  });

  it("refuses a refund without a reason or lines, and a staff member without 'order status edit'", async () => {
    const { o, l1 } = await twoShopOrder();
    expect(
      (
        await t.put("payment/refund", {
          cookie: shopA.owner.cookie,
          body: { orderId: o._id, productsEntryId: [l1._id], reason: " " },
        })
      ).body.message,
    ).toBe(MSG.refundReasonRequired);
    expect(
      (
        await t.put("payment/refund", {
          cookie: shopA.owner.cookie,
          body: { orderId: o._id, productsEntryId: [], reason: "x" },
        })
      ).body.message,
    ).toBe(MSG.refundLinesRequired);
    expect(
      (
        await t.put("payment/refund", {
          cookie: noRight.cookie,
          body: { orderId: o._id, productsEntryId: [l1._id], reason: "x" },
        })
      ).status,
    ).toBe(403);
    expect(
      (await t.put("payment/refund", { body: { orderId: o._id, productsEntryId: [l1._id], reason: "x" } })).status,
    ).toBe(401);
    expect((await t.db.select().from(orderLines).where(eq(orderLines.id, l1._id)))[0].isRefunded).toBe(false);
  });

  it("refunds a line's coupon share back to nobody: what was paid is the line less its share plus its tax", async () => {
    const p = await kit.product(shopA, { price: 30, stock: 5 });
    const coupon = await kit.coupon({ discountCents: 600, minOrderCents: 1000 });
    const o = await kit.order(buyer, { lines: [{ product: p }], couponCode: coupon.code });
    expect(o.products[0].couponDiscount).toBe(6);
    const res = await t.put("payment/refund", {
      cookie: admin.cookie,
      body: { orderId: o._id, productsEntryId: [o.products[0]._id], reason: "x" },
    });
    expect(res.body.data.products[0].refunded).toBe(30 - 6 + 3);
    expect(res.body.data.refunded).toBe(o.total);
  });
});

describe("DELETE order/{id}", () => {
  it("is for admins only, refused while money captured is not refunded, then archives the order", async () => {
    const { o, l1, l2, l3 } = await twoShopOrder();
    expect((await t.delete(`order/${o._id}`, { cookie: shopA.owner.cookie })).status).toBe(403);
    expect((await t.delete(`order/${o._id}`, { cookie: editor.cookie })).status).toBe(403);
    expect((await t.delete(`order/${o._id}`)).status).toBe(401);
    const early = await t.delete(`order/${o._id}`, { cookie: admin.cookie });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(MSG.orderDeleteUnrefunded);
    await t.put("payment/refund", {
      cookie: admin.cookie,
      body: { orderId: o._id, productsEntryId: [l1._id, l2._id], reason: "x" },
    });
    expect((await t.delete(`order/${o._id}`, { cookie: admin.cookie })).status).toBe(409);
    await t.put("payment/refund", {
      cookie: admin.cookie,
      body: { orderId: o._id, productsEntryId: [l3._id], reason: "x" },
    });
    const done = await t.delete(`order/${o._id}`, { cookie: admin.cookie });
    expect(done.status).toBe(200);
    expect(done.body.message).toBe(MSG.orderDeleted);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, o._id));
    expect(row.deletedAt).not.toBeNull();
    // gone for every later call
    expect((await t.delete(`order/${o._id}`, { cookie: admin.cookie })).status).toBe(404);
    expect((await tag(admin.cookie, o._id, shopA.id, "Delivered")).status).toBe(404);
  });
});

describe("PUT order/status/{orderId}: one status on a whole order (ours)", () => {
  const setAll = (cookie: string, orderId: string, shopStatus: string) =>
    t.put(`order/status/${orderId}`, { cookie, body: { shopStatus } });

  it("Found and On Hold move each of the caller's lines as the dialog would; nothing left to move is the dialog's refusal", async () => {
    const { o } = await twoShopOrder();
    const found = await setAll(shopA.owner.cookie, o._id, "Found");
    expect(found.status).toBe(200);
    expect(found.body.message).toBe(MSG.orderUpdated);
    expect(await statuses(o._id)).toEqual(["Found", "Found", "Pending"]);
    const again = await setAll(editor.cookie, o._id, "Found");
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(MSG.lineTransition("Found", "Found"));
    expect((await setAll(editor.cookie, o._id, "On Hold")).status).toBe(200);
    expect(await statuses(o._id)).toEqual(["On Hold", "On Hold", "Pending"]);
  });

  it("a quick tag moves the owner's shop's lines; an admin's moves every shop's, or none when one shop is blocked", async () => {
    const { o } = await twoShopOrder();
    expect((await setAll(shopA.owner.cookie, o._id, "Awaiting Pickup")).status).toBe(200);
    expect(await statuses(o._id)).toEqual(["Awaiting Pickup", "Awaiting Pickup", "Pending"]);
    // shop B's line is Pending: On The Way is refused for it, and shop A's lines stay where they were
    const blocked = await setAll(admin.cookie, o._id, "On The Way");
    expect(blocked.status).toBe(400);
    expect(blocked.body.message).toBe(MSG.onTheWayBlocked);
    expect(await statuses(o._id)).toEqual(["Awaiting Pickup", "Awaiting Pickup", "Pending"]);
    expect((await setAll(admin.cookie, o._id, "Awaiting Pickup")).status).toBe(200);
    expect(await statuses(o._id)).toEqual(["Awaiting Pickup", "Awaiting Pickup", "Awaiting Pickup"]);
  });

  it("refuses Refunded (it needs a reason), another shop's order (404), staff without 'order status edit' (403) and the signed-out (401)", async () => {
    const { o } = await twoShopOrder();
    const refunded = await setAll(shopA.owner.cookie, o._id, "Refunded");
    expect(refunded.status).toBe(400);
    expect(refunded.body.message).toBe(MSG.orderStatusAtOnceInvalid);
    const onlyB = await kit.order(buyer, { lines: [{ product: await kit.product(shopB), quantity: 1 }] });
    const other = await setAll(shopA.owner.cookie, onlyB._id, "Found");
    expect(other.status).toBe(404);
    expect(other.body.status).toBe(1004);
    expect((await setAll(noRight.cookie, o._id, "Found")).status).toBe(403);
    expect((await t.put(`order/status/${o._id}`, { body: { shopStatus: "Found" } })).status).toBe(401);
    expect(await statuses(o._id)).toEqual(["Pending", "Pending", "Pending"]);
    expect(await statuses(onlyB._id)).toEqual(["Pending"]);
  });
});
