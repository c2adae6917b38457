import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";

/** A signed-in browser or app; the cookie holds a token whose SHA-256 is the id. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** One-time codes: hashed, single use, 10 minutes, 5 tries (ARCHITECTURE §5). */
export const otpCodes = pgTable(
  "otp_codes",
  {
    id: text("id").primaryKey(),
    phone: text("phone").notNull(),
    purpose: text("purpose").notNull(),
    codeHash: text("code_hash").notNull(),
    // the address that asked for it: only a verify from there spends its tries (ADR 0025)
    requester: text("requester").notNull().default(""),
    // what verifying this code makes take effect (a resubmitted registration; ADR 0027), else null
    payload: jsonb("payload"),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("otp_codes_phone_idx").on(t.phone, t.purpose)],
);

/** Demo SMS outbox: exists only while no SMS provider is configured; rows live as long as their code. */
export const smsOutbox = pgTable(
  "sms_outbox",
  {
    id: text("id").primaryKey(),
    to: text("to").notNull(),
    body: text("body").notNull(),
    /** the one-time code the text carries: the text is shown only while that code lives (not replaced, not used) */
    otpId: text("otp_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sms_outbox_expires_idx").on(t.expiresAt)],
);

/**
 * Addresses an account has signed in from (ADR 0025): the account-wide guessing limit never applies to them, so an
 * attacker elsewhere cannot lock the owner out of their own address.
 */
export const signInAddresses = pgTable(
  "sign_in_addresses",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ip: text("ip").notNull(),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ip] })],
);

/** Storage for rate-limiter-flexible's RateLimiterDrizzle (works across instances). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull(),
  expire: timestamp("expire", { withTimezone: true }),
});

/** Uploads issued by the server: the key is ours, the file is checked by content before use. */
export const uploads = pgTable(
  "uploads",
  {
    key: text("key").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    fileName: text("file_name").notNull(),
    contentType: text("content_type"),
    size: integer("size"),
    status: text("status", { enum: ["issued", "stored", "rejected"] })
      .notNull()
      .default("issued"),
    // anonymous uploads (public registration) are claimed by the registration that uses them; unclaimed ones go after a day
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    // a multipart upload's id in the store (S3's UploadId; ours on local disk): set while its parts arrive (ADR 0037)
    multipartId: text("multipart_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("uploads_user_idx").on(t.userId),
    // the hourly sweep of abandoned uploads reads only these
    index("uploads_unfinished_idx")
      .on(t.createdAt)
      .where(sql`${t.status} <> 'stored'`),
    // ...and these: anonymous files (public registration) that no registration claimed
    index("uploads_unclaimed_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'stored' and ${t.userId} is null and ${t.claimedAt} is null`),
  ],
);
