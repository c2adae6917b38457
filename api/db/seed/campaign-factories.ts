import type { Database } from "../client";
import { campaignInfluencers, campaigns } from "../schema";
import { newId } from "#api/platform/data/ids";
import type { CampaignInfluencerState } from "#contract/campaigns/campaigns";

// Campaigns and memberships as the campaign calls leave them: the demo seed and the test kit write them here, because
// a test or the demo needs campaigns in every status (a Past one cannot be created through the API, whose dates are
// never before today). Every row passes the tables' checks.

export type CampaignFields = Partial<typeof campaigns.$inferInsert> & { shopId: string };

const DAY = 24 * 60 * 60 * 1000;

/** A published campaign (a draft with `isDraft: true`), Upcoming by default: from tomorrow for a week. */
export async function createCampaign(db: Database, fields: CampaignFields) {
  const now = Date.now();
  const isDraft = fields.isDraft ?? false;
  const [row] = await db
    .insert(campaigns)
    .values({
      id: newId(),
      title: `Campaign ${now.toString(36)}`,
      description: "A campaign made by the factory.",
      startAt: new Date(now + DAY),
      endAt: new Date(now + 8 * DAY),
      publishedAt: isDraft ? null : new Date(now),
      ...fields,
      isDraft,
    })
    .returning();
  return row;
}

/** An influencer's membership of a campaign in `state`, with the moment that state needs. */
export async function createCampaignInfluencer(
  db: Database,
  fields: { campaignId: string; shopId: string; influencerId: string; state: CampaignInfluencerState; at?: Date },
) {
  const at = fields.at ?? new Date();
  const [row] = await db
    .insert(campaignInfluencers)
    .values({
      id: newId(),
      campaignId: fields.campaignId,
      shopId: fields.shopId,
      influencerId: fields.influencerId,
      state: fields.state,
      invitedAt: fields.state === "requested" ? null : at,
      requestedAt: fields.state === "requested" ? at : null,
      acceptedAt: fields.state === "accepted" ? at : null,
      removedAt: fields.state === "removed" ? at : null,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  return row;
}
