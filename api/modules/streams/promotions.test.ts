import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import { orderLines, productVariations, streamProducts } from "#api/db/schema";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { testKit, type KitProduct, type KitShop, type TestKit } from "../../../tests/factories";

// A stream's promoted products (spec 3 §5 Promotion discount, §7 POST and GET
// live-stream/promotion-temp-data; ADR 0039).

let t: TestApi;
let kit: TestKit;
let a: KitShop;
let b: KitShop;
type Who = "admin" | "owner" | "owner2" | "promoter" | "scheduler" | "staff2";
const cookie = {} as Record<Who, string>;
let shirt: KitProduct; // 19.99, no variations
let tee: KitProduct; // Red/M 25, Blue/L 30.50
let theirs: KitProduct; // shop B's
beforeAll(async () => {
  t = await testApi();
  kit = testKit(t);
  a = await kit.shop({ name: "Promote Shop A" });
  b = await kit.shop({ name: "Promote Shop B" });
  cookie.admin = (await kit.admin()).cookie;
  cookie.owner = a.owner.cookie;
  cookie.owner2 = b.owner.cookie;
  cookie.promoter = (await kit.staff(a, ["stream:promote"])).cookie;
  cookie.scheduler = (await kit.staff(a, ["stream:schedule", "stream:go-live"])).cookie;
  cookie.staff2 = (await kit.staff(b, ["stream:promote"])).cookie;
  shirt = await kit.product(a, { name: "Promo Shirt", stock: 50 });
  tee = await kit.productWithVariations(a, { name: "Promo Tee" });
  theirs = await kit.product(b, { name: "Their Shirt" });
}, 240_000);
afterAll(() => t.close());

const set = (as: string, body: Record<string, unknown>) =>
  t.post("live-stream/promotion-temp-data", { cookie: as, body });
const read = (as: string, streamId: string, productId: string) =>
  t.get(`live-stream/promotion-temp-data/${productId}`, { cookie: as, query: { isWeb: "true", streamId } });
const remove = (as: string, streamId: string, productId: string) =>
  t.delete("live-stream/promotion-temp-data", { cookie: as, body: { streamId, productId } });
const rowsOf = (streamId: string) => t.db.select().from(streamProducts).where(eq(streamProducts.streamId, streamId));
const flat = (promotion: unknown, extra: Record<string, unknown> = {}) => ({
  promotionType: "flat",
  promotion,
  ...extra,
});

