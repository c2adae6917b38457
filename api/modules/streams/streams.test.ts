import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import { streams } from "#api/db/schema";
import { createStream } from "#api/db/seed/stream-factories";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { testKit, type KitProduct, type KitShop, type TestKit } from "../../../tests/factories";
import { editableStream } from "./index";

// spec 3 §3, §4, §6, §7 Streams; ADR 0036.

let t: TestApi;
let kit: TestKit;
let catalogue: Awaited<ReturnType<TestKit["catalogue"]>>;
let a: KitShop;
let b: KitShop;
let shirt: KitProduct;
type Who = "admin" | "owner" | "owner2" | "scheduler" | "promoter" | "goer" | "nobody" | "staff2";
const cookie = {} as Record<Who, string>;

beforeAll(async () => {
  t = await testApi();
  kit = testKit(t);
  catalogue = await kit.catalogue();
  a = await kit.shop({ name: "Stream Shop A", departments: [catalogue.department.id, catalogue.otherDepartment.id] });
  b = await kit.shop({ name: "Stream Shop B", departments: [catalogue.department.id] });
  cookie.admin = (await kit.admin()).cookie;
  cookie.owner = a.owner.cookie;
  cookie.owner2 = b.owner.cookie;
  cookie.scheduler = (await kit.staff(a, ["stream:schedule"])).cookie;
  cookie.promoter = (await kit.staff(a, ["stream:promote"])).cookie;
  cookie.goer = (await kit.staff(a, ["stream:go-live"])).cookie;
  cookie.nobody = (await kit.staff(a, ["product:add", "coupon:add"])).cookie;
  cookie.staff2 = (await kit.staff(b, ["stream:schedule", "stream:promote", "stream:go-live"])).cookie;
  shirt = await kit.product(a, { price: 40, stock: 7 });
});
afterAll(() => t.close());

const list = (as: string, query: Record<string, string | string[] | number> = {}) =>
  t.post("live-stream/list", { cookie: as, query });
const ids = (res: { body: { data: { _id: string }[] } }) => res.body.data.map((s) => s._id);

