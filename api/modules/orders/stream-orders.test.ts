import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import { orderLines, streams } from "#api/db/schema";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { testKit, type KitCustomer, type KitProduct, type KitShop, type TestKit } from "../../../tests/factories";

// Orders placed from a stream: while the stream is broadcasting, POST order with its id
// charges the promotion price of the shop's promoted products (spec 3 §5 Promotion discount) and records the stream;
// after the stream ends the regular price holds again.

let t: TestApi;
let kit: TestKit;
let shopA: KitShop;
let shopB: KitShop;
let buyer: KitCustomer;
let token: string;
let shirt: KitProduct; // 19.99, promoted 5.00 off
let tee: KitProduct; // variations 25 (Red/M) and 30.50 (Blue/L), all variations 20 % off
let plain: KitProduct; // in the stream, no promotion
let theirs: KitProduct; // shop B's, promoted in no stream of B's
beforeAll(async () => {
  t = await testApi();
  kit = testKit(t);
  shopA = await kit.shop();
  shopB = await kit.shop();
  buyer = await kit.customer();
  token = await kit.customerToken(buyer);
  shirt = await kit.product(shopA, { stock: 50 });
  tee = await kit.productWithVariations(shopA);
  plain = await kit.product(shopA, { stock: 50 });
  theirs = await kit.product(shopB, { stock: 50 });
});
afterAll(() => t.close());

const address = { address: "1 George Street", city: "Sydney" };
const place = (body: Record<string, unknown>) =>
  t.post("order", { body: { orderType: "online", address, ...body }, headers: { authorization: `Bearer ${token}` } });
const promotions = () => [
  { productId: shirt._id, promotionType: "flat" as const, promotionCents: 500 },
  { productId: tee._id, allVariations: true, promotionType: "percentage" as const, promotionPercent: 20 },
  { productId: plain._id },
];
const unitsOf = async (orderId: string) =>
  (
    await t.db
      .select({ productId: orderLines.productId, variationId: orderLines.variationId, unitCents: orderLines.unitCents })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
  ).map((l) => [l.productId, l.unitCents]);

describe("POST order with the id of a live stream", () => {
  it("charges the promotion prices of the stream's products and records the stream", async () => {
    const live = await kit.stream(shopA, { status: "broadcasting" }, { products: promotions() });
    const [red, blue] = tee.variations!;
    const res = await place({
      streamId: live.id,
      lines: [
        { productId: shirt._id, quantity: 2 },
        { productId: tee._id, variationId: red._id, quantity: 1 },
        { productId: tee._id, variationId: blue._id, quantity: 1 },
        { productId: plain._id, quantity: 1 },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.data.streamId).toBe(live.id);
    expect(await unitsOf(res.body.data._id)).toEqual([
      [shirt._id, 1499],
      [tee._id, 2000],
      [tee._id, 2440],
      [plain._id, 1999],
    ]);
    // 2 × 14.99 + 20.00 + 24.40 + 19.99
    expect(res.body.data.subtotal).toBe(94.37);
  });

  it("charges the regular price once the stream has finished, and while it is only scheduled", async () => {
    const live = await kit.stream(shopA, { status: "broadcasting" }, { products: promotions() });
    const finish = await t.put(`live-stream/finish/${live.id}`, {
      cookie: shopA.owner.cookie,
      body: { streamVideo: "/media/streams/demo-recording.mp4" },
    });
    expect(finish.status).toBe(200);
    const after = await place({ streamId: live.id, lines: [{ productId: shirt._id, quantity: 1 }] });
    expect(after.status).toBe(201);
    expect(after.body.data.streamId).toBe(live.id);
    expect(await unitsOf(after.body.data._id)).toEqual([[shirt._id, 1999]]);

    const scheduled = await kit.stream(shopA, { status: "created" }, { products: promotions() });
    const early = await place({ streamId: scheduled.id, lines: [{ productId: shirt._id, quantity: 1 }] });
    expect(await unitsOf(early.body.data._id)).toEqual([[shirt._id, 1999]]);
  });

  it("charges the regular price while the stream is archived", async () => {
    const archived = await kit.stream(
      shopA,
      { status: "archived", archiveStatus: "broadcasting" },
      { products: promotions() },
    );
    const res = await place({ streamId: archived.id, lines: [{ productId: shirt._id, quantity: 1 }] });
    expect(await unitsOf(res.body.data._id)).toEqual([[shirt._id, 1999]]);
  });

  it("gives another shop's lines in the same order their regular price", async () => {
    const live = await kit.stream(shopA, { status: "broadcasting" }, { products: promotions() });
    const res = await place({
      streamId: live.id,
      lines: [
        { productId: shirt._id, quantity: 1 },
        { productId: theirs._id, quantity: 1 },
      ],
    });
    expect(res.status).toBe(201);
    expect(await unitsOf(res.body.data._id)).toEqual([
      [shirt._id, 1499],
      [theirs._id, 1999],
    ]);
  });

  it("keeps the product's own discount when it already sells for less than the promotion price", async () => {
    const cheap = await kit.product(shopA, { stock: 10 });
    const discounted = await t.put(`product/${cheap._id}`, {
      cookie: shopA.owner.cookie,
      body: { prodId: cheap._id, data: { isDiscount: true, discountType: "percentage", discount: 50 } },
    });
    expect(discounted.status).toBe(200);
    const live = await kit.stream(
      shopA,
      { status: "broadcasting" },
      { products: [{ productId: cheap._id, promotionType: "flat", promotionCents: 100 }] },
    );
    const res = await place({ streamId: live.id, lines: [{ productId: cheap._id, quantity: 1 }] });
    // 19.99 at 50 % off is 10.00; the promotion would be 18.99
    expect(await unitsOf(res.body.data._id)).toEqual([[cheap._id, 1000]]);
  });

  it("refuses a stream that does not exist, or was deleted, and places nothing", async () => {
    const unknown = await place({ streamId: "no-such-stream", lines: [{ productId: shirt._id, quantity: 1 }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(MSG.orderStreamUnknown);
    expect(unknown.body.errors).toEqual({ streamId: [MSG.orderStreamUnknown] });
    const gone = await kit.stream(shopA, { status: "broadcasting" }, { products: promotions() });
    await t.db.update(streams).set({ deletedAt: new Date() }).where(eq(streams.id, gone.id));
    const stockBefore = (await t.get(`product/${shirt._id}`, { cookie: shopA.owner.cookie })).body.data.stock;
    const deleted = await place({ streamId: gone.id, lines: [{ productId: shirt._id, quantity: 1 }] });
    expect(deleted.status).toBe(400);
    expect((await t.get(`product/${shirt._id}`, { cookie: shopA.owner.cookie })).body.data.stock).toBe(stockBefore);
  });
});
