import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, zoneDay, zoneInstant } from "#contract/core/days";
import { MSG } from "#contract/core/messages";
import { campaignInfluencers, campaigns, streams } from "#api/db/schema";
import { newId } from "#api/platform/data/ids";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { MP4, testKit, type KitShop, type TestKit } from "../../../tests/factories";

// spec 3 §2 Campaign stream add and edit page, §5 Campaign stream form, §7 POST live-stream/web with campaignId; ADR 0063.

let t: TestApi;
let kit: TestKit;
let catalogue: Awaited<ReturnType<TestKit["catalogue"]>>;
let a: KitShop;
let b: KitShop;
type Who = "owner" | "owner2" | "admin" | "both" | "streamOnly" | "campaignOnly";
const cookie = {} as Record<Who, string>;
let accepted: string;
let invited: string;
let campaign: string;
let draft: string;
let campaignB: string;

const today = () => zoneDay(new Date());
/** 18:00 in the marketplace's zone, `days` from today, in epoch ms */
const at = (days: number, time = "18:00:00") => zoneInstant(addDays(today(), days), time).getTime();

async function addCampaign(shopId: string, opts: { draft?: boolean; from?: number; to?: number } = {}) {
  const id = newId();
  const published = !opts.draft;
  await t.db.insert(campaigns).values({
    id,
    shopId,
    title: "Campaign for streams",
    description: "A campaign whose streams are tested",
    startAt: published ? zoneInstant(addDays(today(), opts.from ?? -2)) : null,
    endAt: published ? zoneInstant(addDays(today(), opts.to ?? 10), "23:59:59") : null,
    isDraft: !published,
    publishedAt: published ? new Date() : null,
  });
  return id;
}

async function join(campaignId: string, shopId: string, influencerId: string, state: "accepted" | "invited") {
  await t.db.insert(campaignInfluencers).values({
    id: newId(),
    campaignId,
    shopId,
    influencerId,
    state,
    invitedAt: new Date(),
    acceptedAt: state === "accepted" ? new Date() : null,
  });
}

beforeAll(async () => {
  t = await testApi();
  kit = testKit(t);
  catalogue = await kit.catalogue();
  a = await kit.shop({ name: "Campaign Stream Shop A", departments: [catalogue.department.id] });
  b = await kit.shop({ name: "Campaign Stream Shop B", departments: [catalogue.department.id] });
  cookie.owner = a.owner.cookie;
  cookie.owner2 = b.owner.cookie;
  cookie.admin = (await kit.admin()).cookie;
  cookie.both = (await kit.staff(a, ["stream:schedule", "campaign:edit"])).cookie;
  cookie.streamOnly = (await kit.staff(a, ["stream:schedule"])).cookie;
  cookie.campaignOnly = (await kit.staff(a, ["campaign:edit"])).cookie;
  accepted = (await kit.approvedInfluencer())._id;
  invited = (await kit.approvedInfluencer())._id;
  campaign = await addCampaign(a.id);
  draft = await addCampaign(a.id, { draft: true });
  campaignB = await addCampaign(b.id);
  await join(campaign, a.id, accepted, "accepted");
  await join(campaign, a.id, invited, "invited");
  await join(campaignB, b.id, accepted, "accepted");
}, 240_000);
afterAll(() => t.close());

async function payload(as: string, extra: Record<string, unknown> = {}) {
  return {
    name: "Campaign Live",
    startDateAndTime: at(1),
    categories: [catalogue.department.id],
    streamer: accepted,
    campaignId: campaign,
    image: await kit.upload(as, "streamThumbnail"),
    video: await kit.upload(as, "streamVideo", { bytes: MP4, type: "video/mp4", fileName: "clip.mp4" }),
    ...extra,
  };
}
const create = (as: string, body: unknown) => t.post("live-stream/web", { cookie: as, body });
const count = async () => (await t.db.select({ id: streams.id }).from(streams)).length;

