import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import { streamCategories, streams, users } from "#api/db/schema";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { MP4, testKit, type KitShop, type TestKit } from "../../../tests/factories";

// spec 3 §5 Shop-level add stream form, §6, §7 POST live-stream/web and update by id; ADR 0037.

let t: TestApi;
let kit: TestKit;
let catalogue: Awaited<ReturnType<TestKit["catalogue"]>>;
let a: KitShop;
let b: KitShop;
type Who = "admin" | "owner" | "owner2" | "scheduler" | "promoter" | "staff2";
const cookie = {} as Record<Who, string>;
let schedulerId: string;
let staff2Id: string;
let influencerId: string;
let pendingInfluencerId: string;

beforeAll(async () => {
  t = await testApi();
  kit = testKit(t);
  catalogue = await kit.catalogue();
  a = await kit.shop({ name: "Edit Shop A", departments: [catalogue.department.id, catalogue.otherDepartment.id] });
  b = await kit.shop({ name: "Edit Shop B", departments: [catalogue.department.id] });
  cookie.admin = (await kit.admin()).cookie;
  cookie.owner = a.owner.cookie;
  cookie.owner2 = b.owner.cookie;
  const scheduler = await kit.staff(a, ["stream:schedule"]);
  cookie.scheduler = scheduler.cookie;
  schedulerId = scheduler.id;
  cookie.promoter = (await kit.staff(a, ["stream:promote", "stream:go-live"])).cookie;
  const staff2 = await kit.staff(b, ["stream:schedule"]);
  cookie.staff2 = staff2.cookie;
  staff2Id = staff2.id;
  // an influencer presents streams once verified (Approved); one still Pending is no choice
  influencerId = (await kit.influencer())._id;
  await t.db.update(users).set({ status: "Approved" }).where(eq(users.id, influencerId));
  pendingInfluencerId = (await kit.influencer())._id;
  await t.db.update(users).set({ status: "Pending" }).where(eq(users.id, pendingInfluencerId));
  // the setup signs in six accounts and uploads a profile picture: slow on a loaded machine
}, 240_000);
afterAll(() => t.close());

const HOUR = 3600_000;
/** A valid payload for shop A, uploads made by the holder of `as`. */
async function payload(as: string, extra: Record<string, unknown> = {}) {
  return {
    name: "Spring Drop Live",
    startDateAndTime: Date.now() + 24 * HOUR,
    endDateAndTime: Date.now() + 25 * HOUR,
    categories: [catalogue.department.id],
    streamer: a.owner.id,
    image: await kit.upload(as, "streamThumbnail"),
    video: await kit.upload(as, "streamVideo", { bytes: MP4, type: "video/mp4", fileName: "clip.mp4" }),
    ...extra,
  };
}
const create = (as: string, body: unknown) => t.post("live-stream/web", { cookie: as, body });
const update = (as: string, id: string, body: unknown) => t.put(`live-stream/${id}`, { cookie: as, body });

