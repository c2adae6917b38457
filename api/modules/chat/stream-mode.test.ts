import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { chatChannels } from "#api/db/schema";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { testKit, type KitCustomer, type KitShop, type TestKit } from "../../../tests/factories";
import { STREAM_TEST_KEY, STREAM_TEST_SECRET, streamChatHandlers, streamState } from "../../../tests/mocks/stream-chat";
import { chatUserById, createChannel } from "./service";
import { STREAM_BASE_URL, verifyChatToken } from "./tokens";

// Stream mode (ADR 0066, the seam): with STREAM_API_KEY and STREAM_API_SECRET set, GET chat/token signs for Stream,
// and the product's channels, the shop avatar on them and live-stream mutes go through Stream's server SDK; Stream's
// HTTP API is answered by MSW.

const mocks = setupServer(...streamChatHandlers);
let t: TestApi;
let kit: TestKit;
let shop: KitShop;
let buyer: KitCustomer;
let orderId: string;
beforeAll(async () => {
  mocks.listen({ onUnhandledRequest: "error" });
  t = await testApi({ STREAM_API_KEY: STREAM_TEST_KEY, STREAM_API_SECRET: STREAM_TEST_SECRET });
  kit = testKit(t);
  shop = await kit.shop();
  buyer = await kit.customer();
  const product = await kit.product(shop);
  ({ id: orderId } = await kit.orderAsPlaced(buyer.id, new Date(), [{ product, shop, unit: 1500, qty: 1 }]));
}, 240_000);
afterAll(async () => {
  mocks.close();
  await t?.close();
});

describe("Stream mode", () => {
  it("GET chat/token signs for Stream: Stream's key and address, a token made with Stream's secret", async () => {
    for (const auth of [
      { cookie: shop.owner.cookie },
      { headers: { authorization: `Bearer ${await kit.customerToken(buyer)}` } },
    ]) {
      const res = await t.get("chat/token", auth);
      expect(res.status).toBe(200);
      const { token, apiKey, baseURL, userId } = res.body.data;
      expect({ apiKey, baseURL }).toEqual({ apiKey: STREAM_TEST_KEY, baseURL: STREAM_BASE_URL });
      expect(verifyChatToken(STREAM_TEST_SECRET, token, new Date())).toEqual({ userId });
    }
  });

  it("POST chat makes the order's team channel on Stream (members upserted with names) and in our table", async () => {
    const res = await t.post("chat", {
      cookie: shop.owner.cookie,
      body: { orderId, shopId: shop.id, userId: buyer.id },
    });
    expect(res.status).toBe(200);
    const cid = `team:${orderId}_${shop.id}`;
    const onStream = streamState.channels.get(cid)!;
    expect(onStream.members.sort()).toEqual([buyer.id, shop.owner.id].sort());
    expect(onStream.createdBy).toBe(shop.owner.id);
    expect(onStream.data).toMatchObject({ orderId, shopId: shop.id, name: res.body.data.data.name });
    expect(streamState.users.get(buyer.id)).toMatchObject({ name: `${buyer.fName} ${buyer.lName}`.trim() });
    const [row] = await t.db.select().from(chatChannels).where(eq(chatChannels.cid, cid));
    expect(row.cid).toBe(cid);
  });

  it("the customer chat and a stream's live chat are made on Stream too; mutes are Stream's channel bans", async () => {
    const customer = await t.post("chat/customer", {
      headers: { authorization: `Bearer ${await kit.customerToken(buyer)}` },
      body: { memberId: buyer.id, userId: shop.owner.id },
    });
    expect(customer.status).toBe(200);
    expect(streamState.channels.get(customer.body.data.cid)?.members.sort()).toEqual([buyer.id, shop.owner.id].sort());
    const owner = (await chatUserById(t.deps, shop.owner.id))!;
    await createChannel(t.deps, owner, { type: "livestream", id: "stream-on-stream", members: [buyer.id] });
    expect(streamState.channels.has("livestream:stream-on-stream")).toBe(true);
    const body = { streamId: "stream-on-stream", userId: buyer.id, muted: true };
    expect((await t.post("chat/mute", { cookie: shop.owner.cookie, body })).status).toBe(200);
    expect(streamState.bans.has(`livestream:stream-on-stream ${buyer.id}`)).toBe(true);
    expect((await t.post("chat/mute", { cookie: shop.owner.cookie, body: { ...body, muted: false } })).status).toBe(
      200,
    );
    expect(streamState.bans.has(`livestream:stream-on-stream ${buyer.id}`)).toBe(false);
  });

  it("a new shop avatar reaches the owner's channels on Stream", async () => {
    const image = await kit.upload(shop.owner.cookie, "shopImage");
    const res = await t.post("shop/edit", { cookie: shop.owner.cookie, body: { _id: shop.id, image } });
    expect(res.status).toBe(200);
    expect(streamState.channels.get(`team:${orderId}_${shop.id}`)?.data.image).toBe(image);
    expect(streamState.channels.get("livestream:stream-on-stream")?.data.image).toBeUndefined();
  });

  it("when Stream refuses, the call fails with a clear message and nothing is written", async () => {
    const other = await kit.customer();
    const product = await kit.product(shop);
    const order = await kit.orderAsPlaced(other.id, new Date(), [{ product, shop, unit: 900, qty: 1 }]);
    streamState.failing = true;
    try {
      const res = await t.post("chat", {
        cookie: shop.owner.cookie,
        body: { orderId: order.id, shopId: shop.id, userId: other.id },
      });
      expect(res.status).toBe(500);
      expect(res.body.message).toMatch(/^The chat service did not accept the change; try again/);
    } finally {
      streamState.failing = false;
    }
    const cid = `team:${order.id}_${shop.id}`;
    expect(await t.db.select().from(chatChannels).where(eq(chatChannels.cid, cid))).toEqual([]);
    // a retry once Stream answers makes it
    const retry = await t.post("chat", {
      cookie: shop.owner.cookie,
      body: { orderId: order.id, shopId: shop.id, userId: other.id },
    });
    expect(retry.status).toBe(200);
    expect(streamState.channels.has(cid)).toBe(true);
  });
});
