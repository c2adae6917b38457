import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { campaignStatus } from "#contract/campaigns/campaigns";
import {
  MY_CAMPAIGN_TYPES,
  myCampaignActionSchema,
  myCampaignsQuerySchema,
  type MyCampaign,
  type MyCampaignAction,
  type MyCampaignsQuery,
} from "#contract/campaigns/influencer-campaigns-api";
import { MSG } from "#contract/core/messages";
import { campaignInfluencers, campaigns, shops } from "#api/db/schema";
import type { Deps } from "#api/platform/deps";
import { badRequest, notFound, ok } from "#api/platform/http/http";
import { influencerRoute, type RouteDef } from "#api/platform/http/router";
import { idPath, newId } from "#api/platform/data/ids";
import { listPage } from "#api/platform/data/list";
import { toEntity } from "./service";

// The mobile app's campaign calls for the signed-in influencer (ADR 0057). The influencer comes from the
// token, never from the request: each call reads and moves only the caller's own memberships (spec 3 §4 Influencer
// in a campaign). The console's `GET campaign` keeps its path; the app's list is `GET influencer/campaign`.

/** Published campaigns that are not deleted: the only ones an influencer ever sees (drafts have no members). */
const published = and(isNull(campaigns.deletedAt), eq(campaigns.isDraft, false));

/** GET influencer/campaign: the caller's invitations and campaigns, in one state or all four, newest move first. */
async function myCampaigns(deps: Deps, influencerId: string, q: MyCampaignsQuery, campaignId?: string) {
  const where = and(
    eq(campaignInfluencers.influencerId, influencerId),
    campaignId ? eq(campaignInfluencers.campaignId, campaignId) : undefined,
    inArray(campaignInfluencers.state, q.type ? [q.type] : [...MY_CAMPAIGN_TYPES]),
    inArray(campaignInfluencers.campaignId, deps.db.select({ id: campaigns.id }).from(campaigns).where(published)),
  );
  const page = await listPage(
    q,
    ({ limit, offset }) =>
      deps.db
        .select({ campaign: campaigns, shopName: shops.name, state: campaignInfluencers.state })
        .from(campaignInfluencers)
        .innerJoin(campaigns, eq(campaigns.id, campaignInfluencers.campaignId))
        .innerJoin(shops, eq(shops.id, campaigns.shopId))
        .where(where)
        .orderBy(
          q.sortType === "asc" ? campaignInfluencers.updatedAt : desc(campaignInfluencers.updatedAt),
          campaignInfluencers.id,
        )
        .limit(limit)
        .offset(offset),
    { db: deps.db, from: campaignInfluencers, where },
  );
  const now = deps.now();
  return {
    ...page,
    data: page.data.map((r): MyCampaign => ({
      ...toEntity(r.campaign, r.shopName, now),
      state: r.state as MyCampaign["state"],
    })),
  };
}

/** One of the caller's campaigns as they see it now (after a move). */
async function myCampaign(deps: Deps, influencerId: string, campaignId: string): Promise<MyCampaign> {
  const q = { skip: 0, limit: 1, sort: "updatedAt", sortType: "desc", search: undefined } as const;
  const [found] = (await myCampaigns(deps, influencerId, q, campaignId)).data;
  if (!found) throw notFound();
  return found;
}

/**
 * PUT influencer/campaign/{id} {action}: `accept` or `decline` the caller's open invitation (invited → accepted or
 * declined); `request` to join a published campaign that has not ended (none, or declined → requested). Each move is
 * one conditional write on the caller's own row, so two moves never both succeed from the same state. A campaign the
 * caller cannot see (a draft, deleted, or not there) is 404.
 */
async function moveMyCampaign(deps: Deps, influencerId: string, campaignId: string, action: MyCampaignAction) {
  const [campaign] = await deps.db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), published));
  if (!campaign) throw notFound();
  const now = deps.now();
  const mine = and(eq(campaignInfluencers.campaignId, campaignId), eq(campaignInfluencers.influencerId, influencerId));
  if (action === "request") {
    const status = campaignStatus(
      { isDraft: false, start: campaign.startAt?.toISOString() ?? null, end: campaign.endAt?.toISOString() ?? null },
      now,
    );
    if (status === "Past") throw badRequest(MSG.myCampaignNotOpen);
    const [moved] = await deps.db
      .insert(campaignInfluencers)
      .values({
        id: newId(),
        campaignId,
        shopId: campaign.shopId,
        influencerId,
        state: "requested",
        changedBy: influencerId,
        requestedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [campaignInfluencers.campaignId, campaignInfluencers.influencerId],
        set: { state: "requested", changedBy: influencerId, requestedAt: now, updatedAt: now },
        setWhere: eq(campaignInfluencers.state, "declined"),
      })
      .returning({ id: campaignInfluencers.id });
    if (!moved) throw badRequest(MSG.myAlreadyInCampaign);
  } else {
    const [moved] = await deps.db
      .update(campaignInfluencers)
      .set(
        action === "accept"
          ? { state: "accepted", changedBy: influencerId, acceptedAt: now, updatedAt: now }
          : { state: "declined", changedBy: influencerId, updatedAt: now },
      )
      .where(and(mine, eq(campaignInfluencers.state, "invited")))
      .returning({ id: campaignInfluencers.id });
    if (!moved) throw badRequest(MSG.myNoInvitation);
  }
  return myCampaign(deps, influencerId, campaignId);
}

const MOVE_MESSAGES = {
  accept: MSG.myInvitationAccepted,
  decline: MSG.myInvitationDeclined,
  request: MSG.myJoinRequested,
} as const satisfies Record<MyCampaignAction, string>;

export const influencerCampaignRoutes: RouteDef[] = [
  influencerRoute({
    method: "get",
    path: "/influencer/campaign",
    summary:
      "The mobile app: the signed-in influencer's invitations and campaigns (spec 3 §7 GET campaign with influencerId, for the caller only): type (invited|requested|accepted|declined; none: all), page|skip, limit, sortType; newest move first; each row the campaign and `state`",
    query: myCampaignsQuerySchema,
    handler: async ({ deps, influencer, query }) => myCampaigns(deps, influencer.id, query),
  }),
  influencerRoute({
    method: "put",
    path: idPath("/influencer/campaign/:id"),
    summary:
      "The mobile app: the signed-in influencer's move in a campaign {action}: accept or decline their open invitation; request to join a published campaign that has not ended (again after declining; not after the shop removed them)",
    body: myCampaignActionSchema,
    handler: async ({ deps, influencer, params, body }) =>
      ok(await moveMyCampaign(deps, influencer.id, params.id, body.action), MOVE_MESSAGES[body.action]),
  }),
];
