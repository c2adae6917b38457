import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import { addDays, zoneDay, zoneInstant } from "#contract/core/days";
import { campaignInfluencers, campaigns, users } from "#api/db/schema";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { testKit, type KitShop, type TestKit } from "../../../tests/factories";

// spec 3 §3 Campaign, §4 Campaign status and Influencer in a campaign, §5 Campaign, §6, §7 Campaigns.

let t: TestApi;
let kit: TestKit;
let a: KitShop;
let b: KitShop;
type Who = "admin" | "owner" | "owner2" | "adder" | "editor" | "viewer" | "nobody" | "staff2";
const cookie = {} as Record<Who, string>;

const DAY = 24 * 60 * 60 * 1000;
const today = () => zoneDay(new Date());
const day = (n: number) => addDays(today(), n);

beforeAll(async () => {
  t = await testApi();
  kit = testKit(t);
  a = await kit.shop({ name: "Campaign Shop A" });
  b = await kit.shop({ name: "Campaign Shop B" });
  cookie.admin = (await kit.admin()).cookie;
  cookie.owner = a.owner.cookie;
  cookie.owner2 = b.owner.cookie;
  cookie.adder = (await kit.staff(a, ["campaign:add"])).cookie;
  cookie.editor = (await kit.staff(a, ["campaign:edit"])).cookie;
  cookie.viewer = (await kit.staff(a, ["campaign:view"])).cookie;
  cookie.nobody = (await kit.staff(a, ["product:add", "coupon:add"])).cookie;
  cookie.staff2 = (await kit.staff(b, ["campaign:add", "campaign:edit", "campaign:view"])).cookie;
});
afterAll(() => t.close());

let n = 0;
const title = () => `Summer Campaign ${++n}`;
const published = (extra: Record<string, unknown> = {}) => ({
  title: title(),
  description: "Ten days of summer streams.",
  start: day(1),
  end: day(10),
  ...extra,
});
const add = (body: Record<string, unknown>, as = cookie.owner) => t.post("campaign", { cookie: as, body });
const put = (id: string, body: Record<string, unknown>, as = cookie.owner) =>
  t.put(`campaign/${id}`, { cookie: as, body });
const row = async (id: string) => (await t.db.select().from(campaigns).where(eq(campaigns.id, id)))[0];
const count = async () => (await t.db.select().from(campaigns)).length;

