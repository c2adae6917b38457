import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import { campaignInfluencers } from "#api/db/schema";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { testKit, type KitShop, type TestKit } from "../../../tests/factories";

// The influencer's campaign calls of the mobile app (ADR 0057): GET influencer/campaign and
// PUT influencer/campaign/{id}. An influencer sees and moves only their own memberships.

let t: TestApi;
let kit: TestKit;
let shopA: KitShop;
let shopB: KitShop;
let me: { _id: string };
let other: { _id: string };
let mine: Record<string, string>;
let theirs: Record<string, string>;
beforeAll(async () => {
  t = await testApi();
  kit = testKit(t);
  shopA = await kit.shop();
  shopB = await kit.shop();
  const a = await kit.approvedInfluencer();
  const b = await kit.approvedInfluencer();
  me = a;
  other = b;
  mine = { authorization: `Bearer ${await kit.influencerToken(a)}` };
  theirs = { authorization: `Bearer ${await kit.influencerToken(b)}` };
});
afterAll(() => t.close());

const list = (headers: Record<string, string>, type?: string) =>
  t.get("influencer/campaign", { headers, query: type ? { type } : {} });
const move = (headers: Record<string, string>, id: string, action: string) =>
  t.put(`influencer/campaign/${id}`, { headers, body: { action } });
const stateOf = async (campaignId: string, influencerId: string) =>
  (
    await t.db
      .select({ state: campaignInfluencers.state })
      .from(campaignInfluencers)
      .where(and(eq(campaignInfluencers.campaignId, campaignId), eq(campaignInfluencers.influencerId, influencerId)))
  )[0]?.state;
const DAY = 24 * 60 * 60 * 1000;

describe("an invitation through the influencer's door", () => {
  it("the shop invites, the influencer sees it among their invitations and accepts it; the shop sees them accepted", async () => {
    const c = await kit.campaign(shopA);
    const invite = await t.put(`campaign/influencer/${c.id}`, {
      cookie: shopA.owner.cookie,
      body: { action: "invite", influencer: me._id },
    });
    expect(invite.status).toBe(200);
    const invited = await list(mine, "invited");
    expect(invited.status).toBe(200);
    expect(invited.body.data.map((r: { _id: string }) => r._id)).toContain(c.id);
    expect(invited.body.data.find((r: { _id: string }) => r._id === c.id)).toMatchObject({
      state: "invited",
      shopId: shopA.id,
      status: "Upcoming",
    });
    const accepted = await move(mine, c.id, "accept");
    expect(accepted.status).toBe(200);
    expect(accepted.body.message).toBe(MSG.myInvitationAccepted);
    expect(accepted.body.data).toMatchObject({ _id: c.id, state: "accepted" });
    const shopSide = await t.get(`campaign/influencer/${c.id}`, {
      cookie: shopA.owner.cookie,
      query: { type: "accepted" },
    });
    expect(shopSide.body.data.map((r: { influencer: { _id: string } }) => r.influencer._id)).toEqual([me._id]);
    // accepted once: there is no invitation left to accept or decline
    const again = await move(mine, c.id, "decline");
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(MSG.myNoInvitation);
    expect(await stateOf(c.id, me._id)).toBe("accepted");
  });

  it("declines an invitation; a declined influencer may later ask to join", async () => {
    const c = await kit.campaign(shopA);
    await kit.campaignInfluencer({ id: c.id, shopId: shopA.id }, me._id, "invited");
    const declined = await move(mine, c.id, "decline");
    expect(declined.status).toBe(200);
    expect(declined.body.message).toBe(MSG.myInvitationDeclined);
    expect(declined.body.data.state).toBe("declined");
    expect((await move(mine, c.id, "accept")).body.message).toBe(MSG.myNoInvitation);
    const asked = await move(mine, c.id, "request");
    expect(asked.status).toBe(200);
    expect(asked.body.data.state).toBe("requested");
  });
});