describe("POST live-stream/web", () => {
  it("schedules a stream of the owner's shop with its departments, streamer, thumbnail and video", async () => {
    const body = await payload(cookie.owner, { categories: [catalogue.otherDepartment.id, catalogue.department.id] });
    const res = await create(cookie.owner, body);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.streamAdded);
    expect(res.body.data).toMatchObject({
      name: "Spring Drop Live",
      status: "created",
      shopId: a.id,
      startDateAndTime: body.startDateAndTime,
      endDateAndTime: body.endDateAndTime,
      image: body.image,
      video: body.video,
      streamer: { _id: a.owner.id },
      // spec 3 §7: the stream's live chat, opened with it
      streamChat: { type: "livestream", data: { name: "Spring Drop Live" } },
    });
    expect(res.body.data.streamChat.cid).toBe(`livestream:${res.body.data._id}`);
    expect(res.body.data.categories.map((c: { _id: string }) => c._id)).toEqual([
      catalogue.otherDepartment.id,
      catalogue.department.id,
    ]);
    const listed = await t.post("live-stream/list", { cookie: cookie.owner, query: { limit: 100 } });
    expect(listed.body.data.map((s: { _id: string }) => s._id)).toContain(res.body.data._id);
  });

  it("accepts the spec's other field names (thumbnail, videoFile) and the modal's uploads", async () => {
    const thumbnail = await kit.upload(cookie.owner, "streamModalThumbnail", { fileName: "t.png" });
    const videoFile = await kit.upload(cookie.owner, "streamModalVideo", {
      bytes: MP4,
      type: "video/mp4",
      fileName: "m.mp4",
    });
    const { image: _i, video: _v, ...rest } = await payload(cookie.owner);
    const res = await create(cookie.owner, { ...rest, thumbnail, videoFile });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ image: thumbnail, video: videoFile });
  });

  it("answers each missing field with the spec's message and stores nothing", async () => {
    const before = (await t.db.select().from(streams)).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "  " }, "name", MSG.streamTitleRequired],
      [{ startDateAndTime: "" }, "startDateAndTime", MSG.streamDateRequired],
      [{ categories: [] }, "categories", MSG.streamCategoriesRequired],
      [{ streamer: "" }, "streamer", MSG.streamerRequired],
      [{ image: "" }, "image", MSG.streamThumbnailRequired],
      [{ video: "" }, "video", MSG.streamVideoRequired],
      [{ endDateAndTime: Date.now() }, "endDateAndTime", MSG.streamEndBeforeStart],
    ];
    for (const [change, field, message] of cases) {
      const res = await create(cookie.owner, await payload(cookie.owner, change));
      expect(res.status, field).toBe(400);
      expect(res.body.errors[field]).toEqual([message]);
    }
    expect((await t.db.select().from(streams)).length).toBe(before);
  });

  it("refuses a start before yesterday, departments the shop does not sell in, and a streamer outside the shop", async () => {
    const past = await create(
      cookie.owner,
      await payload(cookie.owner, { startDateAndTime: Date.now() - 3 * 24 * HOUR, endDateAndTime: null }),
    );
    expect(past.body.errors.startDateAndTime).toEqual([MSG.streamDateBeforeYesterday]);
    const wrongDept = await create(
      cookie.owner2,
      await payload(cookie.owner2, { categories: [catalogue.otherDepartment.id], streamer: b.owner.id }),
    );
    expect(wrongDept.body.errors.categories).toEqual([MSG.streamCategoryNotShop]);
    // shop B's owner and staff are not shop A's streamers, nor is a Pending influencer; a customer is no streamer at all
    for (const streamer of [b.owner.id, staff2Id, pendingInfluencerId, (await kit.customer()).id]) {
      const res = await create(cookie.owner, await payload(cookie.owner, { streamer }));
      expect(res.body.errors.streamer).toEqual([MSG.streamerNotAllowed]);
    }
    // the shop's staff and an influencer are
    expect((await create(cookie.owner, await payload(cookie.owner, { streamer: schedulerId }))).status).toBe(200);
    expect((await create(cookie.owner, await payload(cookie.owner, { streamer: influencerId }))).status).toBe(200);
  });

  it("takes only this user's stream uploads: another user's file, another purpose's file, or a made-up address are refused", async () => {
    const theirs = await kit.upload(cookie.owner2, "streamThumbnail");
    const profile = await kit.upload(cookie.owner, "profileImage");
    const imageAsVideo = await kit.upload(cookie.owner, "streamThumbnail");
    for (const [change, field] of [
      [{ image: theirs }, "image"],
      [{ image: profile }, "image"],
      [{ image: "https://evil.example/x.png" }, "image"],
      [{ video: imageAsVideo }, "video"],
    ] as const) {
      const res = await create(cookie.owner, await payload(cookie.owner, change));
      expect(res.status).toBe(400);
      expect(res.body.errors[field]).toEqual([MSG.streamFileNotUploaded]);
    }
  });

  it("needs 'schedule stream' for staff; a scheduler creates in their own shop whatever shopId says", async () => {
    expect((await create(cookie.promoter, await payload(cookie.promoter))).status).toBe(403);
    const res = await create(cookie.scheduler, await payload(cookie.scheduler, { streamer: schedulerId }));
    expect(res.status).toBe(200);
    expect(res.body.data.shopId).toBe(a.id);
    // naming another shop is refused like a shop that does not exist
    expect((await create(cookie.scheduler, await payload(cookie.scheduler, { shopId: b.id }))).status).toBe(404);
    expect((await create(cookie.owner2, await payload(cookie.owner2, { shopId: a.id }))).status).toBe(404);
    expect((await create(cookie.staff2, await payload(cookie.staff2, { shopId: a.id }))).status).toBe(404);
    expect((await t.post("live-stream/web", { body: await payload(cookie.owner) })).status).toBe(401);
  });

  it("answers at spec 3 §7's other create path too: POST live-stream, with the same payload, rules and rights", async () => {
    const post = (as: string, body: unknown) => t.post("live-stream", { cookie: as, body });
    expect((await post(cookie.promoter, await payload(cookie.promoter))).status).toBe(403);
    expect((await post(cookie.owner2, await payload(cookie.owner2, { shopId: a.id }))).status).toBe(404);
    const empty = await post(cookie.owner, {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("Please Enter The Stream Title");
    const res = await post(
      cookie.scheduler,
      await payload(cookie.scheduler, { name: "Spec Path Drop", streamer: schedulerId }),
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.streamAdded);
    expect(res.body.data).toMatchObject({ name: "Spec Path Drop", shopId: a.id, status: "created" });
    expect((await t.get(`live-stream/${res.body.data._id}`, { cookie: cookie.owner })).status).toBe(200);
  });

  it("lets an admin schedule for the shop named by shopId, and asks for one when none is named", async () => {
    const missing = await create(cookie.admin, await payload(cookie.admin));
    expect(missing.body.errors.shopId).toEqual([MSG.orderShopRequired]);
    const res = await create(cookie.admin, await payload(cookie.admin, { shopId: a.id }));
    expect(res.status).toBe(200);
    expect(res.body.data.shopId).toBe(a.id);
  });
});