describe("POST campaign", () => {
  it("saves a draft with a valid name alone", async () => {
    const res = await add({ title: "  Draft Only Name  ", isDraft: true });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.campaignDraftSaved);
    expect(res.body.data).toMatchObject({
      title: "Draft Only Name",
      isDraft: true,
      status: "Draft",
      start: null,
      end: null,
      shopId: a.id,
    });
  });

  it("refuses a draft without a valid name, with the spec's messages, and saves nothing", async () => {
    const before = await count();
    for (const [value, message] of [
      [undefined, MSG.campaignTitleRequired],
      ["     ", MSG.campaignTitleRequired],
      ["Abcd", MSG.campaignTitleShort],
      ["x".repeat(101), MSG.campaignTitleMax],
    ] as const) {
      const res = await add({ title: value, isDraft: true });
      expect(res.status).toBe(400);
      expect(res.body.errors.title).toEqual([message]);
    }
    expect(await count()).toBe(before);
  });

  it("publishing needs every rule of spec 3 §5, all reported on the first submit", async () => {
    const before = await count();
    const res = await add({ title: "Abc", isDraft: false });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      title: [MSG.campaignTitleShort],
      description: [MSG.campaignDescriptionRequired],
      start: [MSG.campaignStartRequired],
      end: [MSG.campaignEndRequired],
    });
    const short = await add(published({ description: "Too short" }));
    expect(short.body.errors.description).toEqual([MSG.campaignDescriptionShort]);
    const reversed = await add(published({ start: day(5), end: day(2) }));
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors.end).toEqual([MSG.campaignStartAfterEnd]);
    const past = await add(published({ start: day(-1) }));
    expect(past.status).toBe(400);
    expect(past.body.errors.start).toEqual([MSG.campaignDateBeforeToday]);
    const pastDraft = await add({ title: title(), isDraft: true, end: day(-2) });
    expect(pastDraft.body.errors.end).toEqual([MSG.campaignDateBeforeToday]);
    expect(await count()).toBe(before);
  });

  it("publishes (isDraft false or absent): Upcoming, the start at 00:00:00 and the end at 23:59:59 Sydney time", async () => {
    const res = await add(published({ start: day(2), end: day(4) }));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.campaignAdded);
    expect(res.body.data).toMatchObject({ isDraft: false, status: "Upcoming" });
    expect(res.body.data.start).toBe(zoneInstant(day(2), "00:00:00").toISOString());
    expect(res.body.data.end).toBe(zoneInstant(day(4), "23:59:59").toISOString());
    // one day is a campaign too: today to today, Ongoing at once
    const oneDay = await add(published({ start: today(), end: today() }));
    expect(oneDay.body.data.status).toBe("Ongoing");
  });

  it("takes a thumbnail and a video uploaded by the caller for a stream page, and refuses another user's", async () => {
    const thumbnail = await kit.upload(cookie.owner, "streamThumbnail");
    const video = await kit.upload(cookie.owner, "streamVideo", {
      bytes: new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32, ...new Array(64).fill(0)]),
      type: "video/mp4",
      fileName: "clip.mp4",
    });
    const res = await add(published({ thumbnail, video }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ thumbnail, video });
    const theirs = await kit.upload(cookie.owner2, "streamThumbnail");
    const refused = await add(published({ thumbnail: theirs }));
    expect(refused.status).toBe(400);
    expect(refused.body.errors.thumbnail).toEqual([MSG.campaignFileNotUploaded]);
  });

  it("rights: owners and staff with campaign:add add to their own shop; admins name the shop; others are refused", async () => {
    const staff = await add(published(), cookie.adder);
    expect(staff.status).toBe(200);
    expect(staff.body.data.shopId).toBe(a.id);
    const before = await count();
    expect((await add(published(), cookie.editor)).status).toBe(403);
    expect((await add(published(), cookie.viewer)).status).toBe(403);
    expect((await add(published(), cookie.nobody)).status).toBe(403);
    expect((await t.post("campaign", { body: published() })).status).toBe(401);
    // an owner naming another shop: 404, nothing made there
    expect((await add(published({ shopId: b.id }), cookie.owner)).status).toBe(404);
    // an admin names the shop (required)
    const noShop = await add(published(), cookie.admin);
    expect(noShop.status).toBe(400);
    expect(noShop.body.errors.shopId).toEqual([MSG.orderShopRequired]);
    expect(await count()).toBe(before);
    const admins = await add(published({ shopId: b.id }), cookie.admin);
    expect(admins.status).toBe(200);
    expect(admins.body.data).toMatchObject({ shopId: b.id, shopName: "Campaign Shop B" });
  });
});