describe("asking to join", () => {
  it("asks to join a published campaign; asking twice is refused; the shop accepts the request", async () => {
    const c = await kit.campaign(shopB);
    const asked = await move(mine, c.id, "request");
    expect(asked.status).toBe(200);
    expect(asked.body.message).toBe(MSG.myJoinRequested);
    expect(asked.body.data).toMatchObject({ _id: c.id, state: "requested" });
    const twice = await move(mine, c.id, "request");
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe(MSG.myAlreadyInCampaign);
    const ok = await t.put(`campaign/influencer/${c.id}`, {
      cookie: shopB.owner.cookie,
      body: { action: "accept-invitation", influencer: me._id },
    });
    expect(ok.status).toBe(200);
    expect((await list(mine, "accepted")).body.data.map((r: { _id: string }) => r._id)).toContain(c.id);
  });

  it("cannot ask to join a draft (404, unseen) or a campaign that has ended, nor come back after the shop removed them", async () => {
    const draft = await kit.campaign(shopA, { isDraft: true });
    expect((await move(mine, draft.id, "request")).status).toBe(404);
    const past = await kit.campaign(shopA, {
      startAt: new Date(Date.now() - 10 * DAY),
      endAt: new Date(Date.now() - 3 * DAY),
    });
    const late = await move(mine, past.id, "request");
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(MSG.myCampaignNotOpen);
    const c = await kit.campaign(shopA);
    await kit.campaignInfluencer({ id: c.id, shopId: shopA.id }, me._id, "removed");
    expect((await move(mine, c.id, "request")).body.message).toBe(MSG.myAlreadyInCampaign);
    expect(await stateOf(c.id, me._id)).toBe("removed");
    expect((await move(mine, "0123456789abcdef01234567", "request")).status).toBe(404);
  });
});

describe("an influencer sees and acts only on their own memberships", () => {
  it("another influencer neither sees my invitation nor can accept or decline it", async () => {
    const c = await kit.campaign(shopA);
    await kit.campaignInfluencer({ id: c.id, shopId: shopA.id }, me._id, "invited");
    const seen = await list(theirs);
    expect(seen.body.data.map((r: { _id: string }) => r._id)).not.toContain(c.id);
    for (const action of ["accept", "decline"]) {
      const res = await move(theirs, c.id, action);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MSG.myNoInvitation);
    }
    expect(await stateOf(c.id, me._id)).toBe("invited");
    expect(await stateOf(c.id, other._id)).toBeUndefined();
    // my list holds my rows only, each with my state
    const all = await list(mine);
    expect(all.body.data.length).toBe(all.body.count);
    for (const row of all.body.data as { _id: string; state: string }[])
      expect(await stateOf(row._id, me._id)).toBe(row.state);
  });

  it("refuses console sessions and customer tokens (403), no token (401); the console refuses the influencer's token", async () => {
    const c = await kit.campaign(shopA);
    const staff = await kit.staff(shopA, ["campaign:add", "campaign:edit", "campaign:view"]);
    const admin = await kit.admin();
    const customer = { authorization: `Bearer ${await kit.customerToken(await kit.customer())}` };
    for (const cookie of [admin.cookie, shopA.owner.cookie, staff.cookie]) {
      expect((await t.get("influencer/campaign", { cookie })).status).toBe(403);
      expect((await t.put(`influencer/campaign/${c.id}`, { cookie, body: { action: "request" } })).status).toBe(403);
    }
    expect((await list(customer)).status).toBe(403);
    expect((await move(customer, c.id, "request")).status).toBe(403);
    expect((await t.get("influencer/campaign")).status).toBe(401);
    expect((await t.put(`influencer/campaign/${c.id}`, { body: { action: "request" } })).status).toBe(401);
    expect((await t.get("campaign", { headers: mine })).status).toBe(401);
    expect(await stateOf(c.id, me._id)).toBeUndefined();
  });

  it("answers a wrong action or type with a clear 400 and changes nothing", async () => {
    const c = await kit.campaign(shopA);
    const bad = await move(mine, c.id, "block");
    expect(bad.status).toBe(400);
    expect(bad.body.errors.action).toEqual([MSG.myCampaignAction]);
    const badType = await list(mine, "removed");
    expect(badType.status).toBe(400);
    expect(badType.body.errors.type).toEqual([MSG.myCampaignType]);
    expect(await stateOf(c.id, me._id)).toBeUndefined();
  });
});
