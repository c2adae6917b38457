import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import { orderLines } from "#api/db/schema";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { testKit, type Account, type KitCustomer, type KitShop, type TestKit } from "../../../tests/factories";
import { pickupCode } from "./pickup";

// The customer's own orders and offline orders' pickup (ADR 0029 "Offline orders and 'scan qr'"): GET order/my-orders,
// GET order/my-orders/{id}, POST order/scan-qr.

let t: TestApi;
let kit: TestKit;
let shopA: KitShop;
let shopB: KitShop;
let shopC: KitShop;
let buyer: KitCustomer;
let other: KitCustomer;
let token: string;
let scanner: Account;
let editorOnly: Account;
beforeAll(async () => {
  t = await testApi();
  kit = testKit(t);
  [shopA, shopB, shopC] = [await kit.shop(), await kit.shop(), await kit.shop()];
  [buyer, other] = [await kit.customer(), await kit.customer()];
  token = await kit.customerToken(buyer);
  scanner = await kit.staff(shopA, ["order:scan-qr"]);
  editorOnly = await kit.staff(shopA, ["order:status-edit"]);
});
afterAll(() => t.close());

const asBuyer = (bearer = token) => ({ headers: { authorization: `Bearer ${bearer}` } });
/** An offline order with one line of shop A and one of shop B. */
async function offlineOrder() {
  const [a, b] = [await kit.product(shopA, { price: 10, stock: 5 }), await kit.product(shopB, { price: 20, stock: 5 })];
  return kit.order(buyer, { orderType: "offline", lines: [{ product: a }, { product: b }] });
}
const scan = (cookie: string, code: unknown) => t.post("order/scan-qr", { cookie, body: { code } });
const statuses = async (orderId: string) =>
  Object.fromEntries(
    (await t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId))).map((l) => [l.shopId, l.shopStatus]),
  );
const readyAtA = (orderId: string) =>
  t.put(`order/${orderId}`, {
    cookie: shopA.owner.cookie,
    body: { shopStatus: "Awaiting Pickup", orderId, shopId: shopA.id },
  });

describe("GET order/my-orders and order/my-orders/{id}", () => {
  it("answers the customer's own orders, newest first, with a pickup code for offline orders only", async () => {
    const p = await kit.product(shopA, { stock: 10 });
    const online = await kit.order(buyer, { lines: [{ product: p }], createdAt: new Date(Date.now() - 60_000) });
    const offline = await kit.order(buyer, { orderType: "offline", lines: [{ product: p }] });
    const theirs = await kit.order(other, { lines: [{ product: p }] });
    const res = await t.get("order/my-orders", { ...asBuyer(), query: { limit: 100 } });
    expect(res.status).toBe(200);
    const ids = res.body.data.map((o: { _id: string }) => o._id);
    expect(ids).toEqual(expect.arrayContaining([online._id, offline._id]));
    expect(ids).not.toContain(theirs._id);
    expect(ids.indexOf(offline._id)).toBeLessThan(ids.indexOf(online._id));
    expect(res.body.count).toBe(ids.length);
    const one = await t.get(`order/my-orders/${offline._id}`, asBuyer());
    expect(one.body.data.pickupCode).toMatch(new RegExp(`^${offline._id}\\.`));
    expect((await t.get(`order/my-orders/${online._id}`, asBuyer())).body.data.pickupCode).toBeNull();
    expect((await t.get(`order/my-orders/${theirs._id}`, asBuyer())).status).toBe(404);
  });

  it("is the customer's door only: the console's sessions are refused (403), a missing or unknown token is 401", async () => {
    expect((await t.get("order/my-orders", { cookie: shopA.owner.cookie })).status).toBe(403);
    expect((await t.get("order/my-orders")).status).toBe(401);
    expect((await t.get("order/my-orders", asBuyer("not-a-token"))).status).toBe(401);
  });
});

describe("POST order/scan-qr", () => {
  it("hands the shop's items over once they are Awaiting Pickup, leaving the other shop's lines alone; a second scan is told it was collected", async () => {
    const o = await offlineOrder();
    const code = (await t.get(`order/my-orders/${o._id}`, asBuyer())).body.data.pickupCode;
    const early = await scan(scanner.cookie, code);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(MSG.pickupNotReady);
    expect((await readyAtA(o._id)).status).toBe(200);
    const done = await scan(scanner.cookie, code);
    expect(done.status).toBe(200);
    expect(done.body.message).toBe(MSG.pickupDone);
    // the staff member's answer holds their shop's line only
    expect(
      done.body.data.products.map((l: { shopStatus: string; shopId: string }) => [l.shopId, l.shopStatus]),
    ).toEqual([[shopA.id, "Delivered"]]);
    expect(await statuses(o._id)).toEqual({ [shopA.id]: "Delivered", [shopB.id]: "Pending" });
    const again = await scan(shopA.owner.cookie, code);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MSG.pickupAlreadyCollected);
  });

  it("two scans at once hand over once", async () => {
    const o = await offlineOrder();
    await readyAtA(o._id);
    const code = pickupCode(t.deps, { id: o._id, orderType: "offline" })!;
    const answers = await Promise.all([scan(scanner.cookie, code), scan(shopA.owner.cookie, code)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await statuses(o._id)).toEqual({ [shopA.id]: "Delivered", [shopB.id]: "Pending" });
  });

  it("refuses a code the server did not make, an empty code and an order that is delivered rather than collected", async () => {
    const o = await offlineOrder();
    await readyAtA(o._id);
    const code = pickupCode(t.deps, { id: o._id, orderType: "offline" })!;
    for (const forged of [`${o._id}.${"A".repeat(22)}`, o._id, `${code}.x`, "hello"]) {
      const res = await scan(scanner.cookie, forged);
      expect(res.status).toBe(400);
      expect(res.body.errors.code).toEqual([MSG.pickupCodeInvalid]);
    }
    expect((await scan(scanner.cookie, " ")).body.message).toBe(MSG.pickupCodeRequired);
    expect((await scan(scanner.cookie, 42)).body.message).toBe(MSG.pickupCodeRequired);
    const online = await kit.order(buyer, { lines: [{ product: await kit.product(shopA, { stock: 3 }) }] });
    const res = await scan(scanner.cookie, pickupCode(t.deps, { id: online._id, orderType: "offline" }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(MSG.pickupNotOffline);
    expect(await statuses(o._id)).toEqual({ [shopA.id]: "Awaiting Pickup", [shopB.id]: "Pending" });
  });

  it("is for the shops of the order, and for staff holding 'scan qr'", async () => {
    const o = await offlineOrder();
    await readyAtA(o._id);
    const code = pickupCode(t.deps, { id: o._id, orderType: "offline" })!;
    expect((await scan(shopC.owner.cookie, code)).status).toBe(404);
    expect((await scan(editorOnly.cookie, code)).status).toBe(403);
    expect((await scan((await kit.admin()).cookie, code)).status).toBe(403);
    // shop B's owner scans the same code: their own line is not ready, and shop A's handover is not theirs to make
    const b = await scan(shopB.owner.cookie, code);
    expect(b.status).toBe(409);
    expect(b.body.message).toBe(MSG.pickupNotReady);
    expect(await statuses(o._id)).toEqual({ [shopA.id]: "Awaiting Pickup", [shopB.id]: "Pending" });
  });
});
