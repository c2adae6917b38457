import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { CHAT_CHANNEL_TYPES, CHAT_MESSAGE_TYPES } from "#contract/chat/chat";
import { shops } from "./shops";
import { users } from "./users";

/**
 * Chat channels as Stream names them (ADR 0066): `type` and the channel's own `channelId` make its `cid`
 * ("type:id"). `shopId` is the tenancy: a shop's owner and staff see their shop's channels; `data` holds the rest of
 * Stream's custom channel data (name, image, orderId…). `lastMessageAt` orders the channel list.
 */
export const chatChannels = pgTable(
  "chat_channels",
  {
    cid: text("cid").primaryKey(),
    type: text("type", { enum: CHAT_CHANNEL_TYPES }).notNull(),
    channelId: text("channel_id").notNull(),
    shopId: text("shop_id").references(() => shops.id, { onDelete: "set null" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("chat_channels_type_id_unique").on(t.type, t.channelId),
    check("chat_channels_cid_shape", sql`${t.cid} = ${t.type} || ':' || ${t.channelId}`),
    // the channel list, newest conversation first (channels without a message last)
    index("chat_channels_last_message_idx").on(sql`${t.lastMessageAt} desc nulls last`, t.cid),
    index("chat_channels_shop_idx").on(t.shopId, sql`${t.lastMessageAt} desc nulls last`),
  ],
);

/** Who is in a channel; a member reads and writes it and hears its events. */
export const chatMembers = pgTable(
  "chat_members",
  {
    cid: text("cid")
      .notNull()
      .references(() => chatChannels.cid, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Stream's channel role: owner (who created it) or member */
    role: text("role", { enum: ["owner", "member", "moderator"] })
      .notNull()
      .default("member"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cid, t.userId] }), index("chat_members_user_idx").on(t.userId, t.cid)],
);

/**
 * A channel's messages. Ids are the client's when it sends one (Stream lets clients choose them, so a message
 * retried after a lost answer is not sent twice), else made by the server. A deleted message keeps its row with
 * type `deleted` and no text.
 */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: text("id").primaryKey(),
    cid: text("cid")
      .notNull()
      .references(() => chatChannels.cid, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    text: text("text").notNull().default(""),
    attachments: jsonb("attachments").$type<Record<string, unknown>[]>().notNull().default([]),
    type: text("type", { enum: CHAT_MESSAGE_TYPES }).notNull().default("regular"),
    parentId: text("parent_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    check("chat_messages_id_length", sql`length(${t.id}) between 1 and 255`),
    check("chat_messages_deleted_shape", sql`(${t.type} = 'deleted') = (${t.deletedAt} is not null)`),
    // a channel's messages, newest first, paged by (created_at, id)
    index("chat_messages_channel_idx").on(t.cid, sql`${t.createdAt} desc`, sql`${t.id} desc`),
  ],
);

/**
 * How far each person has read each channel: their unread count is the others' messages after `lastReadAt`,
 * counted in SQL. Kept apart from membership: an admin reads any channel without being in it.
 */
export const chatReads = pgTable(
  "chat_reads",
  {
    cid: text("cid")
      .notNull()
      .references(() => chatChannels.cid, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastReadAt: timestamp("last_read_at", { withTimezone: true }).notNull().defaultNow(),
    lastReadMessageId: text("last_read_message_id"),
  },
  (t) => [primaryKey({ columns: [t.cid, t.userId] }), index("chat_reads_user_idx").on(t.userId)],
);

/**
 * Viewers muted in a live stream's channel (ADR 0066, moderation): their sends to that channel are refused until the
 * shop unmutes them. One row per channel and person; who muted them and when, for the record.
 */
export const chatMutes = pgTable(
  "chat_mutes",
  {
    cid: text("cid")
      .notNull()
      .references(() => chatChannels.cid, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    mutedBy: text("muted_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cid, t.userId] })],
);
