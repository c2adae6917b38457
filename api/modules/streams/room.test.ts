import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { MSG } from "#contract/core/messages";
import { roomReadCount, streamChannel } from "./room";
import { ROOM_STREAMS_PER_ADDRESS, ROOM_STREAMS_PER_SESSION } from "./room-watch";
import {
  accessGrid,
  KIT_PASSWORD,
  testKit,
  type KitCustomer,
  type KitProduct,
  type KitShop,
  type TestKit,
} from "../../../tests/factories";

// The live room (ADR 0040): GET live-stream/room/{id} answers a stream's sales so far (its shop's lines of
// the orders placed from it), and GET live-stream/room/{id}/events sends the same snapshot on connect and again after
// every order placed from the stream, on any app instance on the same database.

let t: TestApi;
let kit: TestKit;
let shopA: KitShop;
let shopB: KitShop;
let buyer: KitCustomer;
let token: string;
let shirt: KitProduct; // 19.99, promoted 5.00 off
let plain: KitProduct; // 19.99, in the stream without a promotion
let theirs: KitProduct; // shop B's
const cookie: Record<string, string> = {};
beforeAll(async () => {
  t = await testApi();
  kit = testKit(t);
  shopA = await kit.shop();
  shopB = await kit.shop();
  buyer = await kit.customer();
  token = await kit.customerToken(buyer);
  shirt = await kit.product(shopA, { stock: 50 });
  plain = await kit.product(shopA, { stock: 40 });
  theirs = await kit.product(shopB, { stock: 30 });
  cookie.admin = (await kit.admin()).cookie;
  cookie.promoter = (await kit.staff(shopA, ["stream:promote"])).cookie;
  cookie.goer = (await kit.staff(shopA, ["stream:go-live"])).cookie;
  cookie.nobody = (await kit.staff(shopA, ["product:add", "coupon:add"])).cookie;
  cookie.staffB = (await kit.staff(shopB, ["stream:schedule", "stream:promote", "stream:go-live"])).cookie;
});
afterAll(() => t.close());

const address = { address: "1 George Street", city: "Sydney" };
const bearer = () => ({ authorization: `Bearer ${token}` });
const place = (streamId: string, lines: { productId: string; quantity: number }[], via: Pick<TestApi, "post"> = t) =>
  via.post("order", { body: { orderType: "online", address, streamId, lines }, headers: bearer() });
const liveStream = () =>
  kit.stream(
    shopA,
    { status: "broadcasting", likes: 12, viewersCount: 345 },
    {
      products: [{ productId: shirt._id, promotionType: "flat", promotionCents: 500 }, { productId: plain._id }],
    },
  );

describe("GET live-stream/room/{id}", () => {
  it("counts the orders placed from the stream, their revenue and items of its shop, and each promoted product's sales and stock", async () => {
    const live = await liveStream();
    const before = await t.as(shopA.owner.cookie).get(`live-stream/room/${live.id}`);
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({
      streamId: live.id,
      status: "broadcasting",
      ordersCount: 0,
      revenue: 0,
      itemsSold: 0,
      likes: 12,
      viewersCount: 345,
    });
    const stockBefore = Object.fromEntries(
      before.body.data.products.map((p: { productId: string; stock: number }) => [p.productId, p.stock]),
    );

    expect(
      (
        await place(live.id, [
          { productId: shirt._id, quantity: 2 },
          { productId: plain._id, quantity: 1 },
        ])
      ).status,
    ).toBe(201);
    // shop B's line of an order from A's stream is not A's sale
    expect(
      (
        await place(live.id, [
          { productId: shirt._id, quantity: 1 },
          { productId: theirs._id, quantity: 3 },
        ])
      ).status,
    ).toBe(201);
    // an order placed without the stream is not the stream's
    expect(
      (
        await t.post("order", {
          body: { orderType: "online", address, lines: [{ productId: shirt._id, quantity: 1 }] },
          headers: bearer(),
        })
      ).status,
    ).toBe(201);

    const room = (await t.as(shopA.owner.cookie).get(`live-stream/room/${live.id}`)).body.data;
    // 3 shirts at 14.99 and one plain at 19.99
    expect(room).toMatchObject({ ordersCount: 2, revenue: 64.96, itemsSold: 4, likes: 12, viewersCount: 345 });
    expect(
      room.products.map((p: { productId: string; name: string; unitsSold: number; stock: number }) => [
        p.productId,
        p.unitsSold,
        p.stock,
      ]),
    ).toEqual([
      [shirt._id, 3, stockBefore[shirt._id] - 4],
      [plain._id, 1, stockBefore[plain._id] - 1],
    ]);
    expect(room.products[0].name).toBe(shirt.name);
  });

  it("is the stream's own shop's and the admins': another shop's staff get 404, staff without a stream right 403, customers' tokens are refused", async () => {
    const live = await liveStream();
    expect((await t.as(cookie.admin).get(`live-stream/room/${live.id}`)).status).toBe(200);
    expect((await t.as(cookie.promoter).get(`live-stream/room/${live.id}`)).status).toBe(200);
    const other = await t.as(shopB.owner.cookie).get(`live-stream/room/${live.id}`);
    expect(other.status).toBe(404);
    expect(other.body.status).toBe(1004);
    expect((await t.as(cookie.staffB).get(`live-stream/room/${live.id}`)).status).toBe(404);
    expect((await t.as(cookie.nobody).get(`live-stream/room/${live.id}`)).status).toBe(403);
    // a customer's bearer token is no console session (as on every console call)
    expect((await t.get(`live-stream/room/${live.id}`, { headers: bearer() })).status).toBe(401);
    expect((await t.get(`live-stream/room/${live.id}`)).status).toBe(401);
    expect((await t.as(shopA.owner.cookie).get("live-stream/room/0123456789abcdef01234567")).status).toBe(404);
  });
});