describe("POST live-stream/list", () => {
  let mine: string[];
  let theirs: string;
  beforeAll(async () => {
    const s1 = await kit.stream(
      a,
      { name: "Alpha Morning Drop", status: "created", createdAt: new Date("2026-01-01T00:00:00Z") },
      { categories: [catalogue.department.id, catalogue.otherDepartment.id] },
    );
    const s2 = await kit.stream(
      a,
      {
        name: "Beta Live Sale",
        status: "broadcasting",
        campaignId: (await kit.campaign(a, { id: "campaign-1" })).id,
        createdAt: new Date("2026-01-02T00:00:00Z"),
      },
      { categories: [catalogue.otherDepartment.id] },
    );
    const s3 = await kit.stream(a, {
      name: "gamma replay",
      status: "finished",
      streamVideo: "/media/streams/demo-recording.mp4",
      createdAt: new Date("2026-01-03T00:00:00Z"),
    });
    const s4 = await kit.stream(a, {
      name: "Delta Archive",
      status: "archived",
      archiveStatus: "promoted",
      createdAt: new Date("2026-01-04T00:00:00Z"),
    });
    mine = [s1.id, s2.id, s3.id, s4.id];
    theirs = (await kit.stream(b, { name: "Alpha of shop B" })).id;
  });

  it("shows an owner their shop's streams only, newest first, with the spec's fields", async () => {
    const res = await list(cookie.owner, { limit: 100 });
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([...mine].reverse());
    expect(ids(res)).not.toContain(theirs);
    const first = res.body.data.find((s: { _id: string }) => s._id === mine[0]);
    expect(first).toMatchObject({
      name: "Alpha Morning Drop",
      status: "created",
      shopId: a.id,
      streamer: { _id: a.owner.id, role: "shopOwner" },
    });
    expect(first.categories.map((c: { name: string }) => c.name)).toEqual(["Kit Fashion", "Kit Garden"]);
    expect(typeof first.startDateAndTime).toBe("number");
  });

  it("shows an admin every shop's streams, or the shops named in shopId", async () => {
    const all = await list(cookie.admin, { limit: 100 });
    expect(ids(all)).toEqual(expect.arrayContaining([...mine, theirs]));
    const onlyB = await list(cookie.admin, { shopId: [b.id], limit: 100 });
    expect(ids(onlyB)).toEqual([theirs]);
    const both = await list(cookie.admin, { shopId: [a.id, b.id], limit: 100 });
    expect(ids(both)).toHaveLength(5);
  });

  it("refuses an owner or staff naming another shop (404) and staff without the stream module (403)", async () => {
    expect((await list(cookie.owner, { shopId: [b.id] })).status).toBe(404);
    expect((await list(cookie.staff2, { shopId: [a.id] })).status).toBe(404);
    expect((await list(cookie.staff2, { limit: 100 })).body.data.map((s: { _id: string }) => s._id)).toEqual([theirs]);
    expect((await list(cookie.nobody)).status).toBe(403);
    for (const who of ["scheduler", "promoter", "goer"] as const) expect((await list(cookie[who])).status).toBe(200);
  });

  it("filters by status, department, campaign, streamer and name", async () => {
    expect(ids(await list(cookie.owner, { status: "broadcasting" }))).toEqual([mine[1]]);
    expect(ids(await list(cookie.owner, { status: "archived" }))).toEqual([mine[3]]);
    expect(ids(await list(cookie.owner, { category: catalogue.otherDepartment.id }))).toEqual([mine[1], mine[0]]);
    expect(ids(await list(cookie.owner, { isCampaign: "true" }))).toEqual([mine[1]]);
    expect(ids(await list(cookie.owner, { isCampaign: "false" }))).toEqual([mine[3], mine[2], mine[0]]);
    expect(ids(await list(cookie.owner, { campaignId: "campaign-1" }))).toEqual([mine[1]]);
    expect(ids(await list(cookie.owner, { streamer: a.owner.id }))).toHaveLength(4);
    expect(ids(await list(cookie.owner, { streamer: b.owner.id }))).toEqual([]);
    expect(ids(await list(cookie.owner, { search: "ALPHA" }))).toEqual([mine[0]]);
    expect(ids(await list(cookie.owner, { searchText: "%" }))).toEqual([]);
  });

  it("sorts by name without regard to case and pages with count and isNext", async () => {
    const byName = await list(cookie.owner, { sort: "name", sortType: "asc" });
    expect(byName.body.data.map((s: { name: string }) => s.name)).toEqual([
      "Alpha Morning Drop",
      "Beta Live Sale",
      "Delta Archive",
      "gamma replay",
    ]);
    const page2 = await list(cookie.owner, { sort: "name", sortType: "asc", limit: 2, page: 2 });
    expect(page2.body).toMatchObject({ count: 4, isNext: false });
    expect(page2.body.data.map((s: { name: string }) => s.name)).toEqual(["Delta Archive", "gamma replay"]);
    expect((await list(cookie.owner, { limit: 2 })).body.isNext).toBe(true);
    for (const sort of ["streamer", "status", "startDateAndTime", "createdAt"])
      expect((await list(cookie.owner, { sort })).status).toBe(200);
  });

  it("answers bad filters with a 400 and the message", async () => {
    const res = await list(cookie.owner, { status: "live" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.streamStatusFilter);
    expect((await list(cookie.owner, { isCampaign: "maybe" })).body.message).toBe(MSG.streamIsCampaign);
    expect((await list(cookie.owner, { sort: "likes" })).status).toBe(400);
    expect((await list(cookie.owner, { limit: 101 })).status).toBe(400);
  });
});

describe("GET live-stream/{id} and product/stream/{id}", () => {
  let streamId: string;
  beforeAll(async () => {
    const other = await kit.product(a, {
      price: 10,
      stock: 3,
      name: "A very long product name that goes on and on well past the sixty characters",
    });
    const s = await kit.stream(
      a,
      { name: "Products Stream" },
      {
        products: [
          { productId: shirt._id, promotionType: "flat", promotionCents: 500 },
          { productId: other._id, promotionType: "percentage", promotionPercent: 25 },
        ],
      },
    );
    streamId = s.id;
  });

  it("gives the stream with its products and their promotion prices", async () => {
    const res = await t.get(`live-stream/${streamId}`, { cookie: cookie.owner });
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe("Products Stream");
    expect(res.body.data.products).toHaveLength(2);
    expect(res.body.data.products[0]).toMatchObject({
      productId: { _id: shirt._id, price: 40, stock: 7, department: { name: "Kit Fashion" } },
      promotionType: "flat",
      promotion: 5,
      discountPrice: 35,
    });
    expect(res.body.data.products[1]).toMatchObject({
      productId: { price: 10, stock: 3 },
      promotionType: "percentage",
      promotion: 25,
      discountPrice: 7.5,
    });
    const products = await t.get(`product/stream/${streamId}`, { cookie: cookie.promoter });
    expect(products.status).toBe(200);
    expect(products.body.data.products.map((p: { productId: { _id: string } }) => p.productId._id)).toEqual(
      res.body.data.products.map((p: { productId: { _id: string } }) => p.productId._id),
    );
  });

  it("answers 404/1004 to another shop's owner and staff, 403 to staff without the module", async () => {
    for (const who of ["owner2", "staff2"] as const) {
      const res = await t.get(`live-stream/${streamId}`, { cookie: cookie[who] });
      expect(res.status).toBe(404);
      expect(res.body.status).toBe(1004);
      expect((await t.get(`product/stream/${streamId}`, { cookie: cookie[who] })).status).toBe(404);
    }
    expect((await t.get(`live-stream/${streamId}`, { cookie: cookie.nobody })).status).toBe(403);
    expect((await t.get(`live-stream/${streamId}`, { cookie: cookie.admin })).status).toBe(200);
    expect((await t.get(`live-stream/${streamId}`)).status).toBe(401);
  });
});

describe("PUT live-stream/archive", () => {
  const archive = (as: string, id: string, status: string, archiveStatus?: string) =>
    t.put("live-stream/archive", { cookie: as, body: { id, data: { status, archiveStatus } } });

  it("archiving keeps the status in archiveStatus; unarchiving restores it", async () => {
    for (const status of ["created", "finished", "promoted", "broadcasting"] as const) {
      const s = await kit.stream(a, { status, streamVideo: "/media/streams/demo-recording.mp4" });
      const archived = await archive(cookie.owner, s.id, "archived", status);
      expect(archived.status).toBe(200);
      expect(archived.body.message).toBe(MSG.streamArchived);
      expect(archived.body.data).toMatchObject({ status: "archived", archiveStatus: status });
      // the status named for an unarchive is not trusted: the stored one comes back
      const back = await archive(cookie.scheduler, s.id, "created");
      expect(back.status).toBe(200);
      expect(back.body.message).toBe(MSG.streamUnarchived);
      expect(back.body.data).toMatchObject({ status, archiveStatus: null });
      const [row] = await t.db.select().from(streams).where(eq(streams.id, s.id));
      expect(row).toMatchObject({ status, archiveStatus: null });
    }
  });

  it("refuses archiving twice and unarchiving a stream that is not archived, changing nothing", async () => {
    const s = await kit.stream(a, { status: "archived", archiveStatus: "finished" });
    const twice = await archive(cookie.owner, s.id, "archived");
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe(MSG.streamAlreadyArchived);
    const live = await kit.stream(a, { status: "created" });
    const not = await archive(cookie.owner, live.id, "created");
    expect(not.status).toBe(400);
    expect(not.body.message).toBe(MSG.streamNotArchived);
    const [row] = await t.db.select().from(streams).where(eq(streams.id, s.id));
    expect(row).toMatchObject({ status: "archived", archiveStatus: "finished" });
  });

  it("needs 'schedule stream' and the stream's own shop", async () => {
    const s = await kit.stream(a);
    for (const who of ["promoter", "goer", "nobody"] as const)
      expect((await archive(cookie[who], s.id, "archived")).status).toBe(403);
    for (const who of ["owner2", "staff2"] as const)
      expect((await archive(cookie[who], s.id, "archived")).status).toBe(404);
    expect((await t.db.select().from(streams).where(eq(streams.id, s.id)))[0].status).toBe("created");
    expect((await archive(cookie.admin, s.id, "archived")).status).toBe(200);
  });

  it("answers bad input with a 400", async () => {
    const res = await t.put("live-stream/archive", { cookie: cookie.owner, body: { data: { status: "archived" } } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.streamIdRequired);
    const s = await kit.stream(a);
    expect((await archive(cookie.owner, s.id, "gone")).status).toBe(400);
  });
});

describe("DELETE live-stream/{id}", () => {
  it("hides the stream from lists and reads (soft: the row stays)", async () => {
    const s = await kit.stream(a, { name: "Going Away" });
    const res = await t.delete(`live-stream/${s.id}`, { cookie: cookie.scheduler });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.streamDeleted);
    expect((await t.get(`live-stream/${s.id}`, { cookie: cookie.owner })).status).toBe(404);
    expect(ids(await list(cookie.owner, { search: "Going Away" }))).toEqual([]);
    const [row] = await t.db.select().from(streams).where(eq(streams.id, s.id));
    expect(row.deletedAt).not.toBeNull();
    expect((await t.delete(`live-stream/${s.id}`, { cookie: cookie.owner })).status).toBe(404);
  });

  it("refuses a live stream, other shops and staff without 'schedule stream'", async () => {
    const live = await kit.stream(a, { status: "broadcasting" });
    const res = await t.delete(`live-stream/${live.id}`, { cookie: cookie.owner });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.streamDeleteLive);
    const s = await kit.stream(a);
    for (const who of ["promoter", "goer"] as const)
      expect((await t.delete(`live-stream/${s.id}`, { cookie: cookie[who] })).status).toBe(403);
    for (const who of ["owner2", "staff2"] as const)
      expect((await t.delete(`live-stream/${s.id}`, { cookie: cookie[who] })).status).toBe(404);
    expect((await t.db.select().from(streams).where(eq(streams.id, s.id)))[0].deletedAt).toBeNull();
  });

  it("answers at the spec's path too: DELETE live-stream {id}, with the same rules", async () => {
    const s = await kit.stream(a, { name: "Spec Path Delete" });
    for (const who of ["promoter", "goer"] as const)
      expect((await t.delete("live-stream", { cookie: cookie[who], body: { id: s.id } })).status).toBe(403);
    for (const who of ["owner2", "staff2"] as const)
      expect((await t.delete("live-stream", { cookie: cookie[who], body: { id: s.id } })).status).toBe(404);
    const missing = await t.delete("live-stream", { cookie: cookie.owner, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(MSG.streamIdRequired);
    const live = await kit.stream(a, { status: "broadcasting" });
    expect((await t.delete("live-stream", { cookie: cookie.owner, body: { id: live.id } })).body.message).toBe(
      MSG.streamDeleteLive,
    );
    const res = await t.delete("live-stream", { cookie: cookie.scheduler, body: { id: s.id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: MSG.streamDeleted, data: { _id: s.id } });
    expect((await t.get(`live-stream/${s.id}`, { cookie: cookie.owner })).status).toBe(404);
  });
});

describe("going live: PUT live-stream/go-live/{id} and live-stream/finish/{id}", () => {
  const goLive = (as: string, id: string, viewURL?: string) =>
    t.put(`live-stream/go-live/${id}`, { cookie: as, body: { viewURL } });
  const finish = (as: string, id: string, streamVideo?: string) =>
    t.put(`live-stream/finish/${id}`, { cookie: as, body: { streamVideo } });

  it("moves a scheduled stream to broadcasting with its viewURL, then to finished with its recording", async () => {
    const s = await kit.stream(a, { status: "created" });
    const live = await goLive(cookie.goer, s.id, "https://media.example.test/live/abc.m3u8");
    expect(live.status).toBe(200);
    expect(live.body.data).toMatchObject({
      status: "broadcasting",
      viewURL: "https://media.example.test/live/abc.m3u8",
    });
    expect(live.body.data.startedAt).not.toBeNull();
    const again = await goLive(cookie.goer, s.id, "/media/live/demo.m3u8");
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(MSG.streamNotScheduled);
    const done = await finish(cookie.owner, s.id, "/media/streams/demo-recording.mp4");
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: "finished", streamVideo: "/media/streams/demo-recording.mp4" });
    expect(done.body.data.finishedAt).not.toBeNull();
    const twice = await finish(cookie.owner, s.id, "/media/streams/demo-recording.mp4");
    expect(twice.body.message).toBe(MSG.streamNotLive);
  });

  it("refuses finishing a stream that never went live and going live from any status but created", async () => {
    const s = await kit.stream(a, { status: "created" });
    expect((await finish(cookie.owner, s.id, "/media/streams/demo-recording.mp4")).status).toBe(400);
    for (const status of ["finished", "promoted", "archived"] as const) {
      const other = await kit.stream(a, { status });
      expect((await goLive(cookie.owner, other.id, "/media/live/demo.m3u8")).status).toBe(400);
      expect((await t.db.select().from(streams).where(eq(streams.id, other.id)))[0].status).toBe(status);
    }
  });

  it("needs the live address and the recording", async () => {
    const s = await kit.stream(a, { status: "created" });
    const none = await goLive(cookie.owner, s.id);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(MSG.streamViewUrlRequired);
    expect((await goLive(cookie.owner, s.id, "javascript:alert(1)")).body.message).toBe(MSG.streamAddressInvalid);
    const live = await kit.stream(a, { status: "broadcasting" });
    expect((await finish(cookie.owner, live.id)).body.message).toBe(MSG.streamRecordingRequired);
  });

  it("needs 'can go live' and the stream's own shop", async () => {
    const s = await kit.stream(a, { status: "created" });
    for (const who of ["scheduler", "promoter", "nobody"] as const)
      expect((await goLive(cookie[who], s.id, "/media/live/demo.m3u8")).status).toBe(403);
    for (const who of ["owner2", "staff2"] as const)
      expect((await goLive(cookie[who], s.id, "/media/live/demo.m3u8")).status).toBe(404);
    const live = await kit.stream(a, { status: "broadcasting" });
    for (const who of ["owner2", "staff2"] as const)
      expect((await finish(cookie[who], live.id, "/media/streams/demo-recording.mp4")).status).toBe(404);
    expect((await finish(cookie.scheduler, live.id, "/media/streams/demo-recording.mp4")).status).toBe(403);
    expect((await t.db.select().from(streams).where(eq(streams.id, s.id)))[0].status).toBe("created");
  });
});

describe("the edit guard and the table's checks", () => {
  it("refuses editing a finished stream, also while archived, and allows the others", async () => {
    const actor = { id: a.owner.id, role: "shopOwner" as const, shopId: a.id, permissions: new Set<never>() };
    const finished = await kit.stream(a, { status: "finished" });
    const archivedFinished = await kit.stream(a, { status: "archived", archiveStatus: "finished" });
    for (const s of [finished, archivedFinished])
      await expect(editableStream(t.deps, actor as never, s.id)).rejects.toMatchObject({
        status: 400,
        message: MSG.streamFinishedNoEdit,
      });
    const scheduled = await kit.stream(a, { status: "created" });
    await expect(editableStream(t.deps, actor as never, scheduled.id)).resolves.toMatchObject({ id: scheduled.id });
    const other = await kit.stream(b);
    await expect(editableStream(t.deps, actor as never, other.id)).rejects.toMatchObject({ status: 404 });
  });

  it("refuses a live stream without its address and an archived one without its status", async () => {
    const live = await createStream(t.db, { shopId: a.id, streamerId: a.owner.id, status: "broadcasting" });
    await expect(t.db.update(streams).set({ viewUrl: null }).where(eq(streams.id, live.id))).rejects.toThrow();
    const s = await kit.stream(a);
    await expect(t.db.update(streams).set({ status: "archived" }).where(eq(streams.id, s.id))).rejects.toThrow();
  });
});
