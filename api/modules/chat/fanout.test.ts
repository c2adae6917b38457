import type { ChannelData, Event, StreamChat } from "stream-chat";
import { beforeAll, describe, expect, it } from "vitest";
import { publish } from "#api/platform/providers/events";
import type { TestApi } from "../../../tests/api-harness";
import type { KitCustomer, KitShop, TestKit } from "../../../tests/factories";
import { appAuth, chatTestServer, next } from "./test-clients";
import { CHAT_BUS, chatUserById, createChannel, distinctChannelId } from "./service";

// The fan-out (ADR 0066, "One encoding per event"): an instance encodes an event once and sends the same text to every
// connection it is for; only what differs per recipient (their own unread totals, the capabilities in a channel
// they see) is theirs. Driven by the real `stream-chat` client.

let t: TestApi;
let kit: TestKit;
let shop: KitShop;
let viewers: KitCustomer[];
const VIEWERS = 12;
const streamId = "fanout-stream-1";
/** An event as the server sent it: without the time the client stamps on receipt. */
const sent = ({ received_at: _, ...event }: Event) => event;

const { connect } = chatTestServer(async (made) => {
  ({ t, kit } = made);
  shop = await kit.shop();
  viewers = [];
  for (let i = 0; i < VIEWERS; i++) viewers.push(await kit.customer());
  const owner = (await chatUserById(t.deps, shop.owner.id))!;
  await createChannel(t.deps, owner, { type: "livestream", id: streamId, members: [], data: { name: "Live" } });
});

describe("one event to many connections", () => {
  let clients: StreamChat[];

  beforeAll(async () => {
    clients = [];
    for (const v of viewers) {
      const client = await connect(await appAuth(kit, v));
      await client.channel("livestream", streamId).watch();
      clients.push(client);
    }
  }, 120_000);

  it("a live stream's message.new reaches every watching viewer with the same content", async () => {
    const arrivals = clients.map((c) => next(c, "message.new"));
    const { message } = await clients[0].channel("livestream", streamId).sendMessage({ text: "Hello, everyone" });
    const events = (await Promise.all(arrivals)).map(sent);
    expect(events).toHaveLength(VIEWERS);
    expect(events[0]).toMatchObject({
      type: "message.new",
      cid: `livestream:${streamId}`,
      message: { id: message.id, text: "Hello, everyone", user: { id: viewers[0].id } },
      watcher_count: VIEWERS,
    });
    // a live stream's messages count as unread for nobody: no viewer's event carries totals
    expect(events[0]).not.toHaveProperty("total_unread_count");
    for (const e of events) expect(e).toEqual(events[0]);
  });

  it("channel.updated: the same channel to all, with each one's own capabilities (the owner moderates)", async () => {
    const owner = await connect({ cookie: shop.owner.cookie });
    await owner.channel("livestream", streamId).watch();
    const arrivals = [owner, ...clients].map((c) => next(c, "channel.updated"));
    await publish(t.db, CHAT_BUS, { k: "channel", t: "channel.updated", cid: `livestream:${streamId}` });
    const [forOwner, ...forViewers] = (await Promise.all(arrivals)).map(sent);
    expect(forOwner.channel?.own_capabilities).toContain("delete-any-message");
    expect(forViewers[0].channel?.own_capabilities).toContain("send-message");
    expect(forViewers[0].channel?.own_capabilities).not.toContain("delete-any-message");
    for (const e of forViewers) expect(e).toEqual(forViewers[0]);
    const { own_capabilities: _o, ...ownerChannel } = forOwner.channel!;
    const { own_capabilities: _v, ...viewerChannel } = forViewers[0].channel!;
    expect(ownerChannel).toEqual(viewerChannel);
  });
});

describe("what differs per recipient", () => {
  it("in a direct channel, each watching member gets the shared event with their own unread totals", async () => {
    const [buyer] = viewers;
    const id = distinctChannelId([shop.owner.id, buyer.id]);
    const owner = await connect({ cookie: shop.owner.cookie });
    const ownerChannel = owner.channel("messaging", { members: [shop.owner.id, buyer.id] } as ChannelData);
    await ownerChannel.watch();
    expect(ownerChannel.id).toBe(id);
    const customer = await connect(await appAuth(kit, buyer));
    await customer.channel("messaging", id).watch();
    const arrivals = [owner, customer].map((c) => next(c, "message.new"));
    await ownerChannel.sendMessage({ text: "Your order has shipped" });
    const [forOwner, forCustomer] = (await Promise.all(arrivals)).map(sent);
    // the sender has read their own message; the customer has one unread
    expect(forOwner).toMatchObject({ total_unread_count: 0, unread_channels: 0 });
    expect(forCustomer).toMatchObject({ total_unread_count: 1, unread_channels: 1 });
    const shared = ({ total_unread_count: _t, unread_count: _u, unread_channels: _c, ...rest }: Event) => rest;
    expect(shared(forOwner)).toEqual(shared(forCustomer));
    expect(forCustomer.message).toMatchObject({ text: "Your order has shipped", user: { id: shop.owner.id } });
  });
});
