import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { STREAM_ARCHIVABLE_STATUSES, STREAM_PROMOTION_TYPES, STREAM_STATUSES } from "#contract/streams/streams";
import { campaigns } from "./campaigns";
import { categories } from "./catalogue";
import { productVariations, products } from "./products";
import { shops } from "./shops";
import { users } from "./users";

/**
 * spec 3 §3 Stream, §4 Stream status (ADR 0036). A shop's stream, presented by a streamer (the owner, a
 * staff member or an influencer). `status` moves created → broadcasting (with its live address `viewUrl`) → finished
 * (with its recording `streamVideo`); archiving keeps the status in `archiveStatus` and sets `archived`, unarchiving
 * restores it. `startAt`/`endAt` are the scheduled times; `startedAt`/`finishedAt` when it really went live and ended.
 * Deletes are soft: orders placed from a stream keep pointing at it.
 */
export const streams = pgTable(
  "streams",
  {
    id: text("id").primaryKey(),
    shopId: text("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    status: text("status", { enum: STREAM_STATUSES }).notNull().default("created"),
    /** the status to restore on unarchive; set exactly when status is archived */
    archiveStatus: text("archive_status", { enum: STREAM_ARCHIVABLE_STATUSES }),
    streamerId: text("streamer_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    startAt: timestamp("start_at", { withTimezone: true }).notNull(),
    endAt: timestamp("end_at", { withTimezone: true }),
    /** the thumbnail */
    image: text("image"),
    /** the uploaded video (played when there is no recording) */
    video: text("video"),
    /** the recording of the broadcast */
    streamVideo: text("stream_video"),
    /** the live address (HLS) while broadcasting */
    viewUrl: text("view_url"),
    externalUrl: text("external_url"),
    likes: integer("likes").notNull().default(0),
    viewersCount: integer("viewers_count").notNull().default(0),
    /** the campaign the stream belongs to (spec 3 §3 Stream campaignId): a campaign of the same shop (foreign key on both) */
    campaignId: text("campaign_id"),
    /** the chat channel's descriptor (chat comes later) */
    streamChat: jsonb("stream_chat").$type<Record<string, unknown>>(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    foreignKey({
      name: "streams_campaign_fk",
      columns: [t.campaignId, t.shopId],
      foreignColumns: [campaigns.id, campaigns.shopId],
    }).onDelete("restrict"),
    check("streams_archive_shape", sql`(${t.status} = 'archived') = (${t.archiveStatus} is not null)`),
    check(
      "streams_broadcasting_shape",
      sql`coalesce(${t.archiveStatus}, ${t.status}) <> 'broadcasting' or (${t.viewUrl} is not null and ${t.startedAt} is not null)`,
    ),
    check(
      "streams_finished_shape",
      sql`coalesce(${t.archiveStatus}, ${t.status}) <> 'finished' or ${t.finishedAt} is not null`,
    ),
    check("streams_dates", sql`${t.endAt} is null or ${t.endAt} >= ${t.startAt}`),
    check(
      "streams_went_live",
      sql`${t.finishedAt} is null or (${t.startedAt} is not null and ${t.finishedAt} >= ${t.startedAt})`,
    ),
    check("streams_counts_min", sql`${t.likes} >= 0 and ${t.viewersCount} >= 0`),
    check("streams_name_length", sql`char_length(${t.name}) between 1 and 200`),
    index("streams_shop_created_idx").on(t.shopId, t.createdAt, t.id),
    index("streams_shop_start_idx").on(t.shopId, t.startAt),
    index("streams_shop_lower_name_idx").on(t.shopId, sql`lower(${t.name})`, t.id),
    index("streams_shop_status_idx").on(t.shopId, t.status),
    index("streams_created_idx").on(t.createdAt, t.id),
    index("streams_start_idx").on(t.startAt),
    index("streams_lower_name_idx").on(sql`lower(${t.name})`, t.id),
    // the console's search box (ADR 0069): a substring of the name, on a trigram index
    index("streams_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")).with({ fastupdate: false }),
    index("streams_status_idx").on(t.status, t.createdAt),
    index("streams_streamer_idx").on(t.streamerId),
    index("streams_campaign_idx").on(t.campaignId),
  ],
);

/** spec 3 §3 Stream categories: the departments a stream is tagged with, in the order chosen. */
export const streamCategories = pgTable(
  "stream_categories",
  {
    streamId: text("stream_id")
      .notNull()
      .references(() => streams.id, { onDelete: "cascade" }),
    categoryId: text("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.streamId, t.categoryId] }),
    index("stream_categories_category_idx").on(t.categoryId, t.streamId),
  ],
);

/**
 * spec 3 §3 Stream product: a product of the stream's shop shown in the stream, optionally at a promotion price
 * (spec 3 §5 Promotion discount): flat (cents off) or a percentage off, for the product, one of its variations
 * (`variationId`) or all its variations (`allVariations`). The promotion price is computed from the current price,
 * so it follows price changes; a flat promotion never exceeds the price (checked by the service against the product).
 */
export const streamProducts = pgTable(
  "stream_products",
  {
    id: text("id").primaryKey(),
    streamId: text("stream_id")
      .notNull()
      .references(() => streams.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    variationId: text("variation_id").references(() => productVariations.id, { onDelete: "cascade" }),
    allVariations: boolean("all_variations").notNull().default(false),
    promotionType: text("promotion_type", { enum: STREAM_PROMOTION_TYPES }),
    promotionCents: integer("promotion_cents"),
    promotionPercent: doublePrecision("promotion_percent"),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("stream_products_unique").on(t.streamId, t.productId, sql`coalesce(${t.variationId}, '')`),
    check(
      "stream_products_promotion_shape",
      sql`(${t.promotionType} is null and ${t.promotionCents} is null and ${t.promotionPercent} is null) or (${t.promotionType} = 'flat' and ${t.promotionCents} is not null and ${t.promotionCents} >= 0 and ${t.promotionPercent} is null) or (${t.promotionType} = 'percentage' and ${t.promotionPercent} is not null and ${t.promotionPercent} between 0 and 100 and ${t.promotionCents} is null)`,
    ),
    check("stream_products_variation_scope", sql`not (${t.allVariations} and ${t.variationId} is not null)`),
    index("stream_products_stream_idx").on(t.streamId, t.position),
    index("stream_products_product_idx").on(t.productId),
  ],
);
