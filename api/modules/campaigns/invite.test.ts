import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import { zoneDay } from "#contract/core/days";
import { users } from "#api/db/schema";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { testKit, type KitShop, type TestKit } from "../../../tests/factories";

// spec 3 §2 Invite-influencer list and Influencer profile (invite view), §7 "User list for inviting: GET user/list with
// role, gender, search, campaignId" (ADR 0061).

let t: TestApi;
let kit: TestKit;
let a: KitShop;
let b: KitShop;
type Who = "admin" | "owner" | "owner2" | "adder" | "editor" | "viewer" | "customerStaff";
const cookie = {} as Record<Who, string>;
let campaignId: string;
let draftId: string;
const inf = {} as Record<"ava" | "ben" | "cleo" | "pending" | "rejected", string>;
let influencerMobile: { countryCode: string | null; mobile: string | null };

/** The dob of someone `years` old today (Sydney), their birthday `shiftDays` away (negative: it has passed). */
function dobAged(years: number, shiftDays = -10) {
  const [y, m, d] = zoneDay(new Date()).split("-").map(Number);
  const birthday = new Date(Date.UTC(y - years, m - 1, d + shiftDays));
  return `${String(birthday.getUTCDate()).padStart(2, "0")}/${String(birthday.getUTCMonth() + 1).padStart(2, "0")}/${birthday.getUTCFullYear()}`;
}

beforeAll(async () => {
  t = await testApi();
  kit = testKit(t);
  a = await kit.shop({ name: "Invite Shop A" });
  b = await kit.shop({ name: "Invite Shop B" });
  cookie.admin = (await kit.admin()).cookie;
  cookie.owner = a.owner.cookie;
  cookie.owner2 = b.owner.cookie;
  cookie.adder = (await kit.staff(a, ["campaign:add"])).cookie;
  cookie.editor = (await kit.staff(a, ["campaign:edit"])).cookie;
  cookie.viewer = (await kit.staff(a, ["campaign:view"])).cookie;
  cookie.customerStaff = (await kit.staff(a, ["customer:view"])).cookie;
  campaignId = (await kit.campaign(a)).id;
  draftId = (await kit.campaign(a, { isDraft: true })).id;
  const ava = await kit.approvedInfluencer({
    fName: "Avaline Invite",
    gender: "Female",
    dob: dobAged(24),
    country: "AU",
    state: "VIC",
    city: "Melbourne",
    instaProfileId: "ava.insta",
    tiktokProfileId: "ava.tok",
  });
  inf.ava = ava._id;
  influencerMobile = ava;
  inf.ben = (
    await kit.approvedInfluencer({
      fName: "Benedict Invite",
      gender: "Male",
      dob: dobAged(30),
      country: "NZ",
      state: "AUK",
      city: "Auckland",
    })
  )._id;
  // 40 in ten days: still 39 today
  inf.cleo = (
    await kit.approvedInfluencer({ fName: "Cleo Invite", gender: "Female", dob: dobAged(40, 10), city: "Sydney" })
  )._id;
  inf.pending = (await kit.influencer({ fName: "Pending Invite" }))._id;
  inf.rejected = (await kit.influencer({ fName: "Rejected Invite" }))._id;
  await t.db.update(users).set({ status: "Rejected" }).where(eq(users.id, inf.rejected));
});
afterAll(() => t.close());

// every influencer of the test is named "… Invite" (the search narrows to them; a search of its own replaces it)
const candidates = (query: Record<string, string | number | string[]>, as = cookie.owner) =>
  t.get("user/list", { cookie: as, query: { campaignId, search: "Invite", limit: 100, ...query } });
const names = (res: { body: { data: { fName: string }[] } }) => res.body.data.map((u) => u.fName).sort();

