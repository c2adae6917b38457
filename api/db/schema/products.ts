import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { brands, categories } from "./catalogue";
import { shops } from "./shops";

/** spec 2 §3 Product attr: attribute name → the chosen value (a checkbox attribute may hold several) and the attribute id. */
export type ProductAttrMap = Record<string, { value: string | string[]; id: string }>;
/** spec 2 §3 Product variationList: dimension name (e.g. Color) → the values used, the attribute's type and id. */
export type VariationListMap = Record<string, { list: string[]; type: string; id: string }>;

/**
 * spec 2 §3 Product. Money is integer cents (AUD, ARCHITECTURE §3). A variation product keeps its price range in
 * min/max cents and its stock as the sum of its variations' (kept in step by the service in the same transaction).
 * A discount is flat (cents) or a percentage (0–100); `isGlobalDiscount` makes it apply to every variation.
 * Deletes are soft (`deleted_at`): orders, streams and wishlists keep pointing at the row.
 */
export const products = pgTable(
  "products",
  {
    id: text("id").primaryKey(),
    shopId: text("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    description: text("description").notNull(),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    brandId: text("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "restrict" }),
    departmentId: text("department_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    categoryId: text("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    subcategoryId: text("subcategory_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    attr: jsonb("attr").$type<ProductAttrMap>().notNull().default({}),
    images: jsonb("images").$type<string[]>().notNull().default([]),
    videos: jsonb("videos").$type<string[]>().notNull().default([]),
    defaultImage: text("default_image"),
    sizeChartImage: text("size_chart_image"),
    isVariationAvailable: boolean("is_variation_available").notNull().default(false),
    variationList: jsonb("variation_list").$type<VariationListMap>().notNull().default({}),
    defaultVariant: text("default_variant"),
    /** a single product's price; for a variation product the lowest variation price (for sorting) */
    priceCents: integer("price_cents").notNull(),
    minCents: integer("min_cents"),
    maxCents: integer("max_cents"),
    currency: text("currency").notNull().default("AUD"),
    /** a single product's stock; for a variation product the sum of its variations' */
    stock: integer("stock").notNull(),
    /** a single product's SKU; null for a variation product (its variations carry theirs) */
    sku: text("sku"),
    isDiscount: boolean("is_discount").notNull().default(false),
    isGlobalDiscount: boolean("is_global_discount").notNull().default(false),
    discountType: text("discount_type", { enum: ["flat", "percentage"] }),
    discountCents: integer("discount_cents"),
    discountPercent: doublePrecision("discount_percent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    check("products_stock_min", sql`${t.stock} >= 0`),
    check("products_price_min", sql`${t.priceCents} >= 100`),
    check("products_currency_aud", sql`${t.currency} = 'AUD'`),
    check(
      "products_discount_percent_range",
      sql`${t.discountPercent} is null or ${t.discountPercent} between 0 and 100`,
    ),
    check("products_discount_cents_min", sql`${t.discountCents} is null or ${t.discountCents} >= 0`),
    check(
      "products_discount_shape",
      sql`(not ${t.isDiscount} and ${t.discountType} is null and not ${t.isGlobalDiscount}) or (${t.isDiscount} and ((${t.discountType} = 'flat' and ${t.discountCents} is not null) or (${t.discountType} = 'percentage' and ${t.discountPercent} is not null)))`,
    ),
    // a flat discount never exceeds the (lowest) price
    check(
      "products_discount_flat_max",
      sql`${t.discountCents} is null or ${t.discountCents} <= coalesce(${t.minCents}, ${t.priceCents})`,
    ),
    index("products_shop_created_idx").on(t.shopId, t.createdAt),
    index("products_shop_name_idx").on(t.shopId, t.name),
    // the list sorts names without regard to case (bench:products: a name-sorted page went from 202 ms to 34 ms)
    index("products_shop_lower_name_idx").on(t.shopId, sql`lower(${t.name})`, t.id),
    index("products_shop_price_idx").on(t.shopId, t.priceCents),
    index("products_shop_stock_idx").on(t.shopId, t.stock),
    index("products_created_idx").on(t.createdAt),
    // the console's search box (ADR 0069): a substring of the name, on a trigram index
    index("products_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")).with({ fastupdate: false }),
    index("products_brand_idx").on(t.brandId),
    index("products_department_idx").on(t.departmentId),
    index("products_category_idx").on(t.categoryId),
    index("products_subcategory_idx").on(t.subcategoryId),
  ],
);

/** spec 2 §3 Variation row: one combination of a variation product (`variant` is the values joined with `_`). */
export const productVariations = pgTable(
  "product_variations",
  {
    id: text("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** e.g. `Red_M` */
    variant: text("variant").notNull(),
    /** dimension name → value, e.g. {Color: "Red", Size: "M"} */
    variantDetails: jsonb("variant_details").$type<Record<string, string>>().notNull(),
    sku: text("sku").notNull(),
    priceCents: integer("price_cents").notNull(),
    stock: integer("stock").notNull(),
    image: text("image").notNull(),
    position: integer("position").notNull().default(0),
    isDiscount: boolean("is_discount").notNull().default(false),
    discountType: text("discount_type", { enum: ["flat", "percentage"] }),
    discountCents: integer("discount_cents"),
    discountPercent: doublePrecision("discount_percent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("product_variations_stock_min", sql`${t.stock} >= 0`),
    check("product_variations_price_min", sql`${t.priceCents} >= 100`),
    check(
      "product_variations_discount_percent_range",
      sql`${t.discountPercent} is null or ${t.discountPercent} between 0 and 100`,
    ),
    check(
      "product_variations_discount_flat_max",
      sql`${t.discountCents} is null or (${t.discountCents} >= 0 and ${t.discountCents} <= ${t.priceCents})`,
    ),
    check(
      "product_variations_discount_shape",
      sql`(not ${t.isDiscount} and ${t.discountType} is null) or (${t.isDiscount} and ((${t.discountType} = 'flat' and ${t.discountCents} is not null) or (${t.discountType} = 'percentage' and ${t.discountPercent} is not null)))`,
    ),
    // a combination appears once per product (spec 2 §5 'Please select other combination of …')
    uniqueIndex("product_variations_variant_unique").on(t.productId, sql`lower(${t.variant})`),
    index("product_variations_product_idx").on(t.productId, t.position),
  ],
);

/**
 * Every SKU a shop has used, products' and variations' alike: one unique key across both tables (spec 2 §4, a SKU is
 * unique within the shop). A deleted product keeps its SKUs reserved, because orders name them.
 */
export const productSkus = pgTable(
  "product_skus",
  {
    shopId: text("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    /** upper-cased */
    sku: text("sku").notNull(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variationId: text("variation_id").references(() => productVariations.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.sku] }), index("product_skus_product_idx").on(t.productId)],
);
