import { StreamChat } from "stream-chat";
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { chatMembers, chatMutes, shopCustomers } from "#api/db/schema";
import type { TestApi } from "../../../tests/api-harness";
import type { KitCustomer, KitShop, TestKit } from "../../../tests/factories";
import { appAuth, chatTestServer, next, type Auth } from "./test-clients";
import { chatUserById, createChannel } from "./service";

// The mobile apps' side of chat (ADR 0066): a customer's one-to-one chat with a shop user (POST chat/customer), an
// influencer's channel from the app, a buyer writing to the shop about an order; and the live-stream moderation a
// shop expects: deleting a viewer's message and muting a viewer in that stream (POST chat/mute), with rights and
// isolation.

let t: TestApi;
let kit: TestKit;
let shopA: KitShop;
let shopB: KitShop;
let buyer: KitCustomer;
let outsider: KitCustomer;
let buyerAuth: Auth;
let outsiderAuth: Auth;

const { connect, origin } = chatTestServer(async (made) => {
  ({ t, kit } = made);
  [shopA, shopB] = [await kit.shop(), await kit.shop()];
  [buyer, outsider] = [await kit.customer(), await kit.customer()];
  // the buyer is a customer of shop A (as a purchase or a registration makes them)
  await t.db.insert(shopCustomers).values({ shopId: shopA.id, customerId: buyer.id, source: "ordered" });
  buyerAuth = await appAuth(kit, buyer);
  outsiderAuth = await appAuth(kit, outsider);
});

describe("POST chat/customer: a customer's one-to-one channel with a console user", () => {
  const body = () => ({ memberId: buyer.id, userId: shopA.owner.id });

  it("the owner opens it with their customer (both members, id from the two ids); again answers the same", async () => {
    const res = await t.post("chat/customer", { cookie: shopA.owner.cookie, body: body() });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      cid: `messaging:${buyer.id}_${shopA.owner.id}`,
      id: `${buyer.id}_${shopA.owner.id}`,
      type: "messaging",
    });
    const again = await t.post("chat/customer", { cookie: shopA.owner.cookie, body: body() });
    expect(again.body.data).toEqual(res.body.data);
    const members = await t.db.select().from(chatMembers).where(eq(chatMembers.cid, res.body.data.cid));
    expect(members.map((m) => m.userId).sort()).toEqual([buyer.id, shopA.owner.id].sort());
  });

  it("the customer opens the same channel from the app and writes to the shop; the owner gets it live", async () => {
    const res = await t.post("chat/customer", { ...buyerAuth, body: body() });
    expect(res.status).toBe(200);
    expect(res.body.data.cid).toBe(`messaging:${buyer.id}_${shopA.owner.id}`);
    const owner = await connect({ cookie: shopA.owner.cookie });
    await owner.channel("messaging", res.body.data.id).watch();
    const arrived = next(owner, "message.new");
    const customer = await connect(buyerAuth);
    await customer.channel("messaging", res.body.data.id).sendMessage({ text: "Is my parcel on its way?" });
    expect((await arrived).message?.text).toBe("Is my parcel on its way?");
  });

  it("a customer who never signed in to the app: 400 with the spec's message, nothing made", async () => {
    const never = await kit.customer();
    await t.db.insert(shopCustomers).values({ shopId: shopA.id, customerId: never.id, source: "registered" });
    const res = await t.post("chat/customer", {
      cookie: shopA.owner.cookie,
      body: { memberId: never.id, userId: shopA.owner.id },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      `This customer is not using the ${t.deps.env.BRAND_NAME} mobile app. Please ask them to install and log in.`,
    );
    const members = await t.db.select().from(chatMembers).where(eq(chatMembers.userId, never.id));
    expect(members).toEqual([]);
  });

  it("rights and isolation: another shop's customer 404, another userId 403, staff without direct chat 403", async () => {
    const rival = await t.post("chat/customer", {
      cookie: shopB.owner.cookie,
      body: { memberId: buyer.id, userId: shopB.owner.id },
    });
    expect(rival.status).toBe(404);
    const forSomeoneElse = await t.post("chat/customer", { cookie: shopB.owner.cookie, body: body() });
    expect(forSomeoneElse.status).toBe(403);
    const noChat = await kit.staff(shopA, ["chat:stream-chat"]);
    const staffRes = await t.post("chat/customer", {
      cookie: noChat.cookie,
      body: { memberId: buyer.id, userId: noChat.id },
    });
    expect(staffRes.status).toBe(403);
    const chatStaff = await kit.staff(shopA, ["chat:direct-chat"]);
    const ok = await t.post("chat/customer", {
      cookie: chatStaff.cookie,
      body: { memberId: buyer.id, userId: chatStaff.id },
    });
    expect(ok.status).toBe(200);
    // from the app: only for oneself, and only with a shop's user
    expect((await t.post("chat/customer", { ...outsiderAuth, body: body() })).status).toBe(404);
    const withCustomer = await t.post("chat/customer", {
      ...buyerAuth,
      body: { memberId: buyer.id, userId: outsider.id },
    });
    expect(withCustomer.status).toBe(404);
    expect((await t.post("chat/customer", { body: body() })).status).toBe(401);
    expect((await t.post("chat/customer", { cookie: shopA.owner.cookie, body: { memberId: buyer.id } })).status).toBe(
      400,
    );
  });

  it("a customer outside the channel cannot read or write it (404); an admin reads it", async () => {
    const id = `${buyer.id}_${shopA.owner.id}`;
    const stranger = await connect(outsiderAuth);
    await expect(stranger.channel("messaging", id).query()).rejects.toMatchObject({ status: 404 });
    const send = await fetch(`${origin()}/api/chat-service/channels/messaging/${id}/message?api_key=${stranger.key}`, {
      method: "POST",
      headers: { authorization: stranger._getToken()!, "content-type": "application/json" },
      body: JSON.stringify({ message: { text: "let me in" } }),
    });
    expect(send.status).toBe(404);
    expect(await stranger.queryChannels({ id: { $in: [id] } })).toEqual([]);
    const admin = await connect({ cookie: (await kit.admin()).cookie });
    const [seen] = await admin.queryChannels({ id: { $in: [id] } });
    expect(seen.state.messages.map((m) => m.text)).toContain("Is my parcel on its way?");
  });
});