describe("POST live-stream/promotion-temp-data", () => {
  it("promotes a product without variations at a flat price, with the spec's success message; GET reads it back", async () => {
    const s = await kit.stream(a);
    const res = await set(cookie.owner, {
      streamId: s.id,
      productId: shirt._id,
      fcmToken: "ignored",
      data: [flat("5.00")],
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.promotionAdded);
    expect(res.body.data.data).toEqual([
      { variationId: null, allVariations: false, promotionType: "flat", promotion: 5 },
    ]);
    expect(res.body.data.product).toMatchObject({ _id: shirt._id, promoted: true, price: 19.99 });
    const got = await read(cookie.owner, s.id, shirt._id);
    expect(got.status).toBe(200);
    expect(got.body.data.data).toEqual(res.body.data.data);
    // the viewer's list shows the promotion price
    const viewer = await t.get(`product/stream/${s.id}`, { cookie: cookie.owner });
    expect(viewer.body.data.products).toHaveLength(1);
    expect(viewer.body.data.products[0]).toMatchObject({ productId: { _id: shirt._id }, discountPrice: 14.99 });
  });

  it("a flat promotion may equal the price but not exceed it ('Flat discount amount cannot exceed the product price')", async () => {
    const s = await kit.stream(a);
    const above = await set(cookie.owner, { streamId: s.id, productId: shirt._id, data: [flat(20)] });
    expect(above.status).toBe(400);
    expect(above.body.message).toBe(MSG.promotionFlatMax);
    expect(above.body.message).toBe("Flat discount amount cannot exceed the product price");
    expect(await rowsOf(s.id)).toHaveLength(0);
    expect((await set(cookie.owner, { streamId: s.id, productId: shirt._id, data: [flat(19.99)] })).status).toBe(200);
  });

  it("a flat promotion for all variations never exceeds any variation's price ('… for any variation')", async () => {
    const s = await kit.stream(a);
    const above = await set(cookie.owner, {
      streamId: s.id,
      productId: tee._id,
      data: [flat(25.01, { allVariations: true })],
    });
    expect(above.status).toBe(400);
    expect(above.body.message).toBe("Flat discount amount cannot exceed the product price for any variation");
    expect(await rowsOf(s.id)).toHaveLength(0);
    const ok = await set(cookie.owner, {
      streamId: s.id,
      productId: tee._id,
      data: [flat(25, { allVariations: true })],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.data).toEqual([
      { variationId: null, allVariations: true, promotionType: "flat", promotion: 25 },
    ]);
  });

  it("per-variation promotions: each flat one checked against its own variation; the list replaces the product's promotions", async () => {
    const s = await kit.stream(a);
    const [red, blue] = tee.variations!;
    await set(cookie.owner, {
      streamId: s.id,
      productId: tee._id,
      data: [{ promotionType: "percentage", promotion: 10, allVariations: true }],
    });
    // 30 off is fine for Blue (30.50) but not for Red (25)
    const redAbove = await set(cookie.owner, {
      streamId: s.id,
      productId: tee._id,
      data: [flat(30, { variationId: blue._id }), flat(30, { variationId: red._id })],
    });
    expect(redAbove.status).toBe(400);
    expect(redAbove.body.message).toBe(MSG.promotionFlatMax);
    expect(redAbove.body.errors["data.1.promotion"]).toEqual([MSG.promotionFlatMax]);
    // nothing changed: still the all-variations 10 %
    expect((await rowsOf(s.id)).map((r) => [r.allVariations, r.promotionPercent])).toEqual([[true, 10]]);
    const res = await set(cookie.owner, {
      streamId: s.id,
      productId: tee._id,
      data: [flat(30, { variationId: blue._id }), { promotionType: "percentage", promotion: 50, variationId: red._id }],
    });
    expect(res.status).toBe(200);
    const rows = await rowsOf(s.id);
    expect(
      rows.map((r) => [r.variationId, r.allVariations, r.promotionType, r.promotionCents, r.promotionPercent]).sort(),
    ).toEqual(
      [
        [blue._id, false, "flat", 3000, null],
        [red._id, false, "percentage", null, 50],
      ].sort(),
    );
    const viewer = await t.get(`product/stream/${s.id}`, { cookie: cookie.owner });
    const prices = Object.fromEntries(
      viewer.body.data.products.map((p: { variationId: string; discountPrice: number }) => [
        p.variationId,
        p.discountPrice,
      ]),
    );
    expect(prices).toEqual({ [blue._id]: 0.5, [red._id]: 12.5 });
  });

  it("the flat limit follows the current price: a lowered variation price refuses what was fine before", async () => {
    const s = await kit.stream(a);
    const extra = await kit.productWithVariations(a);
    const [red] = extra.variations!;
    await t.db.update(productVariations).set({ priceCents: 1000 }).where(eq(productVariations.id, red._id));
    const res = await set(cookie.owner, {
      streamId: s.id,
      productId: extra._id,
      data: [flat(20, { variationId: red._id })],
    });
    expect(res.body.message).toBe(MSG.promotionFlatMax);
  });

  it("answers empty or missing fields with 'All Fields Are Required' and stores nothing", async () => {
    const s = await kit.stream(a);
    const cases: Record<string, unknown>[] = [
      { streamId: s.id, productId: shirt._id, data: [] },
      { streamId: s.id, productId: shirt._id },
      { streamId: s.id, productId: shirt._id, data: [{ promotionType: "", promotion: "5" }] },
      { streamId: s.id, productId: shirt._id, data: [{ promotionType: "flat", promotion: "" }] },
      { streamId: s.id, productId: shirt._id, data: [{ promotionType: "flat" }] },
      { streamId: s.id, productId: "", data: [flat(1)] },
      // a variation product needs allVariations or a variation for each entry
      { streamId: s.id, productId: tee._id, data: [flat(1)] },
    ];
    for (const body of cases) {
      const res = await set(cookie.owner, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toBe("All Fields Are Required");
    }
    expect(await rowsOf(s.id)).toHaveLength(0);
  });

  it("percentage between 0 and 100, flat with at most 2 decimals and never negative; unknown or repeated variations refused", async () => {
    const s = await kit.stream(a);
    const [red] = tee.variations!;
    const other = (await kit.productWithVariations(a)).variations![0];
    const cases: [Record<string, unknown>, string][] = [
      [{ productId: shirt._id, data: [{ promotionType: "percentage", promotion: 100.5 }] }, MSG.percentDiscountRange],
      [{ productId: shirt._id, data: [{ promotionType: "percentage", promotion: -1 }] }, MSG.discountMin],
      [{ productId: shirt._id, data: [flat(-1)] }, MSG.discountMin],
      [{ productId: shirt._id, data: [flat("1.005")] }, MSG.promotionCents],
      [{ productId: shirt._id, data: [flat("1e3")] }, MSG.discountAllRequired],
      [{ productId: shirt._id, data: [{ promotionType: "half", promotion: 1 }] }, MSG.discountAllRequired],
      [{ productId: shirt._id, data: [flat(1, { variationId: red._id })] }, MSG.promotionVariationUnknown],
      [{ productId: tee._id, data: [flat(1, { variationId: other._id })] }, MSG.promotionVariationUnknown],
      [
        { productId: tee._id, data: [flat(1, { variationId: red._id }), flat(2, { variationId: red._id })] },
        MSG.promotionVariationTwice,
      ],
      [
        { productId: tee._id, data: [flat(1, { allVariations: true }), flat(2, { variationId: red._id })] },
        MSG.promotionVariationTwice,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await set(cookie.owner, { streamId: s.id, ...body });
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await rowsOf(s.id)).toHaveLength(0);
    for (const promotion of [0, 100]) {
      const res = await set(cookie.owner, {
        streamId: s.id,
        productId: shirt._id,
        data: [{ promotionType: "percentage", promotion }],
      });
      expect(res.status).toBe(200);
    }
    expect((await rowsOf(s.id)).map((r) => r.promotionPercent)).toEqual([100]);
  });

  it("refuses a finished stream (and an archived finished one) with 'Finished streams cannot be edited'", async () => {
    for (const fields of [
      { status: "finished" as const },
      { status: "archived" as const, archiveStatus: "finished" as const },
    ]) {
      const s = await kit.stream(a, fields, { products: [{ productId: shirt._id }] });
      const res = await set(cookie.owner, { streamId: s.id, productId: shirt._id, data: [flat(1)] });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MSG.streamFinishedNoEdit);
      const gone = await remove(cookie.owner, s.id, shirt._id);
      expect(gone.status).toBe(400);
      expect(gone.body.message).toBe(MSG.streamFinishedNoEdit);
      expect((await rowsOf(s.id)).map((r) => r.promotionType)).toEqual([null]);
    }
  });

  it("a live stream's promotion holds for orders placed from it: POST order charges the new promotion price", async () => {
    const live = await kit.stream(a, { status: "broadcasting" });
    const [, blue] = tee.variations!;
    expect(
      (
        await set(cookie.owner, {
          streamId: live.id,
          productId: shirt._id,
          data: [{ promotionType: "percentage", promotion: 20 }],
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await set(cookie.owner, {
          streamId: live.id,
          productId: tee._id,
          data: [flat("10.50", { allVariations: true })],
        })
      ).status,
    ).toBe(200);
    const buyer = await kit.customer();
    const token = await kit.customerToken(buyer);
    const placed = await t.post("order", {
      body: {
        orderType: "online",
        address: { address: "1 George Street", city: "Sydney" },
        streamId: live.id,
        lines: [
          { productId: shirt._id, quantity: 1 },
          { productId: tee._id, variationId: blue._id, quantity: 1 },
        ],
      },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(placed.status).toBe(201);
    const lines = await t.db
      .select({ productId: orderLines.productId, unitCents: orderLines.unitCents })
      .from(orderLines)
      .where(eq(orderLines.orderId, placed.body.data._id));
    // 19.99 − 20 % = 15.99; 30.50 − 10.50 = 20.00
    expect(Object.fromEntries(lines.map((l) => [l.productId, l.unitCents]))).toEqual({
      [shirt._id]: 1599,
      [tee._id]: 2000,
    });
  });
});

describe("DELETE live-stream/promotion-temp-data", () => {
  it("removes the product and its promotions from the stream; a product not in it is 404", async () => {
    const s = await kit.stream(a);
    const [red, blue] = tee.variations!;
    await set(cookie.owner, {
      streamId: s.id,
      productId: tee._id,
      data: [flat(1, { variationId: red._id }), flat(2, { variationId: blue._id })],
    });
    await set(cookie.owner, { streamId: s.id, productId: shirt._id, data: [flat(1)] });
    const res = await remove(cookie.owner, s.id, tee._id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.promotionRemoved);
    expect((await rowsOf(s.id)).map((r) => r.productId)).toEqual([shirt._id]);
    const again = await remove(cookie.owner, s.id, tee._id);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(MSG.promotionNotPromoted);
  });
});

describe("GET live-stream/promotion-products", () => {
  it("lists the stream's shop's products with search and department, each marked promoted or not", async () => {
    const s = await kit.stream(a, {}, { products: [{ productId: shirt._id }] });
    const res = await t.get("live-stream/promotion-products", {
      cookie: cookie.owner,
      query: { streamId: s.id, search: "promo", limit: 100 },
    });
    expect(res.status).toBe(200);
    const byId = Object.fromEntries(res.body.data.map((p: { _id: string; promoted: boolean }) => [p._id, p.promoted]));
    expect(byId).toEqual({ [shirt._id]: true, [tee._id]: false });
    const dept = await t.get("live-stream/promotion-products", {
      cookie: cookie.owner,
      query: { streamId: s.id, department: shirt.department._id, limit: 100 },
    });
    expect(dept.body.data.map((p: { _id: string }) => p._id)).toContain(shirt._id);
    const none = await t.get("live-stream/promotion-products", {
      cookie: cookie.owner,
      query: { streamId: s.id, department: "0123456789abcdef01234567" },
    });
    expect(none.body.data).toEqual([]);
    // shop B's product is never listed for shop A's stream
    const all = await t.get("live-stream/promotion-products", {
      cookie: cookie.admin,
      query: { streamId: s.id, limit: 100 },
    });
    expect(all.body.data.map((p: { _id: string }) => p._id)).not.toContain(theirs._id);
  });

  it("lists the shop's products newest first unless asked otherwise (spec 3 §7: createdAt descending)", async () => {
    const s = await kit.stream(a);
    const ids = async (query: Record<string, string>) =>
      (
        await t.get("live-stream/promotion-products", {
          cookie: cookie.owner,
          query: { streamId: s.id, search: "promo", ...query },
        })
      ).body.data.map((p: { _id: string }) => p._id);
    // the tee was made after the shirt
    expect(await ids({})).toEqual([tee._id, shirt._id]);
    expect(await ids({ sort: "name", sortType: "asc" })).toEqual([shirt._id, tee._id]);
  });
});

describe("rights and tenancy", () => {
  it("staff with 'promote stream' may promote and read; staff without it get 403 on every call", async () => {
    const s = await kit.stream(a);
    expect((await set(cookie.promoter, { streamId: s.id, productId: shirt._id, data: [flat(1)] })).status).toBe(200);
    expect((await read(cookie.promoter, s.id, shirt._id)).status).toBe(200);
    expect(
      (await t.get("live-stream/promotion-products", { cookie: cookie.promoter, query: { streamId: s.id } })).status,
    ).toBe(200);
    expect((await set(cookie.scheduler, { streamId: s.id, productId: shirt._id, data: [flat(2)] })).status).toBe(403);
    expect((await read(cookie.scheduler, s.id, shirt._id)).status).toBe(403);
    expect((await remove(cookie.scheduler, s.id, shirt._id)).status).toBe(403);
    expect(
      (await t.get("live-stream/promotion-products", { cookie: cookie.scheduler, query: { streamId: s.id } })).status,
    ).toBe(403);
    expect((await rowsOf(s.id)).map((r) => r.promotionCents)).toEqual([100]);
    expect((await remove(cookie.promoter, s.id, shirt._id)).status).toBe(200);
  });

  it("another shop's stream is 404 for its owner and staff; the admin acts on any shop's stream", async () => {
    const s = await kit.stream(a);
    for (const who of [cookie.owner2, cookie.staff2]) {
      expect((await set(who, { streamId: s.id, productId: shirt._id, data: [flat(1)] })).status).toBe(404);
      expect((await read(who, s.id, shirt._id)).status).toBe(404);
      expect((await remove(who, s.id, shirt._id)).status).toBe(404);
      expect((await t.get("live-stream/promotion-products", { cookie: who, query: { streamId: s.id } })).status).toBe(
        404,
      );
    }
    expect(await rowsOf(s.id)).toHaveLength(0);
    const byAdmin = await set(cookie.admin, { streamId: s.id, productId: shirt._id, data: [flat(1)] });
    expect(byAdmin.status).toBe(200);
    expect((await read(cookie.admin, s.id, shirt._id)).body.data.data).toEqual([
      { variationId: null, allVariations: false, promotionType: "flat", promotion: 1 },
    ]);
    expect((await remove(cookie.admin, s.id, shirt._id)).status).toBe(200);
  });

  it("another shop's product cannot be promoted in this stream (404), not even by the admin", async () => {
    const s = await kit.stream(a);
    for (const who of [cookie.owner, cookie.admin]) {
      expect((await set(who, { streamId: s.id, productId: theirs._id, data: [flat(1)] })).status).toBe(404);
      expect((await read(who, s.id, theirs._id)).status).toBe(404);
    }
    expect(
      await t.db
        .select()
        .from(streamProducts)
        .where(and(eq(streamProducts.streamId, s.id), eq(streamProducts.productId, theirs._id))),
    ).toHaveLength(0);
  });

  it("GET product/variations/{id} (spec 3 §7, for promoting) is open to 'promote stream' for the shop's own products only", async () => {
    const own = await t.get(`product/variations/${tee._id}`, { cookie: cookie.promoter });
    expect(own.status).toBe(200);
    expect(own.body.data.length).toBeGreaterThan(0);
    expect((await t.get(`product/variations/${theirs._id}`, { cookie: cookie.promoter })).status).toBe(404);
    expect((await t.get(`product/variations/${tee._id}`, { cookie: cookie.staff2 })).status).toBe(404);
    // staff with neither a product right nor 'promote stream'
    expect((await t.get(`product/variations/${tee._id}`, { cookie: cookie.scheduler })).status).toBe(403);
  });

  it("GET live-stream/promotion-temp-data/{productId}?isWeb=true as spec 3 §7 writes it (no stream): the product and its variations, no promotions", async () => {
    const spec = (as: string, productId: string) =>
      t.get(`live-stream/promotion-temp-data/${productId}`, { cookie: as, query: { isWeb: "true" } });
    const own = await spec(cookie.promoter, tee._id);
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({
      streamId: null,
      product: { _id: tee._id, name: "Promo Tee", promoted: false },
      data: [],
    });
    expect(own.body.data.variations.length).toBeGreaterThan(0);
    expect((await spec(cookie.admin, tee._id)).status).toBe(200);
    // another shop's product is 404 for its owner and staff; staff without 'promote stream' 403
    for (const who of [cookie.owner2, cookie.staff2]) expect((await spec(who, tee._id)).status).toBe(404);
    expect((await spec(cookie.promoter, theirs._id)).status).toBe(404);
    expect((await spec(cookie.scheduler, tee._id)).status).toBe(403);
  });

  it("a made-up stream or product is 404", async () => {
    const s = await kit.stream(a);
    expect(
      (await set(cookie.owner, { streamId: "0123456789abcdef01234567", productId: shirt._id, data: [flat(1)] })).status,
    ).toBe(404);
    expect((await read(cookie.owner, s.id, "0123456789abcdef01234567")).status).toBe(404);
  });
});
