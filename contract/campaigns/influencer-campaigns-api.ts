import { z } from "../core/zod";
import { MSG } from "../core/messages";
import { listQuerySchema } from "../core/list";
import { campaignEntitySchema } from "./campaigns-api";

// The mobile app's campaign calls for the signed-in influencer (ADR 0057): their invitations and campaigns,
// and their own moves (spec 3 §4 Influencer in a campaign).

/** The states an influencer lists their campaigns by (a removal is the shop's, and is not listed). */
export const MY_CAMPAIGN_TYPES = ["invited", "requested", "accepted", "declined"] as const;

/** `GET influencer/campaign`: type (one state; none: all four), page|skip, limit; newest move first. */
export const myCampaignsQuerySchema = z.intersection(
  listQuerySchema(["updatedAt"] as const),
  z.object({
    type: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.enum(MY_CAMPAIGN_TYPES, { error: MSG.myCampaignType }).optional(),
    ),
  }),
);
export type MyCampaignsQuery = z.output<typeof myCampaignsQuerySchema>;

/** A campaign as its influencer sees it: the campaign, and where they stand in it. */
export const myCampaignSchema = campaignEntitySchema.extend({
  state: z.enum(["invited", "requested", "accepted", "declined"]),
});
export type MyCampaign = z.output<typeof myCampaignSchema>;

/** `PUT influencer/campaign/{id}`: accept or decline an invitation, or request to join a published campaign. */
export const myCampaignActionSchema = z.object({
  action: z.enum(["accept", "decline", "request"], { error: MSG.myCampaignAction }),
});
export type MyCampaignAction = z.output<typeof myCampaignActionSchema>["action"];