describe("GET user/list with campaignId (the invite list)", () => {
  it("lists Approved influencers only, each with their place, social ids and where they stand in the campaign", async () => {
    await kit.campaignInfluencer({ id: campaignId, shopId: a.id }, inf.ben, "requested");
    const res = await candidates({ sort: "fName", sortType: "asc" });
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(["Avaline", "Benedict", "Cleo"]);
    expect(res.body).toMatchObject({ count: 3, isNext: false });
    const ava = res.body.data.find((u: { _id: string }) => u._id === inf.ava);
    expect(ava).toMatchObject({
      instaProfileId: "ava.insta",
      tiktokProfileId: "ava.tok",
      campaignState: null,
      locations: [{ address: "Melbourne, Victoria, Australia" }],
      role: { role: "influencer" },
      status: "Approved",
    });
    const ben = res.body.data.find((u: { _id: string }) => u._id === inf.ben);
    expect(ben.campaignState).toBe("requested");
    // nobody but influencers, even when the search would find them
    const owners = await t.get("user/list", { cookie: cookie.owner, query: { campaignId, search: "Invite Shop" } });
    expect(owners.body.data).toEqual([]);
    // paged with the list envelope
    const page = await candidates({ limit: 2, sort: "fName", sortType: "asc" });
    expect(page.body).toMatchObject({ count: 3, isNext: true });
    expect(page.body.data).toHaveLength(2);
  });

  it("shows declined and removed influencers as such; both may be invited again", async () => {
    const other = await kit.campaign(a);
    await kit.campaignInfluencer({ id: other.id, shopId: a.id }, inf.ava, "declined");
    await kit.campaignInfluencer({ id: other.id, shopId: a.id }, inf.ben, "removed");
    const list = async () =>
      new Map(
        (
          await t.get("user/list", {
            cookie: cookie.owner,
            query: { campaignId: other.id, search: "Invite", limit: 100 },
          })
        ).body.data.map((u: { _id: string; campaignState: string | null }) => [u._id, u.campaignState]),
      );
    const before = await list();
    expect([before.get(inf.ava), before.get(inf.ben), before.get(inf.cleo)]).toEqual(["declined", "removed", null]);
    for (const influencer of [inf.ava, inf.ben]) {
      const res = await t.put(`campaign/influencer/${other.id}`, {
        cookie: cookie.owner,
        body: { action: "invite", influencer },
      });
      expect(res.status).toBe(200);
    }
    const after = await list();
    expect([after.get(inf.ava), after.get(inf.ben)]).toEqual(["invited", "invited"]);
  });

  it("filters by search, gender, location and age", async () => {
    expect(names(await candidates({ search: "avaline" }))).toEqual(["Avaline"]);
    // name, e-mail, Instagram or TikTok id
    expect(names(await candidates({ search: "ava.insta" }))).toEqual(["Avaline"]);
    expect(names(await candidates({ search: "ava.tok" }))).toEqual(["Avaline"]);
    expect(names(await candidates({ gender: "Male" }))).toEqual(["Benedict"]);
    expect(names(await candidates({ gender: "Female" }))).toEqual(["Avaline", "Cleo"]);
    expect(names(await candidates({ location: "melb" }))).toEqual(["Avaline"]);
    expect(names(await candidates({ location: "New Zealand" }))).toEqual(["Benedict"]);
    expect(names(await candidates({ location: "vic" }))).toEqual(["Avaline"]);
    expect(names(await candidates({ ageMin: 25 }))).toEqual(["Benedict", "Cleo"]);
    expect(names(await candidates({ ageMax: 24 }))).toEqual(["Avaline"]);
    expect(names(await candidates({ ageMin: 24, ageMax: 30 }))).toEqual(["Avaline", "Benedict"]);
    // Cleo turns 40 in ten days: 39 today
    expect(names(await candidates({ ageMin: 39, ageMax: 39 }))).toEqual(["Cleo"]);
    expect(names(await candidates({ ageMin: 40 }))).toEqual([]);
    expect(names(await candidates({ gender: "Female", location: "Sydney", ageMax: 39 }))).toEqual(["Cleo"]);
    // blank filters are no filters
    expect(names(await candidates({ gender: "", location: "", ageMin: "", ageMax: "" }))).toHaveLength(3);
  });

  it("refuses bad filter values with a clear 400", async () => {
    for (const [query, message] of [
      [{ ageMin: "0" }, MSG.invalidAgeFilter],
      [{ ageMax: "101" }, MSG.invalidAgeFilter],
      [{ ageMin: "abc" }, MSG.invalidAgeFilter],
      [{ ageMin: "2.5" }, MSG.invalidAgeFilter],
      [{ ageMin: "40", ageMax: "20" }, MSG.ageRangeReversed],
      [{ location: "x".repeat(101) }, MSG.invalidLocationFilter],
      [{ gender: "Robot" }, MSG.invalidGenderFilter],
      [{ role: "shopOwner" }, MSG.campaignListsInfluencers],
      [{ buyerId: a.id }, MSG.campaignOrBuyer],
    ] as const) {
      const res = await candidates(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await candidates({ role: "influencer" })).status).toBe(200);
  });

  it("rights and isolation: admins, the shop's owner and staff with campaign edit; another shop's campaign is 404", async () => {
    for (const as of [cookie.admin, cookie.owner, cookie.editor]) expect((await candidates({}, as)).status).toBe(200);
    for (const as of [cookie.viewer, cookie.adder, cookie.customerStaff])
      expect((await candidates({}, as)).status).toBe(403);
    expect((await candidates({}, cookie.owner2)).status).toBe(404);
    const other = (await kit.campaign(b)).id;
    expect((await candidates({ campaignId: other })).status).toBe(404);
    expect((await candidates({ campaignId: "not-a-campaign" })).status).toBe(404);
    expect((await t.get("user/list", { query: { campaignId } })).status).toBe(401);
    // an influencer's or a customer's bearer token opens no console call
    const token = await kit.influencerToken(influencerMobile);
    const asInfluencer = await t.get("user/list", {
      headers: { authorization: `Bearer ${token}` },
      query: { campaignId },
    });
    expect(asInfluencer.status).toBe(401);
    const customerToken = await kit.customerToken(await kit.customer());
    const asCustomer = await t.get("user/list", {
      headers: { authorization: `Bearer ${customerToken}` },
      query: { campaignId },
    });
    expect(asCustomer.status).toBe(401);
    // the draft is the shop's too: its candidates are listed (the page hides Invite; the invite is refused)
    expect((await candidates({ campaignId: draftId })).status).toBe(200);
  });

  it("the other uses of GET user/list keep their rights", async () => {
    // campaign editors list candidates, not the shop's customers nor the users list
    expect((await t.get("user/list", { cookie: cookie.editor, query: { buyerId: a.id } })).status).toBe(403);
    expect((await t.get("user/list", { cookie: cookie.editor })).status).toBe(403);
    expect((await t.get("user/list", { cookie: cookie.customerStaff, query: { buyerId: a.id } })).status).toBe(200);
    // the admin's users list has the new filters too
    const users = await t.get("user/list", {
      cookie: cookie.admin,
      query: { role: "influencer", location: "Auckland", search: "Invite" },
    });
    expect(names(users)).toEqual(["Benedict"]);
  });
});

