import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAMPAIGN_PAYOUT_LIST_LIMIT } from "#contract/campaigns/campaigns";
import { MSG } from "#contract/core/messages";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { testKit, type KitShop, type TestKit } from "../../../tests/factories";

// The influencers' app door (ADR 0057) for payouts and payments (ADR 0060): GET influencer/payout and GET
// influencer/payment. An influencer reads only their own; the figures are those of the shop's payouts table.

let t: TestApi;
let kit: TestKit;
let shop: KitShop;
let mine: Record<string, string>;
let theirs: Record<string, string>;
let me: { _id: string };
let other: { _id: string };
let myCampaign: { id: string };
let theirCampaign: { id: string };
const DAY = 86_400_000;

beforeAll(async () => {
  t = await testApi();
  kit = testKit(t);
  const catalogue = await kit.catalogue();
  shop = await kit.shop({ name: "Influencer Payout Shop", departments: [catalogue.department.id] });
  me = await kit.approvedInfluencer();
  other = await kit.approvedInfluencer();
  mine = { authorization: `Bearer ${await kit.influencerToken(me as never)}` };
  theirs = { authorization: `Bearer ${await kit.influencerToken(other as never)}` };
  const now = Date.now();
  const ongoing = { startAt: new Date(now - DAY), endAt: new Date(now + DAY) };
  myCampaign = await kit.campaign(shop, ongoing);
  theirCampaign = await kit.campaign(shop, ongoing);
  await kit.campaignInfluencer({ id: myCampaign.id, shopId: shop.id }, me._id, "accepted");
  await kit.campaignInfluencer({ id: theirCampaign.id, shopId: shop.id }, other._id, "accepted");
  // my terms: $100 and 10% on the catalogue's sub-category; an order of mine during my live campaign stream
  const owner = shop.owner.cookie;
  const terms = await t.post(`campaign/payout/${myCampaign.id}/${me._id}`, {
    cookie: owner,
    body: { fee: "100", salesCommission: [{ subCategory: catalogue.leaf.id, commission: 10 }] },
  });
  expect(terms.status).toBe(200);
  await t.post(`campaign/payout/${theirCampaign.id}/${other._id}`, { cookie: owner, body: { fee: "70" } });
  const stream = await kit.stream(shop, { status: "broadcasting", campaignId: myCampaign.id, streamerId: me._id });
  const product = await kit.product(shop, { stock: 10 });
  await kit.order(await kit.customer(), { lines: [{ product, quantity: 2 }], streamId: stream.id });
  for (const [campaignId, influencerId, amount] of [
    [myCampaign.id, me._id, 50],
    [theirCampaign.id, other._id, 20],
  ] as const)
    expect(
      (await t.post("campaign/payment", { cookie: owner, body: { campaignId, influencerId, amount, note: "Weekly" } }))
        .status,
    ).toBe(200);
});
afterAll(() => t.close());

describe("GET influencer/payout", () => {
  it("lists the caller's campaigns with the figures of the shop's payouts table", async () => {
    const res = await t.get("influencer/payout", { headers: mine });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    const [row] = res.body.data;
    const [shopSide] = (
      await t.get("campaign/payment-outline", {
        cookie: shop.owner.cookie,
        query: { campaignId: myCampaign.id },
      })
    ).body.data;
    expect(row).toMatchObject({
      campaign: { _id: myCampaign.id, status: "Ongoing" },
      shop: { _id: shop.id, name: "Influencer Payout Shop" },
      fee: 100,
      Total: shopSide.Total,
      Paid: 50,
      Pending: shopSide.Pending,
      status: "pending",
    });
    // the order during my live stream earned a commission: Total is the fee and it
    expect(row.commission).toBeGreaterThan(0);
    expect(row.Total).toBeCloseTo(row.fee + row.commission, 2);
    expect(res.body).toMatchObject({ count: 1, isNext: false });
    expect(
      (await t.get("influencer/payout", { headers: mine, query: { campaignId: myCampaign.id } })).body.data,
    ).toEqual(res.body.data);
  });

  it("answers another influencer's campaign with 404, and each influencer sees only their own", async () => {
    const res = await t.get("influencer/payout", { headers: mine, query: { campaignId: theirCampaign.id } });
    expect(res.status).toBe(404);
    const theirRows = (await t.get("influencer/payout", { headers: theirs })).body.data;
    expect(theirRows.map((r: { campaign: { _id: string } }) => r.campaign._id)).toEqual([theirCampaign.id]);
    expect(theirRows[0]).toMatchObject({ fee: 70, commission: 0, Paid: 20, Pending: 50 });
  });
});

describe("GET influencer/payment", () => {
  it("lists the payments made to the caller, with campaign and shop; another's campaign is 404", async () => {
    const res = await t.get("influencer/payment", { headers: mine });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({
      campaignId: myCampaign.id,
      influencerId: me._id,
      amount: 50,
      note: "Weekly",
      campaign: { _id: myCampaign.id },
      shop: { _id: shop.id },
    });
    expect(
      (await t.get("influencer/payment", { headers: mine, query: { campaignId: myCampaign.id, limit: 1 } })).body.data,
    ).toHaveLength(1);
    expect((await t.get("influencer/payment", { headers: mine, query: { campaignId: theirCampaign.id } })).status).toBe(
      404,
    );
    expect(
      (await t.get("influencer/payment", { headers: theirs })).body.data.map((r: { amount: number }) => r.amount),
    ).toEqual([20]);
  });
});

describe("who may call, and bad queries", () => {
  it("refuses the console's sessions and customers' tokens (403) and no token (401)", async () => {
    const admin = await kit.admin();
    const staff = await kit.staff(shop, ["campaign:view", "campaign:edit"]);
    const customer = { authorization: `Bearer ${await kit.customerToken(await kit.customer())}` };
    for (const path of ["influencer/payout", "influencer/payment"]) {
      for (const cookie of [admin.cookie, shop.owner.cookie, staff.cookie])
        expect((await t.get(path, { cookie })).status, path).toBe(403);
      expect((await t.get(path, { headers: customer })).status, path).toBe(403);
      expect((await t.get(path)).status, path).toBe(401);
    }
  });

  it("answers a bad limit or campaign id with a 400 that says what is wrong", async () => {
    for (const path of ["influencer/payout", "influencer/payment"]) {
      const limit = await t.get(path, { headers: mine, query: { limit: "500" } });
      expect(limit.status).toBe(400);
      expect(limit.body.errors.limit).toEqual([MSG.listLimit(CAMPAIGN_PAYOUT_LIST_LIMIT)]);
      const id = await t.get(path, { headers: mine, query: { campaignId: "x".repeat(65) } });
      expect(id.status).toBe(400);
      expect(id.body.errors.campaignId).toEqual([MSG.myPayoutCampaignId]);
    }
  });
});
