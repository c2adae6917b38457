import { and, asc, eq, isNull } from "drizzle-orm";
import type { Database } from "../client";
import { shops, users } from "../schema";
import { createCampaign, createCampaignInfluencer } from "./campaign-factories";

// Demo campaigns: on every approved shop, one campaign of each status (Draft, Upcoming, Ongoing, Past),
// and on the published ones influencers in each state (invited, requested, accepted). Written after every other
// demo record, and changing none of them.

const DAY = 24 * 60 * 60 * 1000;

const PLANS = [
  { title: "Spring Launch Draft", draft: true, from: 0, to: 0 },
  { title: "Winter Warmers Week", draft: false, from: 6, to: 13 },
  { title: "Live Summer Sale", draft: false, from: -3, to: 4 },
  { title: "Autumn Clearance Recap", draft: false, from: -30, to: -20 },
] as const;

const STATES = ["invited", "requested", "accepted"] as const;

export async function seedCampaigns(db: Database) {
  const now = Date.now();
  const approved = await db
    .select({ id: shops.id, ownerId: shops.ownerId, name: shops.name })
    .from(shops)
    .where(and(eq(shops.status, "Approved"), isNull(shops.deletedAt)))
    .orderBy(asc(shops.createdAt), asc(shops.id));
  const influencers = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "influencer"), eq(users.status, "Approved"), isNull(users.deletedAt)))
    .orderBy(asc(users.createdAt), asc(users.id));
  for (const [s, shop] of approved.entries()) {
    for (const [p, plan] of PLANS.entries()) {
      const campaign = await createCampaign(db, {
        shopId: shop.id,
        title: `${plan.title}`,
        description: `${shop.name}: ${plan.title.toLowerCase()} with our favourite streamers.`,
        isDraft: plan.draft,
        startAt: plan.draft ? null : new Date(now + plan.from * DAY),
        endAt: plan.draft ? null : new Date(now + plan.to * DAY),
        createdBy: shop.ownerId,
        createdAt: new Date(now - (10 - p) * DAY - s * 60_000),
        updatedAt: new Date(now - (10 - p) * DAY - s * 60_000),
      });
      if (plan.draft) continue;
      for (const [i, state] of STATES.entries()) {
        const influencer = influencers[(s + p + i) % Math.max(1, influencers.length)];
        if (!influencer || i >= influencers.length) break;
        await createCampaignInfluencer(db, {
          campaignId: campaign.id,
          shopId: shop.id,
          influencerId: influencer.id,
          state,
          at: new Date(now - (5 - i) * DAY),
        });
      }
    }
  }
}
