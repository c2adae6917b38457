import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { CAMPAIGN_INFLUENCER_STATES } from "#contract/campaigns/campaigns";
import { categories } from "./catalogue";
import { productVariations, products } from "./products";
import { shops } from "./shops";
import { users } from "./users";

/**
 * Influencer campaigns (spec 3 §3 Campaign, Influencer, payout terms, Transaction; §4; §5). Every row carries its
 * shop, and every child row points at its campaign through (campaign, shop), so a row of shop A can never hang off a
 * campaign of shop B (composite foreign keys). Money is integer cents in AUD (ARCHITECTURE §3): the fee's "6 digits
 * and 2 decimals" is at most 99 999 999 cents, a payment at least 100 cents.
 */

/**
 * spec 3 §3 Campaign. A draft needs only a valid title (spec 3 §4); a published campaign (`isDraft` false) has a
 * description and both dates (check). The status shown (Draft, Upcoming, Ongoing, Past) is derived from `isDraft` and
 * the dates (contract/campaigns/campaigns.ts `campaignStatus`); `endAt` is 23:59:59 of the last day. Deletes are soft.
 */
export const campaigns = pgTable(
  "campaigns",
  {
    id: text("id").primaryKey(),
    shopId: text("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "restrict" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    startAt: timestamp("start_at", { withTimezone: true }),
    endAt: timestamp("end_at", { withTimezone: true }),
    thumbnail: text("thumbnail"),
    video: text("video"),
    isDraft: boolean("is_draft").notNull().default(true),
    /** when it was published (isDraft set false) */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    // the target of the children's (campaign, shop) foreign keys
    unique("campaigns_id_shop_unique").on(t.id, t.shopId),
    check("campaigns_title_length", sql`char_length(btrim(${t.title})) between 5 and 100`),
    check("campaigns_description_length", sql`char_length(${t.description}) <= 5000`),
    check("campaigns_dates", sql`${t.startAt} is null or ${t.endAt} is null or ${t.startAt} < ${t.endAt}`),
    check(
      "campaigns_published_shape",
      sql`${t.isDraft} or (${t.startAt} is not null and ${t.endAt} is not null and char_length(btrim(${t.description})) >= 10 and ${t.publishedAt} is not null)`,
    ),
    index("campaigns_shop_created_idx").on(t.shopId, t.createdAt, t.id),
    index("campaigns_shop_lower_title_idx").on(t.shopId, sql`lower(${t.title})`, t.id),
    index("campaigns_shop_start_idx").on(t.shopId, t.startAt, t.id),
    index("campaigns_shop_end_idx").on(t.shopId, t.endAt, t.id),
    index("campaigns_created_idx").on(t.createdAt, t.id),
    index("campaigns_lower_title_idx").on(sql`lower(${t.title})`, t.id),
    // the console's search box (ADR 0069): a substring of the title, on a trigram index
    index("campaigns_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")).with({ fastupdate: false }),
    index("campaigns_start_idx").on(t.startAt, t.id),
    index("campaigns_end_idx").on(t.endAt, t.id),
  ],
);

/**
 * spec 3 §4 Influencer in a campaign: one row per campaign and influencer, in one state (invited, requested,
 * accepted, declined, removed). The shop's `invite` and `block` and its `accept-invitation` of a request, and the
 * influencer's request, acceptance or refusal, each move the row with one conditional update.
 */
export const campaignInfluencers = pgTable(
  "campaign_influencers",
  {
    id: text("id").primaryKey(),
    campaignId: text("campaign_id").notNull(),
    shopId: text("shop_id").notNull(),
    influencerId: text("influencer_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    state: text("state", { enum: CAMPAIGN_INFLUENCER_STATES }).notNull(),
    /** who made the last move (a console user, or the influencer) */
    changedBy: text("changed_by").references(() => users.id, { onDelete: "set null" }),
    invitedAt: timestamp("invited_at", { withTimezone: true }),
    requestedAt: timestamp("requested_at", { withTimezone: true }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    removedAt: timestamp("removed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: "campaign_influencers_campaign_fk",
      columns: [t.campaignId, t.shopId],
      foreignColumns: [campaigns.id, campaigns.shopId],
    }).onDelete("cascade"),
    // the target of the payout terms' and transactions' foreign keys
    unique("campaign_influencers_campaign_influencer_unique").on(t.campaignId, t.influencerId),
    check(
      "campaign_influencers_state_shape",
      sql`(${t.state} <> 'accepted' or ${t.acceptedAt} is not null) and (${t.state} <> 'removed' or ${t.removedAt} is not null)`,
    ),
    index("campaign_influencers_campaign_state_idx").on(t.campaignId, t.state, t.updatedAt),
    index("campaign_influencers_influencer_state_idx").on(t.influencerId, t.state, t.updatedAt),
    index("campaign_influencers_shop_idx").on(t.shopId, t.state),
  ],
);

/**
 * spec 3 §3 Campaign payout for an influencer (terms): the fee ('Fixed per content'), and through the two tables
 * below the free products and the sales commission rows. One per campaign and influencer, for a member of the
 * campaign (foreign key to the membership).
 */
export const campaignPayouts = pgTable(
  "campaign_payouts",
  {
    id: text("id").primaryKey(),
    campaignId: text("campaign_id").notNull(),
    shopId: text("shop_id").notNull(),
    influencerId: text("influencer_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    feeCents: integer("fee_cents").notNull().default(0),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: "campaign_payouts_campaign_fk",
      columns: [t.campaignId, t.shopId],
      foreignColumns: [campaigns.id, campaigns.shopId],
    }).onDelete("cascade"),
    foreignKey({
      name: "campaign_payouts_member_fk",
      columns: [t.campaignId, t.influencerId],
      foreignColumns: [campaignInfluencers.campaignId, campaignInfluencers.influencerId],
    }).onDelete("restrict"),
    uniqueIndex("campaign_payouts_campaign_influencer_unique").on(t.campaignId, t.influencerId),
    // the target of the free products' and commission rows' (payout, shop) foreign keys
    unique("campaign_payouts_id_shop_unique").on(t.id, t.shopId),
    check("campaign_payouts_fee_range", sql`${t.feeCents} between 0 and 99999999`),
    index("campaign_payouts_influencer_idx").on(t.influencerId, t.createdAt),
    index("campaign_payouts_shop_idx").on(t.shopId, t.campaignId),
  ],
);

