import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import { orderLines } from "#api/db/schema";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { auditEntriesOf } from "../../../tests/audit-entries";
import { testKit, type Account, type KitCustomer, type KitShop, type TestKit } from "../../../tests/factories";

// PUT order/status/{id} and POST order/bulk/status (ADR 0074): the order list's bulk line statuses (Found, On Hold on
// each of the caller's lines) and quick tags (Awaiting Pickup, On The Way, Delivered on each shop's lines), each
// order as PUT order/{id} decides it (spec 2 §4).

let t: TestApi;
let kit: TestKit;
let shopA: KitShop;
let shopB: KitShop;
let buyer: KitCustomer;
let admin: Account;
let editor: Account;
let scanner: Account;
beforeAll(async () => {
  t = await testApi();
  kit = testKit(t);
  shopA = await kit.shop();
  shopB = await kit.shop();
  buyer = await kit.customer();
  admin = await kit.admin();
  editor = await kit.staff(shopA, ["order:status-edit"]);
  scanner = await kit.staff(shopA, ["order:scan-qr"]);
});
afterAll(() => t.close());

/** An order with one line of each shop given, placed by `who` (the shared buyer by default). */
async function orderOf(shops: KitShop[], who: { id: string } = buyer) {
  const lines = [];
  for (const shop of shops) lines.push({ product: await kit.product(shop, { stock: 50 }), quantity: 1 });
  return kit.order(who, { lines });
}
const bulk = (cookie: string | undefined, body: unknown) =>
  t.post("order/bulk/status", { ...(cookie ? { cookie } : {}), body });
/** Each line's status by shop: { [shopId]: statuses in the order's line order }. */
async function statuses(orderId: string) {
  const lines = await t.db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(orderLines.position);
  const by: Record<string, string[]> = {};
  for (const l of lines) (by[l.shopId] ??= []).push(l.shopStatus);
  return by;
}
const entries = (ids: string[]) => auditEntriesOf(t, "postOrderBulkStatus", "order", ids);
const tagOne = (cookie: string, orderId: string, shopId: string, shopStatus: string) =>
  t.put(`order/${orderId}`, { cookie, body: { shopStatus, orderId, shopId } });

describe("POST order/bulk/status: quick tags", () => {
  it("an owner tags two orders Awaiting Pickup: their shop's lines move, the other shop's stay; one audit entry per order", async () => {
    const o1 = await orderOf([shopA]);
    const o2 = await orderOf([shopA, shopB]);
    const res = await bulk(shopA.owner.cookie, { ids: [o1._id, o2._id], shopStatus: "Awaiting Pickup" });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.bulkDone(2, 2));
    expect(res.body.data).toEqual({
      total: 2,
      succeeded: [
        { id: o1._id, name: `#${o1.orderId}` },
        { id: o2._id, name: `#${o2.orderId}` },
      ],
      failed: [],
    });
    expect(await statuses(o1._id)).toEqual({ [shopA.id]: ["Awaiting Pickup"] });
    expect(await statuses(o2._id)).toEqual({ [shopA.id]: ["Awaiting Pickup"], [shopB.id]: ["Pending"] });
    const logged = await entries([o1._id, o2._id]);
    expect(logged.map((e) => e.recordId).sort()).toEqual([o1._id, o2._id].sort());
    expect(logged.every((e) => e.userId === shopA.owner.id && e.shopId === shopA.id)).toBe(true);
  });

  it("an order the quick tag refuses fails alone with PUT order/{id}'s message and does not move", async () => {
    const ready = await orderOf([shopA]);
    const pending = await orderOf([shopA]);
    await tagOne(shopA.owner.cookie, ready._id, shopA.id, "Awaiting Pickup");
    const single = await tagOne(shopA.owner.cookie, pending._id, shopA.id, "On The Way");
    expect(single.status).toBe(400);
    const res = await bulk(editor.cookie, { ids: [pending._id, ready._id], shopStatus: "On The Way" });
    expect(res.body.data).toEqual({
      total: 2,
      succeeded: [{ id: ready._id, name: `#${ready.orderId}` }],
      failed: [{ id: pending._id, name: `#${pending.orderId}`, message: single.body.message }],
    });
    expect(single.body.message).toBe(MSG.onTheWayBlocked);
    expect(await statuses(ready._id)).toEqual({ [shopA.id]: ["On The Way"] });
    expect(await statuses(pending._id)).toEqual({ [shopA.id]: ["Pending"] });
    expect(await entries([pending._id])).toHaveLength(0);
  });

  it("an admin tags every shop's lines of an order; when one shop's lines are blocked the whole order stays as it was", async () => {
    const both = await orderOf([shopA, shopB]);
    const res = await bulk(admin.cookie, { ids: [both._id], shopStatus: "Awaiting Pickup" });
    expect(res.body.data.succeeded).toHaveLength(1);
    expect(await statuses(both._id)).toEqual({ [shopA.id]: ["Awaiting Pickup"], [shopB.id]: ["Awaiting Pickup"] });
    const half = await orderOf([shopA, shopB]);
    await tagOne(admin.cookie, half._id, shopA.id, "Awaiting Pickup");
    // shop A's lines could go On The Way, shop B's are Pending: the order is refused as one row
    const refused = await bulk(admin.cookie, { ids: [half._id], shopStatus: "On The Way" });
    expect(refused.body.data.failed).toEqual([
      { id: half._id, name: `#${half.orderId}`, message: MSG.onTheWayBlocked },
    ]);
    expect(await statuses(half._id)).toEqual({ [shopA.id]: ["Awaiting Pickup"], [shopB.id]: ["Pending"] });
  });

  it("all: true tags every order of the filtered list (the list's search), in the caller's scope only", async () => {
    const person = await kit.customer({ fName: `Sweep${Date.now().toString(36)}` });
    const chosen = [await orderOf([shopA], person), await orderOf([shopA, shopB], person)];
    const onlyB = await orderOf([shopB], person);
    const other = await orderOf([shopA]);
    const res = await bulk(shopA.owner.cookie, {
      all: true,
      query: { search: person.fName },
      shopStatus: "Awaiting Pickup",
    });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(2);
    expect(res.body.data.succeeded.map((r: { id: string }) => r.id).sort()).toEqual(chosen.map((o) => o._id).sort());
    expect(await statuses(onlyB._id)).toEqual({ [shopB.id]: ["Pending"] });
    expect(await statuses(other._id)).toEqual({ [shopA.id]: ["Pending"] });
  });
});