describe("GET user/influencer/{id} (the invite view's profile)", () => {
  const profile = (id: string, as = cookie.owner) => t.get(`user/influencer/${id}`, { cookie: as });

  it("shops see an Approved influencer's profile without the phone number; admins see every influencer whole", async () => {
    for (const as of [cookie.owner, cookie.editor, cookie.adder, cookie.owner2]) {
      const res = await profile(inf.ava, as);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        _id: inf.ava,
        fName: "Avaline",
        instaProfileId: "ava.insta",
        mobile: null,
        countryCode: null,
      });
      expect(res.body.data.portfolio.length).toBeGreaterThan(0);
    }
    const whole = await profile(inf.ava, cookie.admin);
    expect(whole.body.data.mobile).toBeTruthy();
    expect((await profile(inf.pending, cookie.admin)).status).toBe(200);
  });

  it("refuses Pending and Rejected influencers and other people to shops (404), and staff without campaign add or edit (403)", async () => {
    for (const id of [inf.pending, inf.rejected, a.owner.id]) expect((await profile(id)).status).toBe(404);
    expect((await profile(inf.ava, cookie.viewer)).status).toBe(403);
    expect((await profile(inf.ava, cookie.customerStaff)).status).toBe(403);
  });
});

describe("PUT campaign/influencer/{id} invite, as the invite view sends it", () => {
  it("invites from the list, then the list shows them invited; a draft refuses the invite", async () => {
    const res = await t.put(`campaign/influencer/${campaignId}`, {
      cookie: cookie.editor,
      body: { action: "invite", influencer: inf.ava },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.campaignInfluencerInvited);
    const ava = (await candidates({ search: "Avaline" })).body.data[0];
    expect(ava.campaignState).toBe("invited");
    const onDraft = await t.put(`campaign/influencer/${draftId}`, {
      cookie: cookie.owner,
      body: { action: "invite", influencer: inf.cleo },
    });
    expect(onDraft.status).toBe(400);
    expect(onDraft.body.message).toBe(MSG.campaignInviteDraft);
  });
});
