import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { chatChannels, streams } from "#api/db/schema";
import type { TestApi } from "../../../tests/api-harness";
import { MP4, type KitCustomer, type KitShop, type TestKit } from "../../../tests/factories";
import { appAuth, chatTestServer, next } from "./test-clients";

// The product's channels (spec 2 §7 Chat, spec 3 §7, spec 1 §7; ADR 0066): POST chat, GET chat/chat-request,
// POST chat/get-data, a stream's livestream channel, and the shop avatar on the owner's channels.

let t: TestApi;
let kit: TestKit;
let shopA: KitShop;
let shopB: KitShop;
let buyer: KitCustomer;
let outsider: KitCustomer;
let orderId: string;

const { connect } = chatTestServer(async (made) => {
  ({ t, kit } = made);
  const catalogue = await kit.catalogue();
  shopA = await kit.shop({ departments: [catalogue.department.id] });
  shopB = await kit.shop();
  [buyer, outsider] = [await kit.customer(), await kit.customer()];
  const product = await kit.product(shopA);
  ({ id: orderId } = await kit.orderAsPlaced(buyer.id, new Date(), [{ product, shop: shopA, unit: 1999, qty: 1 }]));
});

const body = () => ({ orderId, shopId: shopA.id, userId: buyer.id });
const request = () => ({ cusId: buyer.id, shopId: shopA.id, orderId });

describe("POST chat and GET chat/chat-request: an order's team channel with its shop", () => {
  it("answers 404 from chat-request before the channel is opened", async () => {
    const res = await t.get("chat/chat-request", { cookie: shopA.owner.cookie, query: request() });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Chat not found");
  });

  it("the owner opens it (buyer and owner members); again answers the same channel; chat-request finds it", async () => {
    const res = await t.post("chat", { cookie: shopA.owner.cookie, body: body() });
    expect(res.status).toBe(200);
    const channel = res.body.data;
    expect(channel).toMatchObject({
      cid: `team:${orderId}_${shopA.id}`,
      id: `${orderId}_${shopA.id}`,
      type: "team",
      data: { orderId, shopId: shopA.id },
    });
    const again = await t.post("chat", { cookie: shopA.owner.cookie, body: body() });
    expect(again.body.data).toEqual(channel);
    const found = await t.get("chat/chat-request", { ...(await appAuth(kit, buyer)), query: request() });
    expect(found.status).toBe(200);
    expect(found.body.data).toEqual(channel);
    // the buyer, in the app, can watch it with the real client
    const client = await connect(await appAuth(kit, buyer));
    const [watched] = await client.queryChannels({ cid: { $in: [channel.cid] } });
    expect(Object.keys(watched.state.members).sort()).toEqual([buyer.id, shopA.owner.id].sort());
  });

  it("the buyer opens it from the app too (the same channel)", async () => {
    const res = await t.post("chat", { ...(await appAuth(kit, buyer)), body: body() });
    expect(res.status).toBe(200);
    expect(res.body.data.cid).toBe(`team:${orderId}_${shopA.id}`);
  });

  it("staff with direct chat and admins may; staff without it 403; another shop's owner 404; not the buyer 404", async () => {
    const chatStaff = await kit.staff(shopA, ["chat:direct-chat"]);
    expect((await t.post("chat", { cookie: chatStaff.cookie, body: body() })).status).toBe(200);
    expect((await t.post("chat", { cookie: (await kit.admin()).cookie, body: body() })).status).toBe(200);
    const streamChatOnly = await kit.staff(shopA, ["chat:stream-chat"]);
    expect((await t.post("chat", { cookie: streamChatOnly.cookie, body: body() })).status).toBe(403);
    expect((await t.post("chat", { cookie: shopB.owner.cookie, body: body() })).status).toBe(404);
    expect((await t.get("chat/chat-request", { cookie: shopB.owner.cookie, query: request() })).status).toBe(404);
    const stranger = await appAuth(kit, outsider);
    expect((await t.post("chat", { ...stranger, body: body() })).status).toBe(404);
    expect((await t.get("chat/chat-request", { ...stranger, query: request() })).status).toBe(404);
    expect((await t.post("chat", { body: body() })).status).toBe(401);
  });

  it("an order that is not the shop's, or not that buyer's, is 404 'Order not found'; bad input 400", async () => {
    const wrongShop = await t.post("chat", {
      cookie: (await kit.admin()).cookie,
      body: { ...body(), shopId: shopB.id },
    });
    expect(wrongShop.status).toBe(404);
    expect(wrongShop.body.message).toBe("Order not found");
    const wrongBuyer = await t.post("chat", { cookie: shopA.owner.cookie, body: { ...body(), userId: outsider.id } });
    expect(wrongBuyer.status).toBe(404);
    expect((await t.post("chat", { cookie: shopA.owner.cookie, body: { orderId } })).status).toBe(400);
    expect((await t.get("chat/chat-request", { cookie: shopA.owner.cookie, query: { orderId } })).status).toBe(400);
  });
});