/**
 * spec 3 §3 payout terms, freeProducts (productId, quantity, variantDetails): a product of the shop, or one of its
 * variations, given to the influencer. Quantity is a whole number above 0 (a variation's under 10000, spec 3 §5);
 * the service checks it against stock. A product (or variation) appears once per payout.
 */
export const campaignPayoutProducts = pgTable(
  "campaign_payout_products",
  {
    id: text("id").primaryKey(),
    payoutId: text("payout_id").notNull(),
    shopId: text("shop_id").notNull(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    variationId: text("variation_id").references(() => productVariations.id, { onDelete: "restrict" }),
    quantity: integer("quantity").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: "campaign_payout_products_payout_fk",
      columns: [t.payoutId, t.shopId],
      foreignColumns: [campaignPayouts.id, campaignPayouts.shopId],
    }).onDelete("cascade"),
    uniqueIndex("campaign_payout_products_unique").on(t.payoutId, t.productId, sql`coalesce(${t.variationId}, '')`),
    check(
      "campaign_payout_products_quantity_range",
      sql`${t.quantity} >= 1 and (${t.variationId} is null or ${t.quantity} < 10000)`,
    ),
    index("campaign_payout_products_product_idx").on(t.productId),
  ],
);

/**
 * spec 3 §3 payout terms, salesCommission (subCategory, commission): the influencer's percent (0–100, whole) of the
 * campaign's sales in a sub-category. A sub-category appears once per payout (spec 3 §5).
 */
export const campaignPayoutCommissions = pgTable(
  "campaign_payout_commissions",
  {
    id: text("id").primaryKey(),
    payoutId: text("payout_id").notNull(),
    shopId: text("shop_id").notNull(),
    subCategoryId: text("sub_category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    percent: integer("percent").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: "campaign_payout_commissions_payout_fk",
      columns: [t.payoutId, t.shopId],
      foreignColumns: [campaignPayouts.id, campaignPayouts.shopId],
    }).onDelete("cascade"),
    uniqueIndex("campaign_payout_commissions_unique").on(t.payoutId, t.subCategoryId),
    check("campaign_payout_commissions_percent_range", sql`${t.percent} between 0 and 100`),
    index("campaign_payout_commissions_category_idx").on(t.subCategoryId),
  ],
);

/**
 * spec 3 §3 Transaction: a payment the shop made to an influencer of the campaign (a member: foreign key to the
 * membership), at least 1 dollar, with an optional note. Deletes are soft (`deletedAt`): sums read live rows only.
 */
export const campaignTransactions = pgTable(
  "campaign_transactions",
  {
    id: text("id").primaryKey(),
    campaignId: text("campaign_id").notNull(),
    shopId: text("shop_id").notNull(),
    influencerId: text("influencer_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    amountCents: integer("amount_cents").notNull(),
    note: text("note").notNull().default(""),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    foreignKey({
      name: "campaign_transactions_campaign_fk",
      columns: [t.campaignId, t.shopId],
      foreignColumns: [campaigns.id, campaigns.shopId],
    }).onDelete("restrict"),
    foreignKey({
      name: "campaign_transactions_member_fk",
      columns: [t.campaignId, t.influencerId],
      foreignColumns: [campaignInfluencers.campaignId, campaignInfluencers.influencerId],
    }).onDelete("restrict"),
    check("campaign_transactions_amount_min", sql`${t.amountCents} >= 100`),
    check("campaign_transactions_note_length", sql`char_length(${t.note}) <= 1000`),
    index("campaign_transactions_campaign_influencer_idx").on(t.campaignId, t.influencerId, t.createdAt),
    index("campaign_transactions_influencer_idx").on(t.influencerId, t.createdAt),
    index("campaign_transactions_shop_idx").on(t.shopId, t.createdAt),
  ],
);
