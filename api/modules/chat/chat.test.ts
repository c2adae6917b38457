import { Readable } from "node:stream";
import { StreamChat, type ChannelData } from "stream-chat";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestApi } from "../../../tests/api-harness";
import { PNG, type KitCustomer, type KitShop, type TestKit } from "../../../tests/factories";
import { listen } from "../../../tests/http-listen";
import { attachChat } from "./ws";
import { appAuth, chatTestServer, next, type Auth } from "./test-clients";
import { chatUserById, createChannel, distinctChannelId } from "./service";
import { chatProvider, signChatToken } from "./tokens";

// The embedded chat service (ADR 0066) driven by the real `stream-chat` client (the one stream-chat-react runs on),
// over a real listening server and its WebSocket: a client upgrade that changes the protocol fails here.

let t: TestApi;
let kit: TestKit;
let shopA: KitShop;
let shopB: KitShop;
let buyer: KitCustomer;
let outsider: KitCustomer;
let buyerAuth: Auth;
let outsiderAuth: Auth;

const { tokenOf, connect, origin } = chatTestServer(async (made) => {
  ({ t, kit } = made);
  [shopA, shopB] = [await kit.shop(), await kit.shop()];
  [buyer, outsider] = [await kit.customer(), await kit.customer()];
  buyerAuth = await appAuth(kit, buyer);
  outsiderAuth = await appAuth(kit, outsider);
});

describe("GET chat/token", () => {
  it("gives a console user a Stream user token (HS256, user_id) with the key and the service's address", async () => {
    const data = await tokenOf({ cookie: shopA.owner.cookie });
    expect(data.userId).toBe(shopA.owner.id);
    expect(data.baseURL).toBe("http://localhost/api/chat-service");
    const [header, payload] = data.token
      .split(".")
      .slice(0, 2)
      .map((p) => JSON.parse(Buffer.from(p, "base64url").toString() || "{}"));
    expect(header).toEqual({ alg: "HS256", typ: "JWT" });
    expect(payload.user_id).toBe(shopA.owner.id);
    expect(payload.exp).toBeGreaterThan(payload.iat);
  });

  it("gives the app's customers and influencers their own tokens by their bearer tokens", async () => {
    expect((await tokenOf(buyerAuth)).userId).toBe(buyer.id);
    const influencer = await kit.approvedInfluencer();
    const auth = { headers: { authorization: `Bearer ${await kit.influencerToken(influencer)}` } };
    expect((await tokenOf(auth)).userId).toBe(influencer._id);
  });

  it("refuses nobody (401) and staff without the chat module (403)", async () => {
    expect((await t.get("chat/token")).status).toBe(401);
    const noChat = await kit.staff(shopA, ["product:add"]);
    expect((await t.get("chat/token", { cookie: noChat.cookie })).status).toBe(403);
    const withChat = await kit.staff(shopA, ["chat:direct-chat"]);
    expect((await t.get("chat/token", { cookie: withChat.cookie })).status).toBe(200);
  });
});