describe("POST chat/get-data", () => {
  it("answers the members' names, images and roles and the order, only for channels the caller may read", async () => {
    const cid = `team:${orderId}_${shopA.id}`;
    const res = await t.post("chat/get-data", { cookie: shopA.owner.cookie, body: { cids: [cid, "team:nope"] } });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    const [data] = res.body.data;
    expect(data).toMatchObject({ cid, type: "team", order: { _id: orderId, shopId: shopA.id } });
    expect(data.members.map((m: { _id: string }) => m._id)).toEqual(expect.arrayContaining([buyer.id, shopA.owner.id]));
    expect(data.members.find((m: { _id: string }) => m._id === buyer.id).role).toBe("endUser");
    const rival = await t.post("chat/get-data", { cookie: shopB.owner.cookie, body: { cids: [cid] } });
    expect(rival.body.data).toEqual([]);
    const stranger = await t.post("chat/get-data", { ...(await appAuth(kit, outsider)), body: { cids: [cid] } });
    expect(stranger.body.data).toEqual([]);
    expect((await t.post("chat/get-data", { cookie: shopA.owner.cookie, body: { cids: [] } })).status).toBe(400);
  });
});

describe("a stream's livestream channel (spec 3 §7)", () => {
  it("POST live-stream/web opens it with the stream; streamChat holds its descriptor; the client watches it", async () => {
    const cookie = shopA.owner.cookie;
    const res = await t.post("live-stream/web", {
      cookie,
      body: {
        name: "Chat Test Live",
        startDateAndTime: Date.now() + 86_400_000,
        endDateAndTime: Date.now() + 90_000_000,
        categories: [(await kit.catalogue()).department.id],
        streamer: shopA.owner.id,
        image: await kit.upload(cookie, "streamThumbnail"),
        video: await kit.upload(cookie, "streamVideo", { bytes: MP4, type: "video/mp4", fileName: "clip.mp4" }),
      },
    });
    expect(res.status).toBe(200);
    const stream = res.body.data;
    expect(stream.streamChat).toMatchObject({
      cid: `livestream:${stream._id}`,
      id: stream._id,
      type: "livestream",
      data: { name: "Chat Test Live", streamId: stream._id },
    });
    const [row] = await t.db.select().from(streams).where(eq(streams.id, stream._id));
    expect(row.streamChat).toEqual(stream.streamChat);
    const owner = await connect({ cookie });
    const channel = owner.channel("livestream", stream._id);
    await channel.watch();
    expect(channel.data).toMatchObject({ name: "Chat Test Live" });
    const { message } = await channel.sendMessage({ text: "Welcome to the stream" });
    expect(message.text).toBe("Welcome to the stream");
  });
});

describe("the shop avatar (spec 1 §7)", () => {
  it("the owner's channels take the new image, and their watchers get channel.updated", async () => {
    const cid = `team:${orderId}_${shopA.id}`;
    const customer = await connect(await appAuth(kit, buyer));
    const channel = customer.channel("team", `${orderId}_${shopA.id}`);
    await channel.watch();
    const updated = next(customer, "channel.updated");
    const image = await kit.upload(shopA.owner.cookie, "shopImage");
    const res = await t.post("shop/edit", { cookie: shopA.owner.cookie, body: { _id: shopA.id, image } });
    expect(res.status).toBe(200);
    const event = await updated;
    expect(event.channel).toMatchObject({ cid, image });
    expect((channel.data as { image?: string }).image).toBe(image);
    const [row] = await t.db.select().from(chatChannels).where(eq(chatChannels.cid, cid));
    expect(row.data.image).toBe(image);
    // another shop's channels are untouched
    const rivalOrder = await kit.orderAsPlaced(buyer.id, new Date(), [
      { product: await kit.product(shopB), shop: shopB, unit: 500, qty: 1 },
    ]);
    const rival = await t.post("chat", {
      cookie: shopB.owner.cookie,
      body: { orderId: rivalOrder.id, shopId: shopB.id, userId: buyer.id },
    });
    const removed = await t.post("shop/edit", { cookie: shopA.owner.cookie, body: { _id: shopA.id, image: "null" } });
    expect(removed.status).toBe(200);
    const [after] = await t.db.select().from(chatChannels).where(eq(chatChannels.cid, cid));
    expect(after.data.image).toBeNull();
    const [rivalRow] = await t.db.select().from(chatChannels).where(eq(chatChannels.cid, rival.body.data.cid));
    expect(rivalRow.data.image).not.toBe(image);
  });
});
