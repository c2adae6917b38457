import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { shops } from "./shops";

/** spec 2 §3 Attribute: the managed definitions that leaf categories and products use. */
export const attributes = pgTable(
  "attributes",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    label: text("label").notNull(),
    type: text("type", { enum: ["text", "radio", "checkbox", "dropdown", "number", "boolean"] }).notNull(),
    hint: text("hint"),
    isForVariation: boolean("is_for_variation").notNull(),
    /** the options, in the order they were added */
    list: jsonb("list").$type<string[]>().notNull().default([]),
    /** option name → colour value (e.g. Color: Red → #E53935) */
    map: jsonb("map").$type<Record<string, string>>().notNull().default({}),
    /** spec 2 §3: height and width in cm, weight in kg */
    unit: text("unit"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("attributes_name_unique").on(sql`lower(${t.name})`),
    index("attributes_created_idx").on(t.createdAt),
    index("attributes_name_idx").on(t.name),
    index("attributes_label_idx").on(t.label),
    index("attributes_type_idx").on(t.type),
  ],
);

/** spec 2 §3 Brand. */
export const brands = pgTable(
  "brands",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    image: text("image").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("brands_name_unique").on(sql`lower(${t.name})`),
    index("brands_created_idx").on(t.createdAt),
    index("brands_updated_idx").on(t.updatedAt),
    index("brands_name_idx").on(t.name),
  ],
);

/**
 * spec 2 §3 Category: departments (level 0), categories (1), sub-categories (2, the leaves). Tax and commission
 * belong to leaves. Deletes are refused while anything refers to a category (ADR 0013), so the foreign keys that
 * point here RESTRICT.
 */
export const categories = pgTable(
  "categories",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    image: text("image"),
    level: integer("level").notNull(),
    parentId: text("parent_id").references((): AnyPgColumn => categories.id, { onDelete: "restrict" }),
    tax: integer("tax"),
    commission: integer("commission"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("categories_level_range", sql`${t.level} between 0 and 2`),
    check("categories_parent_level", sql`(${t.level} = 0) = (${t.parentId} is null)`),
    check("categories_tax_range", sql`${t.tax} is null or ${t.tax} between 0 and 100`),
    check("categories_commission_range", sql`${t.commission} is null or ${t.commission} between 0 and 100`),
    // siblings have different names (departments are siblings of each other)
    uniqueIndex("categories_sibling_name_unique").on(sql`coalesce(${t.parentId}, '')`, sql`lower(${t.name})`),
    index("categories_level_created_idx").on(t.level, t.createdAt),
    index("categories_level_name_idx").on(t.level, t.name),
    index("categories_parent_idx").on(t.parentId),
  ],
);

/**
 * A leaf's attributes and variations, kept as references to managed attributes (the product form fetches their
 * definitions). `position` keeps the admin's order; a variation may be the main one.
 */
export const categoryAttributes = pgTable(
  "category_attributes",
  {
    categoryId: text("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["attr", "variation"] }).notNull(),
    attributeId: text("attribute_id")
      .notNull()
      .references(() => attributes.id, { onDelete: "restrict" }),
    position: integer("position").notNull(),
    unit: text("unit"),
    isMainSelected: boolean("is_main_selected").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.kind, t.attributeId] }),
    index("category_attributes_attribute_idx").on(t.attributeId),
  ],
);

/** A shop's categories are departments (ARCHITECTURE §5). */
export const shopCategories = pgTable(
  "shop_categories",
  {
    shopId: text("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    categoryId: text("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.categoryId] }), index("shop_categories_category_idx").on(t.categoryId)],
);

/** spec 1 §3 Commission: a shop's own percentage for a sub-category, overriding the leaf's default. */
export const shopCommissions = pgTable(
  "shop_commissions",
  {
    shopId: text("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    categoryId: text("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    percentage: integer("percentage").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.categoryId] }),
    check("shop_commissions_percentage_range", sql`${t.percentage} between 1 and 100`),
    index("shop_commissions_category_idx").on(t.categoryId),
    index("shop_commissions_shop_created_idx").on(t.shopId, t.createdAt),
  ],
);