describe("POST order/bulk/status: line statuses", () => {
  it("Found moves each of the caller's lines of the chosen orders; again, nothing is left to move and the dialog's refusal is the answer", async () => {
    const o1 = await orderOf([shopA, shopA, shopB]);
    const found = await bulk(shopA.owner.cookie, { ids: [o1._id], shopStatus: "Found" });
    expect(found.body.data.succeeded).toHaveLength(1);
    expect(await statuses(o1._id)).toEqual({ [shopA.id]: ["Found", "Found"], [shopB.id]: ["Pending"] });
    const again = await bulk(shopA.owner.cookie, { ids: [o1._id], shopStatus: "Found" });
    expect(again.body.data.failed).toEqual([
      { id: o1._id, name: `#${o1.orderId}`, message: MSG.lineTransition("Found", "Found") },
    ]);
    const onHold = await bulk(editor.cookie, { ids: [o1._id], shopStatus: "On Hold" });
    expect(onHold.body.data.succeeded).toHaveLength(1);
    expect(await statuses(o1._id)).toEqual({ [shopA.id]: ["On Hold", "On Hold"], [shopB.id]: ["Pending"] });
  });

  it("a line the dialog cannot move (tagged already) fails its order, whose other lines stay as they were", async () => {
    const o = await orderOf([shopA]);
    await tagOne(shopA.owner.cookie, o._id, shopA.id, "Awaiting Pickup");
    const res = await bulk(shopA.owner.cookie, { ids: [o._id], shopStatus: "Found" });
    expect(res.body.data.failed[0].message).toBe(MSG.lineTransition("Awaiting Pickup", "Found"));
    expect(await statuses(o._id)).toEqual({ [shopA.id]: ["Awaiting Pickup"] });
  });
});

describe("POST order/bulk/status: rights and tenancy", () => {
  it("another shop's order fails with 404's message and changes nothing; staff without 'order status edit' 403; signed-out 401", async () => {
    const onlyA = await orderOf([shopA]);
    const single = await t.put(`order/status/${onlyA._id}`, {
      cookie: shopB.owner.cookie,
      body: { shopStatus: "Awaiting Pickup" },
    });
    expect(single.status).toBe(404);
    const res = await bulk(shopB.owner.cookie, { ids: [onlyA._id], shopStatus: "Awaiting Pickup" });
    expect(res.body.data).toEqual({
      total: 1,
      succeeded: [],
      failed: [{ id: onlyA._id, name: null, message: single.body.message }],
    });
    expect((await bulk(scanner.cookie, { ids: [onlyA._id], shopStatus: "Awaiting Pickup" })).status).toBe(403);
    expect((await bulk(undefined, { ids: [onlyA._id], shopStatus: "Awaiting Pickup" })).status).toBe(401);
    const refund = await bulk(shopA.owner.cookie, { ids: [onlyA._id], shopStatus: "Refunded" });
    expect(refund.status).toBe(400);
    expect(refund.body.message).toBe(MSG.orderStatusAtOnceInvalid);
    expect(await statuses(onlyA._id)).toEqual({ [shopA.id]: ["Pending"] });
    expect(await entries([onlyA._id])).toHaveLength(0);
  });
});