describe("GET campaign", () => {
  let shop: KitShop;
  let owner: string;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    shop = await kit.shop({ name: "Campaign List Shop" });
    owner = shop.owner.cookie;
    const now = Date.now();
    ids.draft = (
      await kit.campaign(shop, {
        title: "Delta draft",
        isDraft: true,
        startAt: null,
        endAt: null,
        createdAt: new Date(now - 4 * DAY),
      })
    ).id;
    ids.upcoming = (await kit.campaign(shop, { title: "alpha upcoming", createdAt: new Date(now - 3 * DAY) })).id;
    ids.ongoing = (
      await kit.campaign(shop, {
        title: "Charlie ongoing",
        startAt: new Date(now - 2 * DAY),
        endAt: new Date(now + 2 * DAY),
        createdAt: new Date(now - 2 * DAY),
      })
    ).id;
    ids.past = (
      await kit.campaign(shop, {
        title: "Bravo past",
        startAt: new Date(now - 20 * DAY),
        endAt: new Date(now - 10 * DAY),
        createdAt: new Date(now - DAY),
      })
    ).id;
  });
  const list = (as: string, query: Record<string, string | number> = {}) => t.get("campaign", { cookie: as, query });
  const titles = (res: { body: { data: { title: string }[] } }) => res.body.data.map((c) => c.title);

  it("lists the shop's campaigns newest first, with the status derived from the dates and the draft flag", async () => {
    const res = await list(owner);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(4);
    expect(res.body.data.map((c: { _id: string; status: string }) => [c._id, c.status])).toEqual([
      [ids.past, "Past"],
      [ids.ongoing, "Ongoing"],
      [ids.upcoming, "Upcoming"],
      [ids.draft, "Draft"],
    ]);
  });

  it("searches the title, sorts by title, start and end, and pages", async () => {
    expect(titles(await list(owner, { search: "ALPHA" }))).toEqual(["alpha upcoming"]);
    expect(titles(await list(owner, { searchText: "o" })).length).toBe(3);
    expect(titles(await list(owner, { sort: "title", sortType: "asc" }))).toEqual([
      "alpha upcoming",
      "Bravo past",
      "Charlie ongoing",
      "Delta draft",
    ]);
    expect(titles(await list(owner, { sort: "start", sortType: "asc" })).slice(0, 3)).toEqual([
      "Bravo past",
      "Charlie ongoing",
      "alpha upcoming",
    ]);
    const page2 = await list(owner, { page: 2, limit: 3 });
    expect(page2.body).toMatchObject({ count: 4, isNext: false });
    expect(titles(page2)).toEqual(["Delta draft"]);
    expect((await list(owner, { page: 1, limit: 3 })).body.isNext).toBe(true);
    expect((await list(owner, { sort: "fee" })).status).toBe(400);
    expect((await list(owner, { limit: 101 })).status).toBe(400);
  });

  it("isolation and rights: owners and staff only their shop whatever shopId says; admins every shop or the one named", async () => {
    const theirs = await list(cookie.owner2, { shopId: shop.id });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.every((c: { shopId: string }) => c.shopId === b.id)).toBe(true);
    expect(theirs.body.data.some((c: { _id: string }) => Object.values(ids).includes(c._id))).toBe(false);
    const admin = await list(cookie.admin, { shopId: shop.id });
    expect(admin.body.count).toBe(4);
    const all = await list(cookie.admin, { limit: 100 });
    expect(new Set(all.body.data.map((c: { shopId: string }) => c.shopId))).toEqual(new Set([a.id, b.id, shop.id]));
    expect((await list(cookie.viewer)).status).toBe(200);
    expect((await list(cookie.adder)).status).toBe(200);
    expect((await list(cookie.nobody)).status).toBe(403);
    expect((await t.get("campaign")).status).toBe(401);
  });

  it("GET campaign/{id}: the campaign for its shop and admins; 404 for another shop's", async () => {
    const mine = await t.get(`campaign/${ids.ongoing}`, { cookie: owner });
    expect(mine.body.data).toMatchObject({ _id: ids.ongoing, status: "Ongoing", title: "Charlie ongoing" });
    expect((await t.get(`campaign/${ids.ongoing}`, { cookie: cookie.admin })).status).toBe(200);
    const other = await t.get(`campaign/${ids.ongoing}`, { cookie: cookie.owner2 });
    expect(other.status).toBe(404);
    expect(other.body.status).toBe(1004);
    expect((await t.get(`campaign/${ids.ongoing}`, { cookie: cookie.staff2 })).status).toBe(404);
    expect((await t.get(`campaign/${ids.ongoing}`, { cookie: cookie.nobody })).status).toBe(403);
    expect((await t.get("campaign/0123456789abcdef01234567", { cookie: owner })).status).toBe(404);
  });
});

