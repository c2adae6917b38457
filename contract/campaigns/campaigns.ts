// Client-safe constants and shapes of the campaigns area (spec 3 §3 Campaign, Influencer, payout terms, Transaction;
// §4 Campaign status, Influencer in a campaign; §5 Campaign, Payout terms, Payment; §9). The zod schemas of the calls
// are in campaigns-api.ts.

import { zoneInstant } from "../core/days";

/** spec 3 §4 Campaign status: how a campaign is shown, derived from its dates and its draft flag. */
export const CAMPAIGN_STATUSES = ["Draft", "Upcoming", "Ongoing", "Past"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** The list's sortable columns (spec 3 §2 Campaign list; §9 default createdAt descending). */
export const CAMPAIGN_SORTS = ["createdAt", "title", "start", "end"] as const;
export type CampaignSort = (typeof CAMPAIGN_SORTS)[number];

/** spec 3 §5 Campaign, §9: name 5 to 100 characters, description at least 10. */
export const CAMPAIGN_TITLE_MIN = 5;
export const CAMPAIGN_TITLE_MAX = 100;
export const CAMPAIGN_DESCRIPTION_MIN = 10;
/** ours: the spec gives no upper bound on the description; the table holds this many characters. */
export const CAMPAIGN_DESCRIPTION_MAX = 5000;

/**
 * spec 3 §4 Influencer in a campaign. `invited` (the shop invited them), `requested` (they asked to join),
 * `accepted` (either side accepted the other's move), `declined` (the influencer turned down an invitation, from the
 * mobile app), `removed` (the shop's `block`, shown as Remove). One row per campaign and influencer; a later move
 * updates the row.
 */
export const CAMPAIGN_INFLUENCER_STATES = ["invited", "requested", "accepted", "declined", "removed"] as const;
export type CampaignInfluencerState = (typeof CAMPAIGN_INFLUENCER_STATES)[number];
/** The Influencers card's tabs (spec 3 §2), which are the `type` query of GET campaign/influencer/{id}. */
export const CAMPAIGN_INFLUENCER_TABS = ["invited", "requested", "accepted"] as const;
export type CampaignInfluencerTab = (typeof CAMPAIGN_INFLUENCER_TABS)[number];
/** spec 3 §7 Campaigns: the console's actions on PUT campaign/influencer/{id}. */
export const CAMPAIGN_INFLUENCER_ACTIONS = ["invite", "accept-invitation", "block"] as const;
export type CampaignInfluencerAction = (typeof CAMPAIGN_INFLUENCER_ACTIONS)[number];

/** spec 3 §5 Payout terms, §9: fee up to 6 digits and 2 decimals, i.e. at most 999999.99 dollars (in cents). */
export const CAMPAIGN_FEE_MAX_CENTS = 99_999_999;
/** spec 3 §5 Payout terms, §9: commission 0 to 100 percent (digits only). */
export const CAMPAIGN_COMMISSION_MIN = 0;
export const CAMPAIGN_COMMISSION_MAX = 100;
/** spec 3 §5 Payout terms, §9: a variation's free quantity is under 10000. */
export const CAMPAIGN_VARIATION_QUANTITY_LIMIT = 10_000;
/** spec 3 §5 Payment / transaction: an amount is at least 1 dollar (in cents). */
export const CAMPAIGN_PAYMENT_MIN_CENTS = 100;
/** spec 3 §9: payout and transaction lists limit 50; orders of a campaign limit 49. */
export const CAMPAIGN_PAYOUT_LIST_LIMIT = 50;
export const CAMPAIGN_ORDERS_LIMIT = 49;
/** spec 3 §9: video under 50 MB (campaign page). */
export const CAMPAIGN_VIDEO_MAX_BYTES = 50 * 1024 * 1024;

/** A campaign starts at 00:00:00 of its first day and ends at 23:59:59 of its last (spec 3 §4), Sydney time (contract/core/days.ts). */
export const campaignStartAt = (day: string) => zoneInstant(day, "00:00:00");
export const campaignEndAt = (day: string) => zoneInstant(day, "23:59:59");

/**
 * spec 3 §4 Campaign status: Draft while the draft flag is set; otherwise Upcoming before its start, Ongoing from its
 * start to its end, Past after its end.
 */
export function campaignStatus(
  campaign: { isDraft: boolean; start: string | null; end: string | null },
  now: Date = new Date(),
): CampaignStatus {
  if (campaign.isDraft || !campaign.start || !campaign.end) return "Draft";
  const t = now.getTime();
  if (t < new Date(campaign.start).getTime()) return "Upcoming";
  if (t > new Date(campaign.end).getTime()) return "Past";
  return "Ongoing";
}

/** spec 3 §4: a campaign's dates cannot be edited once it is Ongoing or Past. */
export const campaignDatesLocked = (status: CampaignStatus) => status === "Ongoing" || status === "Past";

/** spec 3 §4 Influencer in a campaign, free products: the payout call's actions. */
export const PAYOUT_FREE_PRODUCT_ACTIONS = ["add-product", "remove-product"] as const;
export type PayoutFreeProductAction = (typeof PAYOUT_FREE_PRODUCT_ACTIONS)[number];

/**
 * spec 3 §4 Payout status (ADR 0060): `pending` while something is owed (shown with a green tag), `settled` once paid
 * in full, `overpaid` when a refund after a payment lowered what is owed below what was paid (a credit for the shop).
 */
export const PAYOUT_STATUSES = ["pending", "settled", "overpaid"] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
