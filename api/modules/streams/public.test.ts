import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { testKit, type KitShop, type TestKit } from "../../../tests/factories";
import { EMBED_LIMIT } from "./index";

// GET live-stream/public/{shopId}: the embed script's call (spec 1 §9, ADR 0038).

let t: TestApi;
let kit: TestKit;
let a: KitShop;
let b: KitShop;
const HOUR = 60 * 60 * 1000;
let address = 0;
/** Each call from its own client address, so only the rate-limit test spends one address's allowance. */
const fetchPublic = (shopId: string, ip = `198.51.100.${++address}`, cookie?: string) =>
  t.get(`live-stream/public/${shopId}`, { headers: { "x-forwarded-for": ip }, cookie });

beforeAll(async () => {
  t = await testApi();
  kit = testKit(t);
  a = await kit.shop({ name: "Embed Shop A" });
  b = await kit.shop({ name: "Embed Shop B" });
});
afterAll(() => t.close());

describe("GET live-stream/public/{shopId}", () => {
  let live: string;
  let soon: string;
  let later: string;
  beforeAll(async () => {
    const now = Date.now();
    later = (await kit.stream(a, { name: "Later Drop", status: "created", startAt: new Date(now + 5 * 24 * HOUR) })).id;
    soon = (await kit.stream(a, { name: "Soon Drop", status: "created", startAt: new Date(now + 2 * HOUR), likes: 3 }))
      .id;
    live = (
      await kit.stream(a, {
        name: "On Air",
        status: "broadcasting",
        likes: 42,
        streamVideo: null,
        video: "/media/streams/demo-recording.mp4",
      })
    ).id;
    // none of these may show
    await kit.stream(a, { name: "Done", status: "finished", streamVideo: "/media/streams/demo-recording.mp4" });
    await kit.stream(a, { name: "Promoted replay", status: "promoted" });
    await kit.stream(a, {
      name: "Archived upcoming",
      status: "archived",
      archiveStatus: "created",
      startAt: new Date(now + 24 * HOUR),
    });
    await kit.stream(a, {
      name: "Deleted upcoming",
      status: "created",
      startAt: new Date(now + 24 * HOUR),
      deletedAt: new Date(),
    });
    await kit.stream(a, { name: "Never started", status: "created", startAt: new Date(now - 3 * 24 * HOUR) });
    await kit.stream(b, { name: "Other shop live", status: "broadcasting" });
  });

  it("lists the shop's live streams, then its upcoming ones soonest first, and nothing else", async () => {
    const res = await fetchPublic(a.id);
    expect(res.status).toBe(200);
    expect(res.body.data.map((s: { _id: string }) => s._id)).toEqual([live, soon, later]);
    expect(res.body.data.map((s: { name: string }) => s.name)).toEqual(["On Air", "Soon Drop", "Later Drop"]);
  });

  it("gives only what a viewer sees: no shop, streamer, campaign, chat or dates other than the start", async () => {
    const [onAir, upcoming] = (await fetchPublic(a.id)).body.data;
    expect(Object.keys(onAir).sort()).toEqual([
      "_id",
      "image",
      "likes",
      "name",
      "startDateAndTime",
      "status",
      "video",
      "viewURL",
    ]);
    expect(onAir).toMatchObject({
      status: "broadcasting",
      viewURL: "/media/live/demo.m3u8",
      video: "/media/streams/demo-recording.mp4",
      likes: 42,
      image: "/api/files/seed/stream.png",
    });
    expect(typeof onAir.startDateAndTime).toBe("number");
    // the live address exists only while live
    expect(upcoming).toMatchObject({ status: "created", viewURL: null, likes: 3 });
    expect(JSON.stringify((await fetchPublic(a.id)).body)).not.toContain(a.owner.id);
  });

  it("plays the recording over the uploaded video", async () => {
    const c = await kit.shop({ name: "Embed Shop C" });
    await kit.stream(c, {
      name: "Rerun",
      status: "created",
      startAt: new Date(Date.now() + HOUR),
      streamVideo: "/media/streams/recording.mp4",
      video: "/media/streams/upload.mp4",
    });
    expect((await fetchPublic(c.id)).body.data[0].video).toBe("/media/streams/recording.mp4");
  });

  it("answers the same for anyone: a console session changes nothing", async () => {
    const anonymous = await fetchPublic(a.id);
    const owner = await fetchPublic(b.id, undefined, b.owner.cookie);
    expect(owner.body.data.map((s: { name: string }) => s.name)).toEqual(["Other shop live"]);
    const ownerOfA = await fetchPublic(a.id, undefined, a.owner.cookie);
    expect(ownerOfA.body.data).toEqual(anonymous.body.data);
  });

  it("is 404 for an unknown, Pending, Rejected or closed shop alike, and for a shop with no such id shape", async () => {
    const pending = await kit.shop({ name: "Embed Pending", status: "Pending" });
    const rejected = await kit.shop({ name: "Embed Rejected", status: "Rejected" });
    const closed = await kit.shop({ name: "Embed Closed", deletedAt: new Date() });
    for (const shop of [pending, rejected, closed]) await kit.stream(shop, { status: "broadcasting" });
    for (const id of ["0123456789abcdef01234567", pending.id, rejected.id, closed.id]) {
      const res = await fetchPublic(id);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, message: MSG.notFound, status: 1004 });
    }
    expect((await fetchPublic("not-a-shop")).status).toBe(404);
  });

  it("an Approved shop with nothing live or upcoming answers an empty list", async () => {
    const quiet = await kit.shop({ name: "Embed Quiet" });
    await kit.stream(quiet, { status: "finished" });
    const res = await fetchPublic(quiet.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });

  it("is readable from any website (CORS for every origin), answers and refusals alike", async () => {
    const res = await fetchPublic(a.id);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("cache-control")).toBe("public, max-age=15");
    const missing = await fetchPublic("0123456789abcdef01234567");
    expect(missing.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("is read-only: no other method is answered on its path", async () => {
    for (const method of ["POST", "PUT", "DELETE"])
      expect((await t.call(method, `live-stream/public/${a.id}`, { body: {} })).status).toBe(404);
  });
});

describe("the embed call's rate limit", () => {
  it("refuses an address after its allowance (429, the message), while another address is still served", async () => {
    const busy = "203.0.113.9";
    for (let i = 0; i < EMBED_LIMIT.points; i++) expect((await fetchPublic(a.id, busy)).status).toBe(200);
    const refused = await fetchPublic(a.id, busy);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, message: MSG.embedThrottled });
    expect(refused.headers.get("access-control-allow-origin")).toBe("*");
    // unknown shop ids spend the same allowance (probing for shops is limited too)
    expect((await fetchPublic("0123456789abcdef01234567", busy)).status).toBe(429);
    expect((await fetchPublic(a.id, "203.0.113.10")).status).toBe(200);
  });
});
