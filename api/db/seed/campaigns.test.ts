import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaignStatus } from "#contract/campaigns/campaigns";
import { zoneDay } from "#contract/core/days";
import { hostPart } from "#api/modules/uploads";
import {
  campaignInfluencers,
  campaignPayoutCommissions,
  campaignPayoutProducts,
  campaignPayouts,
  campaigns,
  orderLines,
  orders,
  shops,
  streams,
} from "#api/db/schema";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { seedDemo } from "./index";

let t: TestApi;
let admin: ReturnType<TestApi["as"]>;
beforeAll(async () => {
  t = await testApi();
  // a few orders besides, so the campaign streams' orders are placed too
  await seedDemo(t.db, { storage: t.deps.storage, host: hostPart(t.deps, undefined) }, { orders: 40 });
  admin = t.as(await t.signIn("admin@liveshop.test", "Admin#2026"));
}, 600_000);
afterAll(() => t.close());

const statusOf = (c: typeof campaigns.$inferSelect) =>
  campaignStatus({ isDraft: c.isDraft, start: c.startAt?.toISOString() ?? null, end: c.endAt?.toISOString() ?? null });
const approvedShops = () => t.db.select({ id: shops.id }).from(shops).where(eq(shops.status, "Approved"));

describe("demo campaigns", () => {
  it("every approved shop has a campaign of each status, and influencers in every state", async () => {
    const approved = await approvedShops();
    expect(approved.length).toBeGreaterThanOrEqual(3);
    for (const shop of approved) {
      const rows = await t.db.select().from(campaigns).where(eq(campaigns.shopId, shop.id));
      expect(new Set(rows.map(statusOf))).toEqual(new Set(["Draft", "Upcoming", "Ongoing", "Past"]));
      const states = await t.db
        .select({ state: campaignInfluencers.state })
        .from(campaignInfluencers)
        .where(eq(campaignInfluencers.shopId, shop.id));
      expect(new Set(states.map((s) => s.state))).toEqual(
        new Set(["invited", "requested", "accepted", "declined", "removed"]),
      );
    }
  });

  it("the accepted influencers of the Ongoing and Past campaigns have terms, and were paid no more than owed", async () => {
    for (const shop of await approvedShops()) {
      const begun = (await t.db.select().from(campaigns).where(eq(campaigns.shopId, shop.id))).filter((c) =>
        ["Ongoing", "Past"].includes(statusOf(c)),
      );
      expect(begun).toHaveLength(2);
      for (const c of begun) {
        const [member] = await t.db
          .select()
          .from(campaignInfluencers)
          .where(and(eq(campaignInfluencers.campaignId, c.id), eq(campaignInfluencers.state, "accepted")));
        const [terms] = await t.db
          .select()
          .from(campaignPayouts)
          .where(and(eq(campaignPayouts.campaignId, c.id), eq(campaignPayouts.influencerId, member.influencerId)));
        expect(terms.feeCents).toBeGreaterThan(0);
        const rows = await t.db
          .select()
          .from(campaignPayoutCommissions)
          .where(eq(campaignPayoutCommissions.payoutId, terms.id));
        expect(rows.length).toBeGreaterThan(0);
        const free = await t.db
          .select()
          .from(campaignPayoutProducts)
          .where(eq(campaignPayoutProducts.payoutId, terms.id));
        expect(free.length).toBeGreaterThan(0);
        const outline = await admin.get("campaign/payment-outline", { query: { campaignId: c.id } });
        expect(outline.status).toBe(200);
        const [row] = outline.body.data;
        expect(row.influencerId).toBe(member.influencerId);
        expect(row.Paid).toBeGreaterThan(0);
        expect(row.Paid).toBeLessThanOrEqual(row.Total);
        // the Past campaign is settled; the Ongoing one has part of its fee paid
        expect(row.status).toBe(statusOf(c) === "Past" ? "settled" : "pending");
      }
    }
  });

  it("campaign streams are presented by the accepted influencer; the finished ones have their recording, one is live", async () => {
    const rows = await t.db
      .select({ stream: streams, campaign: campaigns })
      .from(streams)
      .innerJoin(campaigns, eq(campaigns.id, streams.campaignId));
    for (const shop of await approvedShops())
      expect(new Set(rows.filter((r) => r.campaign.shopId === shop.id).map((r) => statusOf(r.campaign)))).toEqual(
        new Set(["Ongoing", "Past"]),
      );
    for (const { stream, campaign } of rows) {
      const [member] = await t.db
        .select()
        .from(campaignInfluencers)
        .where(and(eq(campaignInfluencers.campaignId, campaign.id), eq(campaignInfluencers.state, "accepted")));
      expect(stream.streamerId).toBe(member.influencerId);
      expect(stream.startAt >= campaign.startAt!).toBe(true);
      if (stream.status === "finished") expect(stream.streamVideo).toMatch(/^\/media\/streams\//);
    }
    const live = rows.filter((r) => r.stream.status === "broadcasting");
    expect(live).toHaveLength(1);
    expect(live[0].stream.viewUrl).toBe("/media/live/demo.m3u8");
    expect(statusOf(live[0].campaign)).toBe("Ongoing");
    expect(rows.filter((r) => r.stream.status === "finished").length).toBeGreaterThanOrEqual(6);
  });

  it("every begun campaign's dashboard shows its orders' figures: sales of its lines, refunded lines left out", async () => {
    const placed = await t.db.select().from(orders).where(isNotNull(orders.campaignId));
    const lines = await t.db
      .select()
      .from(orderLines)
      .where(
        inArray(
          orderLines.orderId,
          placed.map((o) => o.id),
        ),
      );
    expect(lines.some((l) => l.isRefunded)).toBe(true);
    // every campaign order was placed from one of the campaign's streams while it was live
    const campaignStreams = await t.db.select().from(streams).where(isNotNull(streams.campaignId));
    for (const o of placed) {
      const stream = campaignStreams.find((s) => s.id === o.streamId)!;
      expect(stream.campaignId).toBe(o.campaignId);
      expect(o.createdAt >= stream.startedAt!).toBe(true);
      if (stream.finishedAt) expect(o.createdAt <= stream.finishedAt).toBe(true);
    }
    const begun = (await t.db.select().from(campaigns)).filter((c) => ["Ongoing", "Past"].includes(statusOf(c)));
    for (const c of begun) {
      const sold = lines.filter(
        (l) =>
          !l.isRefunded && l.shopId === c.shopId && placed.some((o) => o.id === l.orderId && o.campaignId === c.id),
      );
      const cents = sold.reduce((sum, l) => sum + l.lineCents - l.couponDiscountCents, 0);
      expect(cents).toBeGreaterThan(0);
      const revenue = await admin.get(`campaign/stats/${c.id}`, {
        query: { type: "total", start: zoneDay(c.startAt!), end: zoneDay(c.endAt!) },
      });
      expect(revenue.status).toBe(200);
      expect(Math.round(revenue.body.data.revenueTotal.total * 100)).toBe(cents);
      const stats = await admin.get(`campaign/stats/streams/${c.id}`);
      expect(Math.round(stats.body.data.sale * 100)).toBe(cents);
      expect(stats.body.data.orders).toBe(new Set(sold.map((l) => l.orderId)).size);
    }
  });
});