describe("PUT campaign/{id}", () => {
  it("publishes a draft only when every rule holds; a published campaign never returns to draft", async () => {
    const draft = (await add({ title: title(), isDraft: true })).body.data;
    const refused = await put(draft._id, { title: draft.title, isDraft: false });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.description).toEqual([MSG.campaignDescriptionRequired]);
    expect((await row(draft._id)).isDraft).toBe(true);
    // the draft keeps its draft status through an update
    const kept = await put(draft._id, { title: "Renamed draft", description: "Ten days of summer streams." });
    expect(kept.body.data).toMatchObject({ title: "Renamed draft", isDraft: true, status: "Draft" });
    const res = await put(draft._id, { title: "Renamed draft", start: day(1), end: day(3), isDraft: false });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.campaignUpdated);
    expect(res.body.data).toMatchObject({
      isDraft: false,
      status: "Upcoming",
      description: "Ten days of summer streams.",
    });
    const back = await put(draft._id, { title: "Renamed draft", isDraft: true });
    expect(back.status).toBe(400);
    expect(back.body.errors.isDraft).toEqual([MSG.campaignBackToDraft]);
    expect((await row(draft._id)).isDraft).toBe(false);
  });

  it("a draft whose dates have gone by is published only with new dates", async () => {
    const stale = await kit.campaign(a, {
      isDraft: true,
      startAt: new Date(Date.now() - 5 * DAY),
      endAt: new Date(Date.now() - 4 * DAY),
    });
    const res = await put(stale.id, { title: stale.title, isDraft: false });
    expect(res.status).toBe(400);
    expect(res.body.errors.start).toEqual([MSG.campaignDateBeforeToday]);
    expect((await put(stale.id, { title: stale.title, start: day(0), end: day(1), isDraft: false })).status).toBe(200);
  });

  it("a published campaign keeps its rules: the description stays, the start before the end", async () => {
    const c = (await add(published())).body.data;
    expect((await put(c._id, { title: c.title, description: "" })).body.errors.description).toEqual([
      MSG.campaignDescriptionRequired,
    ]);
    expect((await put(c._id, { title: c.title, end: day(0) })).body.errors.end).toEqual([MSG.campaignStartAfterEnd]);
    expect((await put(c._id, { title: "Ab" })).body.errors.title).toEqual([MSG.campaignTitleShort]);
    const moved = await put(c._id, { title: c.title, start: day(3), end: day(20) });
    expect(moved.body.data.end).toBe(zoneInstant(day(20), "23:59:59").toISOString());
  });

  it("locks the dates once the campaign is Ongoing or Past; other fields still change", async () => {
    const now = Date.now();
    const ongoing = await kit.campaign(a, { startAt: zoneInstant(day(-2)), endAt: zoneInstant(day(3), "23:59:59") });
    const locked = await put(ongoing.id, { title: ongoing.title, start: day(1) });
    expect(locked.status).toBe(400);
    expect(locked.body.errors.start).toEqual([MSG.campaignDatesLocked]);
    expect((await put(ongoing.id, { title: ongoing.title, end: day(9) })).body.errors.end).toEqual([
      MSG.campaignDatesLocked,
    ]);
    expect((await row(ongoing.id)).startAt).toEqual(ongoing.startAt);
    // the same dates (as the form sends them) or none: fine
    const same = await put(ongoing.id, { title: "Ongoing renamed", start: day(-2), end: day(3) });
    expect(same.status).toBe(200);
    expect(same.body.data).toMatchObject({ title: "Ongoing renamed", status: "Ongoing" });
    const past = await kit.campaign(a, { startAt: new Date(now - 9 * DAY), endAt: new Date(now - 2 * DAY) });
    expect((await put(past.id, { title: past.title, end: day(5) })).body.errors.end).toEqual([MSG.campaignDatesLocked]);
    expect((await put(past.id, { title: "Past renamed" })).body.data).toMatchObject({ status: "Past" });
  });

  it("isolation and rights: another shop's campaign is 404 and unchanged; editing needs campaign:edit", async () => {
    const c = (await add(published())).body.data;
    for (const as of [cookie.owner2, cookie.staff2]) {
      const res = await put(c._id, { title: "Hijacked title" }, as);
      expect(res.status).toBe(404);
    }
    expect((await put(c._id, { title: "Adder title" }, cookie.adder)).status).toBe(403);
    expect((await put(c._id, { title: "Viewer title" }, cookie.viewer)).status).toBe(403);
    expect((await row(c._id)).title).toBe(c.title);
    expect((await put(c._id, { title: "Editor title" }, cookie.editor)).body.data.title).toBe("Editor title");
    expect((await put(c._id, { title: "Admin title" }, cookie.admin)).body.data.title).toBe("Admin title");
    // shopId is not read: the campaign stays in its shop
    await put(c._id, { title: "Admin title", shopId: b.id }, cookie.admin);
    expect((await row(c._id)).shopId).toBe(a.id);
  });
});