describe("GET live-stream/room/{id}/events", () => {
  it("sends the room on connect, then the room with the order after an order is placed from the stream", async () => {
    const live = await liveStream();
    const events = await t.events(`live-stream/room/${live.id}/events`, { cookie: shopA.owner.cookie });
    expect(events.status).toBe(200);
    expect(events.headers.get("content-type")).toContain("text/event-stream");
    const first = await events.next!();
    expect(first.event).toBe("room");
    expect(first.data).toMatchObject({ streamId: live.id, ordersCount: 0, revenue: 0, itemsSold: 0 });

    const next = events.next!();
    expect((await place(live.id, [{ productId: shirt._id, quantity: 2 }])).status).toBe(201);
    const after = await next;
    expect(after.data).toMatchObject({ streamId: live.id, ordersCount: 1, revenue: 29.98, itemsSold: 2 });
    expect(after.data.products.find((p: { productId: string }) => p.productId === shirt._id).unitsSold).toBe(2);
    expect(t.deps.events.listeners(streamChannel(live.id))).toBe(1);
    // the viewer leaves: its subscription ends with the connection
    await events.close();
    await vi.waitFor(() => expect(t.deps.events.listeners(streamChannel(live.id))).toBe(0));
  });

  it("sends nothing for an order refused (out of stock): the next event is the next order that went through", async () => {
    const live = await liveStream();
    const events = await t.events(`live-stream/room/${live.id}/events`, { cookie: cookie.promoter });
    const first = (await events.next!()).data;
    expect(first.ordersCount).toBe(0);
    const stock = first.products.find((p: { productId: string }) => p.productId === plain._id).stock;
    const next = events.next!();
    expect((await place(live.id, [{ productId: plain._id, quantity: stock + 1 }])).status).toBe(409);
    expect((await place(live.id, [{ productId: plain._id, quantity: 1 }])).status).toBe(201);
    expect((await next).data).toMatchObject({ ordersCount: 1, itemsSold: 1, revenue: 19.99 });
    await events.close();
  });

  it("is refused before any event like the snapshot: another shop 404, staff without a stream right 403, a customer's token 401", async () => {
    const live = await liveStream();
    const other = await t.events(`live-stream/room/${live.id}/events`, { cookie: shopB.owner.cookie });
    expect(other.status).toBe(404);
    expect(other.body.status).toBe(1004);
    expect((await t.events(`live-stream/room/${live.id}/events`, { cookie: cookie.staffB })).status).toBe(404);
    expect((await t.events(`live-stream/room/${live.id}/events`, { cookie: cookie.nobody })).status).toBe(403);
    expect((await t.events(`live-stream/room/${live.id}/events`, { headers: bearer() })).status).toBe(401);
    expect((await t.events(`live-stream/room/${live.id}/events`)).status).toBe(401);
    const admin = await t.events(`live-stream/room/${live.id}/events`, { cookie: cookie.admin });
    expect((await admin.next!()).data.streamId).toBe(live.id);
    await admin.close();
  });

  it.runIf(process.env.DATABASE_URL)(
    "reaches a viewer connected to another app instance within a second: an order placed through instance A updates B's stream",
    async () => {
      const live = await liveStream();
      const b = await t.secondInstance();
      const events = await b.events(`live-stream/room/${live.id}/events`, { cookie: shopA.owner.cookie });
      expect((await events.next!()).data.ordersCount).toBe(0);
      let arrived = 0;
      const next = events.next!().then((event) => ((arrived = performance.now()), event));
      expect((await place(live.id, [{ productId: shirt._id, quantity: 1 }], t)).status).toBe(201);
      const placed = performance.now();
      expect((await next).data).toMatchObject({ streamId: live.id, ordersCount: 1, itemsSold: 1, revenue: 14.99 });
      // the room receives the order's event within a second of the order being placed
      expect(Math.max(0, arrived - placed)).toBeLessThan(1000);
      await events.close();
    },
  );
});

