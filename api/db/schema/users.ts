import { sql } from "drizzle-orm";
import { date, index, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const ROLES = ["admin", "shopOwner", "staff", "influencer", "endUser"] as const;
export type Role = (typeof ROLES)[number];

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    fName: text("f_name").notNull(),
    lName: text("l_name").notNull().default(""),
    email: text("email"),
    countryCode: text("country_code"),
    mobile: text("mobile"),
    countryFlag: text("country_flag"),
    image: text("image"),
    gender: text("gender"),
    customizeGender: text("customize_gender"),
    role: text("role", { enum: ROLES }).notNull(),
    // verification status for influencers (spec 1 §4); other roles stay Approved
    status: text("status", { enum: ["Pending", "Approved", "Rejected"] })
      .notNull()
      .default("Approved"),
    passwordHash: text("password_hash"),
    address: text("address"),
    // spec 1 §3 Influencer extras (null for other roles)
    dob: date("dob", { mode: "string" }),
    ethnicity: text("ethnicity"),
    country: text("country"),
    state: text("state"),
    city: text("city"),
    instaProfileId: text("insta_profile_id"),
    tiktokProfileId: text("tiktok_profile_id"),
    fbProfileId: text("fb_profile_id"),
    youtubeProfileId: text("youtube_profile_id"),
    bio: text("bio"),
    portfolio: jsonb("portfolio").$type<string[]>().notNull().default([]),
    // a public registration counts before its phone code is verified (spec 1 §4); console-made accounts are verified at creation
    phoneVerifiedAt: timestamp("phone_verified_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    // e-mail and phone are unique across live accounts (ARCHITECTURE §5)
    uniqueIndex("users_email_unique")
      .on(sql`lower(${t.email})`)
      .where(sql`${t.deletedAt} is null and ${t.email} is not null`),
    uniqueIndex("users_phone_unique")
      .on(t.countryCode, t.mobile)
      .where(sql`${t.deletedAt} is null and ${t.mobile} is not null`),
    index("users_role_created_idx").on(t.role, t.createdAt),
    index("users_created_idx").on(t.createdAt),
    // a list sorted by name or e-mail ends its sort with the id: read in that order from the index, a page needs no sort
    index("users_fname_idx").on(t.fName, t.id),
    index("users_email_idx").on(t.email, t.id),
    index("users_gender_idx").on(t.gender),
    index("users_status_idx").on(t.status),
    // the orders list's search by a customer's name, e-mail or phone (substring, ILIKE): trigram indexes (ADR 0033).
    // Without GIN's pending list (fastupdate off): new users go into the index at once (people register one at a time),
    // so a search never scans a list of recent entries, nor does the planner, estimating it, turn to reading every user
    index("users_name_trgm_idx")
      .using("gin", sql`(${t.fName} || ' ' || ${t.lName}) gin_trgm_ops`)
      .with({ fastupdate: false }),
    index("users_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")).with({ fastupdate: false }),
    index("users_phone_trgm_idx")
      .using("gin", sql`(coalesce(${t.countryCode}, '') || ${t.mobile}) gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);