describe("influencers in the app", () => {
  it("an approved influencer gets a token and opens a one-to-one channel with a shop owner", async () => {
    const made = await kit.approvedInfluencer();
    const token = await kit.influencerToken(made);
    const influencer = await connect({ headers: { authorization: `Bearer ${token}` } });
    const channel = influencer.channel("messaging", { members: [made._id, shopA.owner.id] });
    await channel.watch();
    const { message } = await channel.sendMessage({ text: "About the campaign" });
    expect(message.text).toBe("About the campaign");
    const owner = await connect({ cookie: shopA.owner.cookie });
    const [found] = await owner.queryChannels({ cid: { $in: [channel.cid] } });
    expect(found.state.messages.at(-1)?.text).toBe("About the campaign");
    const rival = await connect({ cookie: shopB.owner.cookie });
    expect(await rival.queryChannels({ cid: { $in: [channel.cid] } })).toEqual([]);
  });
});

describe("a live stream's chat: deleting a viewer's message and muting a viewer (POST chat/mute)", () => {
  const streamId = "stream-moderation-1";
  const cid = `livestream:${streamId}`;
  let viewer: StreamChat;
  beforeAll(async () => {
    const owner = (await chatUserById(t.deps, shopA.owner.id))!;
    await createChannel(t.deps, owner, { type: "livestream", id: streamId, members: [], data: { name: "Live" } });
    viewer = await connect(buyerAuth);
  });
  const mute = (auth: Auth, muted: boolean | string, userId = buyer.id) =>
    t.post("chat/mute", { ...auth, body: { streamId, userId, muted } });

  it("a viewer joins the stream's chat by watching it and writes; the owner deletes the message", async () => {
    const channel = viewer.channel("livestream", streamId);
    await channel.watch();
    const { message } = await channel.sendMessage({ text: "first!" });
    const owner = await connect({ cookie: shopA.owner.cookie });
    const deleted = await owner.deleteMessage(message.id);
    expect(deleted.message).toMatchObject({ id: message.id, type: "deleted", text: "" });
  });

  it("staff with stream chat mute a viewer: their sends are refused (403, code 17, a clear message); unmute", async () => {
    const staff = await kit.staff(shopA, ["chat:stream-chat"]);
    const res = await mute({ cookie: staff.cookie }, true);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ streamId, userId: buyer.id, muted: true, mutedUsers: [buyer.id] });
    await expect(viewer.channel("livestream", streamId).sendMessage({ text: "spam" })).rejects.toMatchObject({
      status: 403,
      code: 17,
    });
    const raw = await fetch(
      `${origin()}/api/chat-service/channels/livestream/${streamId}/message?api_key=${viewer.key}`,
      {
        method: "POST",
        headers: { authorization: viewer._getToken()!, "content-type": "application/json" },
        body: JSON.stringify({ message: { text: "spam again" } }),
      },
    );
    expect(await raw.json()).toMatchObject({ code: 17, message: "You are muted in this live stream's chat" });
    // muting is per stream: the viewer still writes elsewhere
    const dm = viewer.channel("messaging", `${buyer.id}_${shopA.owner.id}`);
    expect((await dm.sendMessage({ text: "still here" })).message.text).toBe("still here");
    // a form's "false" unmutes
    const unmuted = await mute({ cookie: shopA.owner.cookie }, "false");
    expect(unmuted.body.data).toMatchObject({ muted: false, mutedUsers: [] });
    expect((await viewer.channel("livestream", streamId).sendMessage({ text: "sorry" })).message.text).toBe("sorry");
  });

  it("rights: admin may; staff with direct chat only and another shop's owner 404; a viewer 403; outsider 404", async () => {
    expect((await mute({ cookie: (await kit.admin()).cookie }, true)).status).toBe(200);
    expect((await mute({ cookie: (await kit.staff(shopA, ["chat:direct-chat"])).cookie }, false)).status).toBe(404);
    expect((await mute({ cookie: shopB.owner.cookie }, false)).status).toBe(404);
    expect((await mute({ cookie: (await kit.staff(shopB, ["chat:stream-chat"])).cookie }, false)).status).toBe(404);
    expect((await mute(buyerAuth, false, outsider.id)).status).toBe(403);
    expect((await mute(outsiderAuth, false)).status).toBe(404);
    expect((await mute({}, false)).status).toBe(401);
    // none of the refusals unmuted the viewer
    const rows = await t.db
      .select()
      .from(chatMutes)
      .where(and(eq(chatMutes.cid, cid), eq(chatMutes.userId, buyer.id)));
    expect(rows).toHaveLength(1);
  });

  it("bad input: 400 and nothing changes; an unknown stream or user 404; muting oneself 400", async () => {
    const cookie = shopA.owner.cookie;
    expect((await t.post("chat/mute", { cookie, body: { streamId, userId: buyer.id } })).status).toBe(400);
    expect((await t.post("chat/mute", { cookie, body: { streamId, userId: buyer.id, muted: "maybe" } })).status).toBe(
      400,
    );
    const unknown = await t.post("chat/mute", {
      cookie,
      body: { streamId: "no-such-stream", userId: buyer.id, muted: true },
    });
    expect(unknown.status).toBe(404);
    expect((await mute({ cookie }, true, "no-such-user")).status).toBe(404);
    expect((await mute({ cookie }, true, shopA.owner.id)).status).toBe(400);
    const rows = await t.db.select().from(chatMutes).where(eq(chatMutes.cid, cid));
    expect(rows.map((r) => r.userId)).toEqual([buyer.id]);
  });
});