const NAMES = ["Ava", "Bea", "Cat"];

describe("campaign influencers", () => {
  let campaignId: string;
  let approved: string[];
  let pending: string;
  const act = (id: string, action: string, influencer: string, as = cookie.owner) =>
    t.put(`campaign/influencer/${id}`, { cookie: as, body: { action, influencer } });
  const tab = (id: string, type: string, as = cookie.owner) =>
    t.get(`campaign/influencer/${id}`, { cookie: as, query: { type } });
  const state = async (influencerId: string) =>
    (
      await t.db
        .select({ state: campaignInfluencers.state })
        .from(campaignInfluencers)
        .where(eq(campaignInfluencers.influencerId, influencerId))
    ).map((r) => r.state);

  beforeAll(async () => {
    campaignId = (await add(published())).body.data._id;
    approved = [];
    for (let i = 0; i < 3; i++) {
      const inf = await kit.influencer({ fName: NAMES[i] });
      await t.db.update(users).set({ status: "Approved" }).where(eq(users.id, inf._id));
      approved.push(inf._id);
    }
    const p = await kit.influencer({ fName: "Pending Pat" });
    await t.db.update(users).set({ status: "Pending" }).where(eq(users.id, p._id));
    pending = p._id;
  });

  it("invites Approved influencers only, never twice, never on a draft", async () => {
    const res = await act(campaignId, "invite", approved[0]);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.campaignInfluencerInvited);
    expect(res.body.data).toMatchObject({
      state: "invited",
      campaignId,
      influencer: { _id: approved[0], fName: "Ava" },
    });
    const again = await act(campaignId, "invite", approved[0]);
    expect(again.status).toBe(400);
    expect(again.body.errors.influencer).toEqual([MSG.campaignInfluencerAlreadyIn]);
    const notApproved = await act(campaignId, "invite", pending);
    expect(notApproved.body.errors.influencer).toEqual([MSG.campaignInfluencerNotApproved]);
    expect(await state(pending)).toEqual([]);
    // an owner or a shop is no influencer
    expect((await act(campaignId, "invite", a.owner.id)).status).toBe(400);
    const draft = (await add({ title: title(), isDraft: true })).body.data;
    const onDraft = await act(draft._id, "invite", approved[1]);
    expect(onDraft.status).toBe(400);
    expect(onDraft.body.message).toBe(MSG.campaignInviteDraft);
    const past = await kit.campaign(a, { startAt: new Date(Date.now() - 9 * DAY), endAt: new Date(Date.now() - DAY) });
    expect((await act(past.id, "invite", approved[1])).body.message).toBe(MSG.campaignInvitePast);
  });

  it("accepts only a request; removes (block) invited, requesting and accepted influencers; may invite anew", async () => {
    // influencer 1 asked to join (their own door writes this row)
    await kit.campaignInfluencer({ id: campaignId, shopId: a.id }, approved[1], "requested");
    const notRequested = await act(campaignId, "accept-invitation", approved[0]);
    expect(notRequested.status).toBe(400);
    expect(notRequested.body.errors.influencer).toEqual([MSG.campaignInfluencerNotRequested]);
    expect(await state(approved[0])).toEqual(["invited"]);
    const requested = await tab(campaignId, "requested");
    expect(requested.body.data.map((r: { influencer: { _id: string } }) => r.influencer._id)).toEqual([approved[1]]);
    const accepted = await act(campaignId, "accept-invitation", approved[1], cookie.editor);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ message: MSG.campaignInfluencerAccepted, data: { state: "accepted" } });
    expect((await tab(campaignId, "requested")).body.data).toEqual([]);
    const acceptedTab = await tab(campaignId, "accepted", cookie.viewer);
    expect(acceptedTab.body).toMatchObject({ count: 1, isNext: false });
    expect(acceptedTab.body.data[0].influencer).toMatchObject({ _id: approved[1], fName: "Bea" });
    expect(acceptedTab.body.data[0].influencer.email).toContain("@");
    expect((await act(campaignId, "accept-invitation", approved[1])).status).toBe(400);

    const removed = await act(campaignId, "block", approved[1]);
    expect(removed.body).toMatchObject({ message: MSG.campaignInfluencerRemoved, data: { state: "removed" } });
    expect((await tab(campaignId, "accepted")).body.data).toEqual([]);
    expect((await act(campaignId, "block", approved[1])).body.errors.influencer).toEqual([MSG.campaignInfluencerNotIn]);
    expect((await act(campaignId, "block", approved[2])).status).toBe(400);
    const reinvited = await act(campaignId, "invite", approved[1]);
    expect(reinvited.body.data.state).toBe("invited");
    expect(await state(approved[1])).toEqual(["invited"]);
    const invitedTab = await tab(campaignId, "invited");
    expect(invitedTab.body.data.map((r: { influencer: { _id: string } }) => r.influencer._id).sort()).toEqual(
      [approved[0], approved[1]].sort(),
    );
  });

  it("refuses an unknown type or action with a clear 400", async () => {
    expect((await tab(campaignId, "blocked")).body.message).toBe(MSG.campaignInfluencerType);
    expect((await t.get(`campaign/influencer/${campaignId}`, { cookie: cookie.owner })).status).toBe(400);
    expect((await act(campaignId, "promote", approved[0])).body.message).toBe(MSG.campaignInfluencerAction);
    expect((await act(campaignId, "invite", "")).body.errors.influencer).toEqual([MSG.campaignInfluencerRequired]);
  });

  it("isolation and rights: another shop reads and moves nothing; moves need campaign:edit", async () => {
    for (const as of [cookie.owner2, cookie.staff2]) {
      expect((await tab(campaignId, "invited", as)).status).toBe(404);
      expect((await act(campaignId, "block", approved[0], as)).status).toBe(404);
      expect((await act(campaignId, "invite", approved[2], as)).status).toBe(404);
    }
    expect((await act(campaignId, "block", approved[0], cookie.viewer)).status).toBe(403);
    expect((await act(campaignId, "block", approved[0], cookie.adder)).status).toBe(403);
    expect((await tab(campaignId, "invited", cookie.nobody)).status).toBe(403);
    expect((await t.get(`campaign/influencer/${campaignId}`, { query: { type: "invited" } })).status).toBe(401);
    expect(await state(approved[0])).toEqual(["invited"]);
    expect(await state(approved[2])).toEqual([]);
    // an admin moves any shop's
    expect((await act(campaignId, "block", approved[0], cookie.admin)).body.data.state).toBe("removed");
  });
});

describe("the data model's guarantees", () => {
  it("a stream of one shop cannot belong to another shop's campaign; a member appears once per campaign", async () => {
    const theirs = await kit.campaign(b);
    await expect(kit.stream(a, { campaignId: theirs.id })).rejects.toThrow();
    const mine = await kit.campaign(a);
    expect((await kit.stream(a, { campaignId: mine.id })).campaignId).toBe(mine.id);
    const inf = await kit.influencer();
    await kit.campaignInfluencer({ id: mine.id, shopId: a.id }, inf._id, "invited");
    await expect(kit.campaignInfluencer({ id: mine.id, shopId: a.id }, inf._id, "requested")).rejects.toThrow();
    // a membership row naming another shop than its campaign's is refused
    await expect(kit.campaignInfluencer({ id: mine.id, shopId: b.id }, inf._id, "invited")).rejects.toThrow();
  });
});