// The room is sent only to whoever may still see it: every event checks each watcher's session and rights again, on
// whichever instance they are connected to (ADR 0045).
describe("GET live-stream/room/{id}/events: who may still watch", () => {
  const roomEvents = (id: string) => `live-stream/room/${id}/events`;

  /**
   * `cookie` and the shop's owner watch a live room; after `change`, an order placed from the stream reaches the owner,
   * and `cookie`'s event stream ends without it.
   */
  async function expectRoomEndsFor(
    cookie: string,
    change: () => Promise<{ status: number }>,
    watchVia: Pick<TestApi, "events"> = t,
  ) {
    const live = await liveStream();
    const theirs = await watchVia.events(roomEvents(live.id), { cookie });
    const owners = await watchVia.events(roomEvents(live.id), { cookie: shopA.owner.cookie });
    expect((await theirs.next!()).data.ordersCount).toBe(0);
    expect((await owners.next!()).data.ordersCount).toBe(0);
    expect((await change()).status).toBe(200);
    const next = owners.next!();
    expect((await place(live.id, [{ productId: shirt._id, quantity: 1 }])).status).toBe(201);
    expect((await next).data.ordersCount).toBe(1);
    await expect(theirs.next!()).rejects.toThrow(/ended/);
    await owners.close();
  }

  it("ends for staff whose stream rights are removed: the next order's figures never reach them", async () => {
    const member = await kit.staff(shopA, ["stream:promote"]);
    await expectRoomEndsFor(member.cookie, async () =>
      t.as(shopA.owner.cookie).post("user/edit-shopstaff", {
        body: await kit.staffEditBody(member.id, { access_module: accessGrid("product:add") }),
      }),
    );
  });

  it("ends for staff who are removed from the shop", async () => {
    const member = await kit.staff(shopA, ["stream:go-live"]);
    await expectRoomEndsFor(member.cookie, () =>
      t.as(shopA.owner.cookie).post("user/remove-shopstaff", { body: { shopId: shopA.id, userId: member.id } }),
    );
  });

  it("ends for a session that signs out", async () => {
    const session = await t.signIn(shopA.owner.email, KIT_PASSWORD);
    await expectRoomEndsFor(session, () => t.post("auth/logout", { cookie: session }));
  });

  it.runIf(process.env.DATABASE_URL)(
    "ends on another app instance too: signed out through instance A, the stream held by instance B ends",
    async () => {
      const b = await t.secondInstance();
      const session = await t.signIn(shopA.owner.email, KIT_PASSWORD);
      await expectRoomEndsFor(session, () => t.post("auth/logout", { cookie: session }), b);
    },
  );
});

// Event streams are capped per session and per client address, and the watchers of one room share one read of it per
// event (ADR 0045).
describe("GET live-stream/room/{id}/events: its cost", () => {
  const roomEvents = (id: string) => `live-stream/room/${id}/events`;
  const open = (id: string, cookie: string, address: string) =>
    t.events(roomEvents(id), { cookie, headers: { "x-forwarded-for": address } });

  it(`refuses a session's event stream past ${ROOM_STREAMS_PER_SESSION} with 429 and says why; closing one frees its place`, async () => {
    const live = await liveStream();
    const session = await t.signIn(shopA.owner.email, KIT_PASSWORD);
    const streams = [];
    for (let i = 0; i < ROOM_STREAMS_PER_SESSION; i++) {
      const opened = await open(live.id, session, "203.0.113.10");
      expect(opened.status).toBe(200);
      streams.push(opened);
    }
    const refused = await open(live.id, session, "203.0.113.11");
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, message: MSG.roomStreamsPerSession });
    // another session of the same person is not held back
    const other = await open(live.id, shopA.owner.cookie, "203.0.113.11");
    expect(other.status).toBe(200);
    await other.close();

    await streams.pop()!.close();
    await vi.waitFor(async () => {
      const again = await open(live.id, session, "203.0.113.10");
      expect(again.status).toBe(200);
      streams.push(again);
    });
    expect((await streams.at(-1)!.next!()).data.streamId).toBe(live.id);
    for (const s of streams) await s.close();
  });

  it(`refuses a client address's event stream past ${ROOM_STREAMS_PER_ADDRESS} with 429 and says why`, async () => {
    const live = await liveStream();
    const address = "198.51.100.7";
    const streams = [];
    for (let opened = 0; opened < ROOM_STREAMS_PER_ADDRESS;) {
      const session = await t.signIn(shopA.owner.email, KIT_PASSWORD);
      for (let i = 0; i < ROOM_STREAMS_PER_SESSION && opened < ROOM_STREAMS_PER_ADDRESS; i++, opened++)
        streams.push(await open(live.id, session, address));
    }
    expect(streams.map((s) => s.status)).toEqual(streams.map(() => 200));
    const refused = await open(live.id, await t.signIn(shopA.owner.email, KIT_PASSWORD), address);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, message: MSG.roomStreamsPerAddress });
    for (const s of streams) await s.close();
  });

  it("reads the room once per event for all its watchers", async () => {
    const live = await liveStream();
    const watchers = await Promise.all(
      [shopA.owner.cookie, cookie.promoter, cookie.goer, cookie.admin].map((as) =>
        t.events(roomEvents(live.id), { cookie: as }),
      ),
    );
    for (const w of watchers) expect((await w.next!()).data.ordersCount).toBe(0);
    const before = roomReadCount();
    const next = watchers.map((w) => w.next!());
    expect((await place(live.id, [{ productId: shirt._id, quantity: 1 }])).status).toBe(201);
    for (const event of await Promise.all(next))
      expect(event.data).toMatchObject({ streamId: live.id, ordersCount: 1 });
    expect(roomReadCount() - before).toBe(1);
    // one subscription to the stream's channel for the whole room
    expect(t.deps.events.listeners(streamChannel(live.id))).toBe(1);
    for (const w of watchers) await w.close();
    await vi.waitFor(() => expect(t.deps.events.listeners(streamChannel(live.id))).toBe(0));
  });
});

