import { sql } from "drizzle-orm";
import { doublePrecision, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { Permission } from "#contract/access/roles";
import { users } from "./users";

export type ShopTimings = Record<string, { status: boolean; start: string; end: string }[]>;

export const shops = pgTable(
  "shops",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email"),
    website: text("website"),
    image: text("image"),
    coverImage: text("cover_image"),
    countryCode: text("country_code"),
    mobile: text("mobile"),
    address: text("address"),
    placeId: text("place_id"),
    longitude: doublePrecision("longitude"),
    latitude: doublePrecision("latitude"),
    story: text("story"),
    timings: jsonb("timings").$type<ShopTimings>(),
    status: text("status", { enum: ["Pending", "Approved", "Rejected"] })
      .notNull()
      .default("Pending"),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    // one owner has one live shop
    uniqueIndex("shops_owner_unique")
      .on(t.ownerId)
      .where(sql`${t.deletedAt} is null`),
    index("shops_created_idx").on(t.createdAt),
    index("shops_name_idx").on(t.name),
    // the console's search box (ADR 0069): a substring of the name, on a trigram index
    index("shops_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")).with({ fastupdate: false }),
    index("shops_status_idx").on(t.status),
  ],
);

/** A staff member belongs to exactly one shop (ARCHITECTURE §5). */
export const shopStaff = pgTable(
  "shop_staff",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    shopId: text("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    designation: text("designation").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("shop_staff_shop_idx").on(t.shopId)],
);

/** One row per granted access type, e.g. `product:edit` (spec 1 §6). */
export const staffPermissions = pgTable(
  "staff_permissions",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    permission: text("permission").$type<Permission>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permission] })],
);