describe("POST live-stream/web with campaignId", () => {
  it("schedules a stream of the campaign, streamed by an influencer who accepted it; the campaign's list shows it", async () => {
    const res = await create(cookie.owner, await payload(cookie.owner));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ campaignId: campaign, shopId: a.id, streamer: { _id: accepted } });
    const listed = await t.post("live-stream/list", { cookie: cookie.owner, query: { campaignId: campaign } });
    expect(listed.body.data.map((s: { _id: string }) => s._id)).toEqual([res.body.data._id]);
  });

  it("refuses a streamer who has not accepted the campaign, and the shop's owner", async () => {
    const before = await count();
    for (const streamer of [invited, a.owner.id]) {
      const res = await create(cookie.owner, await payload(cookie.owner, { streamer }));
      expect(res.status).toBe(400);
      expect(res.body.errors.streamer).toEqual([MSG.campaignStreamerNotAccepted]);
    }
    expect(await count()).toBe(before);
  });

  it("refuses a start outside the campaign's dates or before today", async () => {
    const before = await count();
    const cases: [number, string][] = [
      [at(-1), MSG.campaignStreamBeforeToday],
      [at(0, "00:00:00") - 60_000, MSG.campaignStreamBeforeToday],
      [at(11), MSG.campaignStreamOutsideDates],
    ];
    for (const [startDateAndTime, message] of cases) {
      const res = await create(cookie.owner, await payload(cookie.owner, { startDateAndTime }));
      expect(res.status).toBe(400);
      expect(res.body.errors.startDateAndTime).toEqual([message]);
    }
    // the campaign's last day, and later today, are fine
    expect(
      (await create(cookie.owner, await payload(cookie.owner, { startDateAndTime: at(10, "23:00:00") }))).status,
    ).toBe(200);
    expect(await count()).toBe(before + 1);
  });

  it("keeps the title to 5 to 20 characters with the spec's messages", async () => {
    const short = await create(cookie.owner, await payload(cookie.owner, { name: "Live" }));
    expect(short.body.errors.name).toEqual([MSG.campaignStreamTitleShort]);
    const long = await create(cookie.owner, await payload(cookie.owner, { name: "A campaign stream title" }));
    expect(long.body.errors.name).toEqual([MSG.campaignStreamTitleMax]);
  });

  it("refuses a draft campaign (ADR 0063) and another shop's campaign (404)", async () => {
    const before = await count();
    const onDraft = await create(cookie.owner, await payload(cookie.owner, { campaignId: draft }));
    expect(onDraft.status).toBe(400);
    expect(onDraft.body.message).toBe(MSG.campaignStreamDraft);
    const other = await create(cookie.owner, await payload(cookie.owner, { campaignId: campaignB }));
    expect(other.status).toBe(404);
    const otherOwner = await create(cookie.owner2, await payload(cookie.owner2, { campaignId: campaign }));
    expect(otherOwner.status).toBe(404);
    expect(await count()).toBe(before);
  });

  it("lets staff with 'schedule stream' and 'campaign edit' in; either alone is refused", async () => {
    expect((await create(cookie.both, await payload(cookie.both))).status).toBe(200);
    const before = await count();
    expect((await create(cookie.streamOnly, await payload(cookie.streamOnly))).status).toBe(403);
    expect((await create(cookie.campaignOnly, await payload(cookie.campaignOnly))).status).toBe(403);
    expect(await count()).toBe(before);
  });
});

describe("PUT live-stream/{id} of a campaign's stream", () => {
  it("keeps the campaign's rules; the stream stays in its campaign", async () => {
    const made = await create(cookie.owner, await payload(cookie.owner));
    const id = made.body.data._id as string;
    const body = await payload(cookie.owner, { name: "Campaign Live 2" });
    const bad = await t.put(`live-stream/${id}`, { cookie: cookie.owner, body: { ...body, streamer: invited } });
    expect(bad.body.errors.streamer).toEqual([MSG.campaignStreamerNotAccepted]);
    const moved = await t.put(`live-stream/${id}`, { cookie: cookie.owner, body: { ...body, campaignId: draft } });
    expect(moved.status).toBe(404);
    const late = await t.put(`live-stream/${id}`, {
      cookie: cookie.owner,
      body: { ...body, startDateAndTime: at(12) },
    });
    expect(late.body.errors.startDateAndTime).toEqual([MSG.campaignStreamOutsideDates]);
    const { campaignId: _c, ...withoutCampaign } = body;
    const ok = await t.put(`live-stream/${id}`, { cookie: cookie.owner, body: withoutCampaign });
    expect(ok.status).toBe(200);
    const [row] = await t.db.select().from(streams).where(eq(streams.id, id));
    expect(row).toMatchObject({ name: "Campaign Live 2", campaignId: campaign });
    const other = await t.put(`live-stream/${id}`, { cookie: cookie.owner2, body: withoutCampaign });
    expect(other.status).toBe(404);
  });
});

describe("GET live-stream/form-options with campaignId", () => {
  it("gives the campaign's window and its accepted influencers only, no staff", async () => {
    const res = await t.get("live-stream/form-options", { cookie: cookie.owner, query: { campaignId: campaign } });
    expect(res.status).toBe(200);
    expect(res.body.data.staff).toEqual([]);
    expect(res.body.data.influencers.map((p: { _id: string }) => p._id)).toEqual([accepted]);
    expect(res.body.data.campaign).toMatchObject({
      _id: campaign,
      isDraft: false,
      from: zoneInstant(today()).getTime(),
      until: zoneInstant(addDays(today(), 10), "23:59:59").getTime(),
    });
    const drafted = await t.get("live-stream/form-options", { cookie: cookie.owner, query: { campaignId: draft } });
    expect(drafted.body.data.campaign).toMatchObject({ isDraft: true, from: null, until: null });
  });

  it("answers another shop's campaign with 404", async () => {
    const res = await t.get("live-stream/form-options", { cookie: cookie.owner, query: { campaignId: campaignB } });
    expect(res.status).toBe(404);
    const admin = await t.get("live-stream/form-options", {
      cookie: cookie.admin,
      query: { shopId: a.id, campaignId: campaignB },
    });
    expect(admin.status).toBe(404);
  });
});