// The streaming side (the mobile app, or a media service) reports the likes and current viewers of a live stream; the
// room shows them as they change, as it shows orders (likes and current viewers).
describe("PUT live-stream/stats/{id}", () => {
  const stats = (as: string, id: string, body: unknown) => t.put(`live-stream/stats/${id}`, { cookie: as, body });

  it("updates a live stream's likes and current viewers, and the room's event stream sends them at once", async () => {
    const live = await liveStream();
    const events = await t.events(`live-stream/room/${live.id}/events`, { cookie: shopA.owner.cookie });
    expect((await events.next!()).data).toMatchObject({ likes: 12, viewersCount: 345 });

    const next = events.next!();
    const res = await stats(cookie.goer, live.id, { likes: 130, viewersCount: 400 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: live.id, likes: 130, viewersCount: 400 });
    expect((await next).data).toMatchObject({ streamId: live.id, likes: 130, viewersCount: 400, ordersCount: 0 });

    // one figure alone leaves the other as it is
    const again = events.next!();
    expect((await stats(shopA.owner.cookie, live.id, { viewersCount: 390 })).status).toBe(200);
    expect((await again).data).toMatchObject({ likes: 130, viewersCount: 390 });
    await events.close();
    expect((await t.as(shopA.owner.cookie).get(`live-stream/${live.id}`)).body.data).toMatchObject({
      likes: 130,
      viewersCount: 390,
    });
  });

  it("needs 'can go live' and the stream's own shop; only a live stream; whole numbers from 0; nothing changes otherwise", async () => {
    const live = await liveStream();
    for (const who of ["promoter", "nobody"] as const)
      expect((await stats(cookie[who], live.id, { likes: 1 })).status).toBe(403);
    for (const as of [shopB.owner.cookie, cookie.staffB]) {
      const other = await stats(as, live.id, { likes: 1 });
      expect(other.status).toBe(404);
      expect(other.body.status).toBe(1004);
    }
    expect((await t.put(`live-stream/stats/${live.id}`, { body: { likes: 1 }, headers: bearer() })).status).toBe(401);
    for (const [body, message] of [
      [{}, MSG.streamStatsRequired],
      [{ likes: -1 }, MSG.streamStatsInvalid],
      [{ likes: 1.5 }, MSG.streamStatsInvalid],
      [{ viewersCount: "many" }, MSG.streamStatsInvalid],
      [{ likes: 3_000_000_000 }, MSG.streamStatsInvalid],
    ] as const) {
      const bad = await stats(cookie.goer, live.id, body);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(message);
    }
    for (const status of ["created", "finished"] as const) {
      const other = await kit.stream(shopA, { status, likes: 3 });
      const refused = await stats(cookie.goer, other.id, { likes: 50 });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(MSG.streamStatsNotLive);
      expect((await t.as(cookie.admin).get(`live-stream/${other.id}`)).body.data.likes).toBe(3);
    }
    expect((await t.as(cookie.admin).get(`live-stream/${live.id}`)).body.data).toMatchObject({
      likes: 12,
      viewersCount: 345,
    });
    // an admin reports for any shop's stream
    expect((await stats(cookie.admin, live.id, { likes: 13 })).status).toBe(200);
  });
});