describe("the protocol with the real stream-chat client", () => {
  let owner: StreamChat;
  let customer: StreamChat;
  let cid: string;

  beforeAll(async () => {
    owner = await connect({ cookie: shopA.owner.cookie });
    customer = await connect(buyerAuth);
  });

  it("connects: the first health check carries the connection id and the user with unread counts", () => {
    expect(owner.wsConnection?.connectionID).toBeTruthy();
    expect(owner.user).toMatchObject({ id: shopA.owner.id, total_unread_count: 0, unread_channels: 0 });
  });

  it("opens a one-to-one channel from its members, which the customer finds in their channel list", async () => {
    const channel = owner.channel("messaging", {
      members: [shopA.owner.id, buyer.id],
      name: "About my order",
    } as ChannelData);
    await channel.watch();
    expect(channel.id).toBe(distinctChannelId([shopA.owner.id, buyer.id]));
    cid = channel.cid;
    expect(channel.data).toMatchObject({ name: "About my order", shop_id: shopA.id });
    expect(Object.keys(channel.state.members).sort()).toEqual([shopA.owner.id, buyer.id].sort());
    const found = await customer.queryChannels({ members: { $in: [buyer.id] } }, [{ last_message_at: -1 }], {
      watch: true,
      state: true,
    });
    expect(found.map((c) => c.cid)).toEqual([cid]);
    expect(found[0].data?.own_capabilities).toContain("send-message");
  });

  it("a message sent by one arrives live at the other over the WebSocket; unread counts until read", async () => {
    const ownerChannel = owner.channel("messaging", cid.split(":")[1]);
    await ownerChannel.watch();
    const arrived = next(customer, "message.new");
    const sent = await ownerChannel.sendMessage({ text: "Your parcel left today" });
    const event = await arrived;
    expect(event.message).toMatchObject({ id: sent.message.id, text: "Your parcel left today" });
    expect(event.user?.id).toBe(shopA.owner.id);
    expect(event.total_unread_count).toBe(1);
    const customerChannel = customer.channel("messaging", cid.split(":")[1]);
    expect(customerChannel.state.messages.map((m) => m.text)).toContain("Your parcel left today");
    expect(customerChannel.countUnread()).toBe(1);

    const read = next(owner, "message.read");
    await customerChannel.markRead();
    expect((await read).user?.id).toBe(buyer.id);
    const [again] = await customer.queryChannels({ cid: { $in: [cid] } });
    expect(again.state.read[buyer.id].unread_messages).toBe(0);
  });

  it("pages older messages with id_lt", async () => {
    const channel = owner.channel("messaging", cid.split(":")[1]);
    for (const text of ["one", "two", "three"]) await channel.sendMessage({ text });
    const latest = await channel.query({ messages: { limit: 2 } });
    expect(latest.messages.map((m) => m.text)).toEqual(["two", "three"]);
    const older = await channel.query({ messages: { limit: 2, id_lt: latest.messages[0].id } });
    expect(older.messages.map((m) => m.text)).toEqual(["Your parcel left today", "one"]);
  });

  it("tells the other side of edits and deletions", async () => {
    const channel = owner.channel("messaging", cid.split(":")[1]);
    const { message } = await channel.sendMessage({ text: "Tracking: AB123" });
    const updated = next(customer, "message.updated");
    await owner.updateMessage({ id: message.id, text: "Tracking: AB124" });
    expect((await updated).message).toMatchObject({ id: message.id, text: "Tracking: AB124" });
    const deleted = next(customer, "message.deleted");
    await owner.deleteMessage(message.id);
    expect((await deleted).message).toMatchObject({ id: message.id, type: "deleted", text: "" });
    // only the author edits
    const { message: kept } = await channel.sendMessage({ text: "Thanks for your order" });
    await expect(customer.updateMessage({ id: kept.id, text: "mine now" })).rejects.toMatchObject({
      status: 403,
      code: 17,
    });
  });

  it("sends typing events to the channel's watchers", async () => {
    const typing = next(owner, "typing.start");
    await customer.channel("messaging", cid.split(":")[1]).keystroke();
    expect((await typing).user?.id).toBe(buyer.id);
    const stopped = next(owner, "typing.stop");
    await customer.channel("messaging", cid.split(":")[1]).stopTyping();
    expect((await stopped).user?.id).toBe(buyer.id);
  });

  it("uploads an image into storage and sends it as an attachment", async () => {
    const channel = customer.channel("messaging", cid.split(":")[1]);
    const upload = await channel.sendImage(Readable.from([Buffer.from(PNG)]), "photo.png", "image/png");
    expect(upload.file).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/files\//);
    const stored = await fetch(upload.file);
    expect(stored.status).toBe(200);
    expect(stored.headers.get("content-type")).toBe("image/png");
    const arrived = next(owner, "message.new");
    await channel.sendMessage({ text: "", attachments: [{ type: "image", image_url: upload.file }] });
    expect((await arrived).message?.attachments).toEqual([{ type: "image", image_url: upload.file }]);
    // a file that is not an image is refused by the image upload
    await expect(
      channel.sendImage(Readable.from([Buffer.from("plain text")]), "note.txt", "text/plain"),
    ).rejects.toMatchObject({ status: 400, code: 4 });
  });

  it("a member not watching the channel gets notification.message_new with the channel", async () => {
    const other = await connect(buyerAuth);
    const notified = next(other, "notification.message_new");
    await owner.channel("messaging", cid.split(":")[1]).sendMessage({ text: "Are you there?" });
    const event = await notified;
    expect(event.channel?.cid).toBe(cid);
    expect(event.message?.text).toBe("Are you there?");
  });

  it("finds the people the caller chats with (query users) and the channel's members", async () => {
    const { users } = await customer.queryUsers({ id: { $in: [shopA.owner.id, shopB.owner.id] } });
    expect(users.map((u) => u.id)).toEqual([shopA.owner.id]);
    const { members } = await customer.channel("messaging", cid.split(":")[1]).queryMembers({});
    expect(members.map((m) => m.user_id).sort()).toEqual([shopA.owner.id, buyer.id].sort());
  });

  describe("rights and isolation", () => {
    it("another shop's owner and a customer outside the channel get 404 and change nothing", async () => {
      const id = cid.split(":")[1];
      const rival = await connect({ cookie: shopB.owner.cookie });
      await expect(rival.channel("messaging", id).query()).rejects.toMatchObject({ status: 404, code: 16 });
      await expect(rival.channel("messaging", id).sendMessage({ text: "hi" })).rejects.toMatchObject({ status: 404 });
      expect(await rival.queryChannels({})).toEqual([]);
      const stranger = await connect(outsiderAuth);
      await expect(stranger.channel("messaging", id).query()).rejects.toMatchObject({ status: 404 });
      await expect(stranger.post(`${stranger.baseURL}/channels/messaging/${id}/read`, {})).rejects.toMatchObject({
        status: 404,
      });
      expect(await stranger.queryChannels({ cid: { $in: [cid] } })).toEqual([]);
    });

    it("an admin reads every channel but may not write in one they are not in", async () => {
      const admin = await connect({ cookie: (await kit.admin()).cookie });
      const [found] = await admin.queryChannels({ cid: { $in: [cid] } });
      expect(found.cid).toBe(cid);
      await expect(found.sendMessage({ text: "admin here" })).rejects.toMatchObject({ status: 403, code: 17 });
    });

    it("staff with direct chat see their shop's channels; staff of another shop do not", async () => {
      const mine = await connect({ cookie: (await kit.staff(shopA, ["chat:direct-chat"])).cookie });
      expect((await mine.queryChannels({})).map((c) => c.cid)).toEqual([cid]);
      const theirs = await connect({ cookie: (await kit.staff(shopB, ["chat:direct-chat"])).cookie });
      expect(await theirs.queryChannels({})).toEqual([]);
    });

    it("refuses bad input with 400 and Stream's error shape", async () => {
      const channel = owner.channel("messaging", cid.split(":")[1]);
      await expect(channel.sendMessage({ text: "x".repeat(5001) })).rejects.toMatchObject({ status: 400, code: 4 });
      await expect(owner.queryChannels({ frozen: true })).rejects.toMatchObject({ status: 400, code: 4 });
      await expect(owner.channel("nope", "x").query()).rejects.toMatchObject({ status: 400 });
      await expect(channel.sendEvent({ type: "message.new" } as never)).rejects.toMatchObject({ status: 400 });
      const res = await fetch(`${origin()}/api/chat-service/channels?api_key=liveshop-chat`, {
        method: "POST",
        headers: { authorization: "not-a-token", "content-type": "application/json" },
        body: "{}",
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: 5, StatusCode: 401 });
    });

    it("refuses a WebSocket with a forged token", async () => {
      const { apiKey, baseURL, userId } = await tokenOf({ cookie: shopA.owner.cookie });
      const forged = new StreamChat(apiKey, {
        baseURL: baseURL.replace("http://localhost", origin()),
        allowServerSideConnect: true,
      });
      const header = Buffer.from(JSON.stringify({ alg: "HS256", typ: "JWT" })).toString("base64url");
      const body = Buffer.from(JSON.stringify({ user_id: userId })).toString("base64url");
      await expect(forged.connectUser({ id: userId }, `${header}.${body}.bad`)).rejects.toThrow();
      await forged.disconnectUser();
    });
  });
});

