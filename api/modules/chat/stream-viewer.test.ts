import { describe, expect, it } from "vitest";
import type { TestApi } from "../../../tests/api-harness";
import type { KitCustomer, KitShop, TestKit } from "../../../tests/factories";
import { appAuth, chatTestServer, type Auth } from "./test-clients";
import { chatUserById, createChannel } from "./service";

// What the stream viewer's live chat (spec 3 §2) asks of the chat service: a moderator (the shop's owner, its staff
// with stream chat, an admin) deletes any message of the stream's chat and everyone then reads it as deleted; a viewer
// deletes only their own; the members show who is muted in this stream (Stream's channel ban: `banned`).

let t: TestApi;
let kit: TestKit;
let shopA: KitShop;
let shopB: KitShop;
let viewerA: KitCustomer;
let viewerB: KitCustomer;
let authA: Auth;
let authB: Auth;
const streamId = "stream-viewer-chat-1";
const otherStreamId = "stream-viewer-chat-2";

const { connect } = chatTestServer(async (made) => {
  ({ t, kit } = made);
  [shopA, shopB] = [await kit.shop(), await kit.shop()];
  [viewerA, viewerB] = [await kit.customer(), await kit.customer()];
  authA = await appAuth(kit, viewerA);
  authB = await appAuth(kit, viewerB);
  const owner = (await chatUserById(t.deps, shopA.owner.id))!;
  for (const id of [streamId, otherStreamId])
    await createChannel(t.deps, owner, { type: "livestream", id, members: [], data: { name: "Live" } });
});

/** A viewer joins the stream's chat by watching it (as the app does) and writes. */
async function viewerWrites(auth: Auth, text: string, id = streamId) {
  const client = await connect(auth);
  const channel = client.channel("livestream", id);
  await channel.watch();
  return { client, message: (await channel.sendMessage({ text })).message };
}

describe("deleting a message of a stream's chat", () => {
  it("a viewer cannot delete another viewer's message (403, code 17); the author can delete their own", async () => {
    const { message } = await viewerWrites(authA, "buy now!");
    const { client: other } = await viewerWrites(authB, "hello");
    await expect(other.deleteMessage(message.id)).rejects.toMatchObject({ status: 403, code: 17 });
    const own = await viewerWrites(authB, "oops");
    expect((await own.client.deleteMessage(own.message.id)).message).toMatchObject({ type: "deleted" });
  });

  it("staff without stream chat and another shop's owner and staff cannot (404); nothing is deleted", async () => {
    const { message } = await viewerWrites(authA, "still here");
    for (const cookie of [
      (await kit.staff(shopA, ["chat:direct-chat"])).cookie,
      shopB.owner.cookie,
      (await kit.staff(shopB, ["chat:stream-chat"])).cookie,
    ]) {
      const refused = await connect({ cookie });
      await expect(refused.deleteMessage(message.id)).rejects.toMatchObject({ status: 404 });
    }
    const owner = await connect({ cookie: shopA.owner.cookie });
    expect((await owner.getMessage(message.id)).message).toMatchObject({ type: "regular", text: "still here" });
  });

  it("staff with stream chat delete a viewer's message; every reader then gets it as deleted", async () => {
    const { message, client } = await viewerWrites(authA, "spam link");
    const staff = await connect({ cookie: (await kit.staff(shopA, ["chat:stream-chat"])).cookie });
    expect((await staff.deleteMessage(message.id)).message).toMatchObject({
      id: message.id,
      type: "deleted",
      text: "",
    });
    const [seen] = await client.queryChannels({ cid: { $in: [`livestream:${streamId}`] } });
    expect(seen.state.messages.find((m) => m.id === message.id)).toMatchObject({ type: "deleted", text: "" });
    const admin = await connect({ cookie: (await kit.admin()).cookie });
    expect((await admin.getMessage(message.id)).message).toMatchObject({ type: "deleted" });
  });
});

describe("who is muted in a stream's chat (the members' `banned`)", () => {
  const bannedOf = async (auth: Auth, id = streamId) => {
    const reader = await connect(auth);
    const { members } = await reader.channel("livestream", id).queryMembers({});
    return Object.fromEntries(members.map((m) => [m.user_id, !!m.banned]));
  };

  it("a muted viewer shows as banned in that stream only, cannot send there, and is unbanned on unmute", async () => {
    await viewerWrites(authA, "first", otherStreamId);
    const mute = (muted: boolean) =>
      t.post("chat/mute", { cookie: shopA.owner.cookie, body: { streamId, userId: viewerA.id, muted } });
    expect((await mute(true)).status).toBe(200);
    expect(await bannedOf({ cookie: shopA.owner.cookie })).toMatchObject({ [viewerA.id]: true, [viewerB.id]: false });
    expect((await bannedOf({ cookie: shopA.owner.cookie }, otherStreamId))[viewerA.id]).toBe(false);
    const client = await connect(authA);
    await expect(client.channel("livestream", streamId).sendMessage({ text: "let me" })).rejects.toMatchObject({
      status: 403,
      code: 17,
    });
    expect((await mute(false)).status).toBe(200);
    expect((await bannedOf({ cookie: shopA.owner.cookie }))[viewerA.id]).toBe(false);
    expect((await client.channel("livestream", streamId).sendMessage({ text: "back" })).message.text).toBe("back");
  });

  it("a finished stream's chat refuses a viewer's message (403, code 17); a live one takes it", async () => {
    const owner = (await chatUserById(t.deps, shopA.owner.id))!;
    const finished = await kit.stream(shopA, { status: "finished" });
    const live = await kit.stream(shopA, { status: "broadcasting" });
    for (const s of [finished, live])
      await createChannel(t.deps, owner, { type: "livestream", id: s.id, members: [], data: { name: s.name } });
    await expect(viewerWrites(authB, "too late", finished.id)).rejects.toMatchObject({ status: 403, code: 17 });
    expect((await viewerWrites(authB, "just in time", live.id)).message.text).toBe("just in time");
  });

  it("another shop's owner cannot read the members (404)", async () => {
    const rival = await connect({ cookie: shopB.owner.cookie });
    await expect(rival.channel("livestream", streamId).queryMembers({})).rejects.toMatchObject({ status: 404 });
  });
});