describe("POST live-stream/web with products (spec 3 §7: ids without discount; ADR 0070)", () => {
  it("creates the stream promoting the shop's products, without discounts; the drawer lists them without a stream", async () => {
    const p1 = await kit.product(a, { price: 30 });
    const p2 = await kit.product(a, { price: 12 });
    const res = await create(cookie.owner, await payload(cookie.owner, { products: [p1._id, p2._id, p1._id] }));
    expect(res.status).toBe(200);
    const detail = await t.get(`live-stream/${res.body.data._id}`, { cookie: cookie.owner });
    expect(detail.body.data.products.map((p: { productId: { _id: string } }) => p.productId._id)).toEqual([
      p1._id,
      p2._id,
    ]);
    expect(detail.body.data.products.map((p: { discountPrice: number | null }) => p.discountPrice)).toEqual([
      null,
      null,
    ]);
    // one id as a plain string (a form with one chosen product)
    const one = await create(cookie.owner, await payload(cookie.owner, { products: p2._id }));
    expect(one.status).toBe(200);
    const oneDetail = await t.get(`live-stream/${one.body.data._id}`, { cookie: cookie.owner });
    expect(oneDetail.body.data.products).toHaveLength(1);

    // the drawer before the stream exists: the acting shop's products, narrowed by ids, none promoted
    const list = await t.get("live-stream/promotion-products", {
      cookie: cookie.owner,
      query: { ids: `${p1._id},${p2._id}`, limit: 50 },
    });
    expect(list.status).toBe(200);
    expect(list.body.data.map((p: { _id: string }) => p._id).sort()).toEqual([p1._id, p2._id].sort());
    expect(list.body.data.every((p: { promoted: boolean }) => !p.promoted)).toBe(true);
    // another shop's owner names the ids: they are not theirs, so none comes back
    const foreign = await t.get("live-stream/promotion-products", {
      cookie: cookie.owner2,
      query: { ids: `${p1._id},${p2._id}` },
    });
    expect(foreign.body.data).toEqual([]);
    // staff without 'promote stream' do not list them; an admin names the shop
    expect((await t.get("live-stream/promotion-products", { cookie: cookie.scheduler })).status).toBe(403);
    const admin = await t.get("live-stream/promotion-products", {
      cookie: cookie.admin,
      query: { shopId: a.id, ids: p1._id },
    });
    expect(admin.body.data.map((p: { _id: string }) => p._id)).toEqual([p1._id]);
    expect((await t.get("live-stream/promotion-products", { cookie: cookie.admin })).status).toBe(400);
  });

  it("refuses another shop's or an unknown product, more than 50, and staff without 'promote stream'; nothing is stored", async () => {
    const theirs = await kit.product(b, { price: 10 });
    const ours = await kit.product(a, { price: 10 });
    const count = async () => (await t.db.select({ id: streams.id }).from(streams)).length;
    const before = await count();
    const foreign = await create(cookie.owner, await payload(cookie.owner, { products: [ours._id, theirs._id] }));
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors.products).toEqual([MSG.streamProductsUnknown]);
    const made = await create(cookie.owner, await payload(cookie.owner, { products: ["0".repeat(24)] }));
    expect(made.status).toBe(400);
    const tooMany = await create(
      cookie.owner,
      await payload(cookie.owner, { products: Array.from({ length: 51 }, (_, i) => i.toString(16).padStart(24, "0")) }),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors.products).toEqual([MSG.streamProductsTooMany]);
    const scheduler = await create(cookie.scheduler, await payload(cookie.scheduler, { products: [ours._id] }));
    expect(scheduler.status).toBe(403);
    expect(await count()).toBe(before);
    // without products the scheduler still schedules
    expect((await create(cookie.scheduler, await payload(cookie.scheduler))).status).toBe(200);
  });
});