describe("a live stream's channel (livestream): stream chat rights and moderation", () => {
  let cid: string;
  let viewer: StreamChat;
  beforeAll(async () => {
    const owner = (await chatUserById(t.deps, shopA.owner.id))!;
    ({ cid } = await createChannel(t.deps, owner, { type: "livestream", id: "stream-live-1", members: [buyer.id] }));
    viewer = await connect(buyerAuth);
  });

  it("staff need stream chat to see it; with it they read and moderate but do not write", async () => {
    const direct = await connect({ cookie: (await kit.staff(shopA, ["chat:direct-chat"])).cookie });
    expect(await direct.queryChannels({ type: "livestream" })).toEqual([]);
    await expect(direct.channel("livestream", "stream-live-1").query()).rejects.toMatchObject({ status: 404 });
    const moderator = await connect({ cookie: (await kit.staff(shopA, ["chat:stream-chat"])).cookie });
    const [channel] = await moderator.queryChannels({ type: "livestream" }, [], { watch: true });
    expect(channel.cid).toBe(cid);
    expect(channel.data?.own_capabilities).toContain("delete-any-message");
    expect(channel.data?.own_capabilities).not.toContain("send-message");
    await expect(channel.sendMessage({ text: "hello" })).rejects.toMatchObject({ status: 403, code: 17 });

    const { message } = await viewer.channel("livestream", "stream-live-1").sendMessage({ text: "spam spam" });
    const deleted = next(moderator, "message.deleted");
    await moderator.deleteMessage(message.id);
    expect((await deleted).message).toMatchObject({ id: message.id, type: "deleted" });
    // a customer outside the stream's channel cannot touch its messages
    const stranger = await connect(outsiderAuth);
    await expect(stranger.deleteMessage(message.id)).rejects.toMatchObject({ status: 404 });
  });

  it("counts no unread messages in a live stream's channel", async () => {
    const [channel] = await viewer.queryChannels({ cid: { $in: [cid] } });
    expect(channel.state.read[buyer.id].unread_messages).toBe(0);
  });

  it("refuses an expired token with Stream's code 40 (the client then asks for a new one)", async () => {
    const old = signChatToken(chatProvider(t.deps.env).secret, buyer.id, new Date(Date.now() - 2 * 86_400_000));
    const res = await fetch(`${origin()}/api/chat-service/channels?api_key=liveshop-chat`, {
      method: "POST",
      headers: { authorization: old, "content-type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 40, StatusCode: 401 });
  });
});

describe.runIf(process.env.DATABASE_URL)("two app instances on one PostgreSQL", () => {
  it("a message sent through one arrives live at a client of the other", async () => {
    const second = await t.secondInstance();
    const otherServer = await listen(second.app);
    const detachOther = attachChat(otherServer.server, second.deps);
    try {
      const { token, apiKey, baseURL, userId } = await tokenOf(buyerAuth);
      const there = new StreamChat(apiKey, {
        baseURL: baseURL.replace("http://localhost", otherServer.origin),
        allowServerSideConnect: true,
      });
      await there.connectUser({ id: userId }, token);
      const here = await connect({ cookie: shopA.owner.cookie });
      const id = distinctChannelId([shopA.owner.id, buyer.id]);
      await there.channel("messaging", id).watch();
      const arrived = next(there, "message.new");
      await here.channel("messaging", id).sendMessage({ text: "Across instances" });
      expect((await arrived).message?.text).toBe("Across instances");
      await there.disconnectUser();
    } finally {
      detachOther();
      await otherServer.close();
    }
  });
});