describe("PUT live-stream/{id}", () => {
  it("updates the fields and departments, keeping the current uploads without re-uploading them", async () => {
    const created = (await create(cookie.owner, await payload(cookie.owner))).body.data;
    const res = await update(cookie.owner, created._id, {
      name: "Renamed Drop",
      startDateAndTime: created.startDateAndTime + HOUR,
      categories: [catalogue.otherDepartment.id],
      streamer: influencerId,
      image: created.image,
      video: created.video,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.streamUpdated);
    expect(res.body.data).toMatchObject({
      name: "Renamed Drop",
      startDateAndTime: created.startDateAndTime + HOUR,
      endDateAndTime: null,
      streamer: { _id: influencerId },
    });
    expect(res.body.data.categories.map((c: { _id: string }) => c._id)).toEqual([catalogue.otherDepartment.id]);
    // a scheduler of the shop may edit too, with a new thumbnail of their own
    const image = await kit.upload(cookie.scheduler, "streamThumbnail");
    const bySchedule = await update(cookie.scheduler, created._id, {
      ...(await payload(cookie.scheduler)),
      image,
      video: created.video,
    });
    expect(bySchedule.status).toBe(200);
    expect(bySchedule.body.data.image).toBe(image);
  });

  it("keeps shops apart: shop B's owner and staff cannot edit shop A's stream (404), staff without schedule cannot (403); nothing changes", async () => {
    const created = (await create(cookie.owner, await payload(cookie.owner))).body.data;
    expect(
      (await update(cookie.owner2, created._id, await payload(cookie.owner2, { streamer: b.owner.id }))).status,
    ).toBe(404);
    expect(
      (await update(cookie.staff2, created._id, await payload(cookie.staff2, { streamer: b.owner.id }))).status,
    ).toBe(404);
    expect((await update(cookie.promoter, created._id, await payload(cookie.owner))).status).toBe(403);
    const [row] = await t.db.select().from(streams).where(eq(streams.id, created._id));
    expect(row.name).toBe("Spring Drop Live");
    // an admin's shopId does not move a stream to another shop
    const moved = await update(cookie.admin, created._id, { ...(await payload(cookie.admin)), shopId: b.id });
    expect(moved.status).toBe(200);
    expect(moved.body.data.shopId).toBe(a.id);
  });

  it("refuses a finished stream, archived or not, with the spec's rule, and changes nothing", async () => {
    const finished = await kit.stream(
      a,
      { status: "finished", streamVideo: "/media/streams/demo-recording.mp4" },
      { categories: [catalogue.department.id] },
    );
    const archived = await kit.stream(
      a,
      { status: "archived", archiveStatus: "finished" },
      { categories: [catalogue.department.id] },
    );
    for (const s of [finished, archived]) {
      const res = await update(cookie.owner, s.id, await payload(cookie.owner));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MSG.streamFinishedNoEdit);
      const [row] = await t.db.select().from(streams).where(eq(streams.id, s.id));
      expect(row.name).toBe(s.name);
      expect(
        (await t.db.select().from(streamCategories).where(eq(streamCategories.streamId, s.id))).map(
          (c) => c.categoryId,
        ),
      ).toEqual([catalogue.department.id]);
    }
    // a live or scheduled-then-archived stream can still be edited
    const live = await kit.stream(a, { status: "broadcasting" }, { categories: [catalogue.department.id] });
    expect((await update(cookie.owner, live.id, await payload(cookie.owner))).status).toBe(200);
  });
});

describe("GET live-stream/form-options", () => {
  it("gives the shop's departments, its owner (first) and staff, and approved influencers", async () => {
    const res = await t.get("live-stream/form-options", { cookie: cookie.owner });
    expect(res.status).toBe(200);
    expect(res.body.data.shopId).toBe(a.id);
    expect(res.body.data.categories.map((c: { _id: string }) => c._id).sort()).toEqual(
      [catalogue.department.id, catalogue.otherDepartment.id].sort(),
    );
    const staffIds = res.body.data.staff.map((p: { _id: string }) => p._id);
    expect(staffIds[0]).toBe(a.owner.id);
    expect(staffIds).toContain(schedulerId);
    expect(staffIds).not.toContain(staff2Id);
    expect(res.body.data.influencers.map((p: { _id: string }) => p._id)).toContain(influencerId);
    expect(res.body.data.influencers.map((p: { _id: string }) => p._id)).not.toContain(pendingInfluencerId);
  });

  it("is the named shop's for an admin, the own shop's for others; staff need schedule", async () => {
    expect(
      (await t.get("live-stream/form-options", { cookie: cookie.admin, query: { shopId: b.id } })).body.data.shopId,
    ).toBe(b.id);
    expect((await t.get("live-stream/form-options", { cookie: cookie.admin })).status).toBe(400);
    expect((await t.get("live-stream/form-options", { cookie: cookie.owner2, query: { shopId: a.id } })).status).toBe(
      404,
    );
    expect((await t.get("live-stream/form-options", { cookie: cookie.promoter })).status).toBe(403);
  });
});
