import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
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
import { COUPON_DISCOUNT_TYPES, COUPON_STATUSES, COUPON_TYPES as COUPON_TYPE_VALUES } from "#contract/coupons/coupons";
import { ORDER_LINE_STATUSES } from "#contract/orders/order-views";
import { campaigns } from "./campaigns";
import { categories } from "./catalogue";
import { productVariations, products } from "./products";
import { shops } from "./shops";
import { users } from "./users";

/**
 * Commerce (spec 2 §3 Coupon, Order). Money is integer cents in AUD, like products (ARCHITECTURE §3).
 * Every figure that moves money or stock is guarded by a check constraint here, so a conditional update that would
 * break it fails instead of writing (overselling, over-redeeming and over-refunding are refused by the database).
 */

// the values the contract names (spec 2 §3, §4), one list each for the API, the pages and these columns
const COUPON_TYPES = COUPON_TYPE_VALUES;
const DISCOUNT_TYPES = COUPON_DISCOUNT_TYPES;
export const ORDER_TYPES = ["online", "offline"] as const;
const SHOP_STATUSES = ORDER_LINE_STATUSES;
export const PAYMENT_PROVIDERS = ["ledger", "stripe"] as const;
export const PAYMENT_KINDS = ["capture", "refund"] as const;

/**
 * spec 2 §3 Coupon. A shop's coupon has `shopId`; an admin's coupon (`shopId` null) is the platform's and applies to
 * any shop's lines in its scope. `quantity` is how many times it may be used in all; `used` counts redemptions and
 * is raised only by a conditional update inside the order's transaction (the check refuses a use beyond quantity).
 */
export const coupons = pgTable(
  "coupons",
  {
    id: text("id").primaryKey(),
    shopId: text("shop_id").references(() => shops.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    image: text("image").notNull(),
    /** stored in upper case; unique among live coupons */
    code: text("code").notNull(),
    description: text("description").notNull().default(""),
    departmentId: text("department_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    categoryId: text("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    subcategoryId: text("subcategory_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    minOrderCents: integer("min_order_cents").notNull(),
    quantity: integer("quantity").notNull(),
    used: integer("used").notNull().default(0),
    startAt: timestamp("start_at", { withTimezone: true }).notNull(),
    endAt: timestamp("end_at", { withTimezone: true }).notNull(),
    discountType: text("discount_type", { enum: DISCOUNT_TYPES }).notNull(),
    /** flat: cents; percentage: 0–100 */
    discountCents: integer("discount_cents"),
    discountPercent: doublePrecision("discount_percent"),
    type: text("type", { enum: COUPON_TYPES }).notNull(),
    /** uses per customer for type multi (null: no per-customer limit beyond quantity) */
    multi: integer("multi"),
    status: text("status", { enum: COUPON_STATUSES }).notNull().default("active"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("coupons_code_unique")
      .on(t.code)
      .where(sql`${t.deletedAt} is null`),
    check("coupons_code_upper", sql`${t.code} = upper(${t.code})`),
    check("coupons_quantity_min", sql`${t.quantity} >= 0`),
    check("coupons_used_range", sql`${t.used} >= 0 and ${t.used} <= ${t.quantity}`),
    check("coupons_min_order_min", sql`${t.minOrderCents} >= 0`),
    check("coupons_dates", sql`${t.endAt} >= ${t.startAt}`),
    check("coupons_multi_min", sql`${t.multi} is null or ${t.multi} >= 0`),
    check(
      "coupons_discount_shape",
      sql`(${t.discountType} = 'flat' and ${t.discountCents} is not null and ${t.discountCents} >= 0 and ${t.discountCents} <= ${t.minOrderCents}) or (${t.discountType} = 'percentage' and ${t.discountPercent} is not null and ${t.discountPercent} between 0 and 100)`,
    ),
    index("coupons_shop_created_idx").on(t.shopId, t.createdAt),
    index("coupons_created_idx").on(t.createdAt),
  ],
);

/**
 * spec 2 §3 Order. `orderNumber` is the readable order id the console shows and searches (`orderId`); `id` is the
 * opaque id of the URLs. Totals are the sums of the lines: subtotal (unit prices after product discounts × quantity),
 * tax, the coupon's discount, and `totalCents` = subtotal + tax − coupon discount, which is what the payment captured.
 * `refundedCents` only grows and never exceeds the total (check). A retried request with the same idempotency key
 * from the same buyer finds the first order (unique index).
 */
export const orders = pgTable(
  "orders",
  {
    id: text("id").primaryKey(),
    orderNumber: bigserial("order_number", { mode: "number" }).notNull(),
    buyerId: text("buyer_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    orderType: text("order_type", { enum: ORDER_TYPES }).notNull(),
    address: text("address").notNull(),
    city: text("city").notNull(),
    /** the live stream the order came from (streams come later: no reference yet) */
    streamId: text("stream_id"),
    /**
     * the campaign the order belongs to (spec 3: an order placed during a campaign stream), copied from its stream when
     * the order is placed, so attribution never moves if the stream is edited later
     */
    campaignId: text("campaign_id").references(() => campaigns.id, { onDelete: "restrict" }),
    couponId: text("coupon_id").references(() => coupons.id, { onDelete: "restrict" }),
    couponCode: text("coupon_code"),
    subtotalCents: integer("subtotal_cents").notNull(),
    taxCents: integer("tax_cents").notNull(),
    couponDiscountCents: integer("coupon_discount_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    commissionCents: integer("commission_cents").notNull(),
    refundedCents: integer("refunded_cents").notNull().default(0),
    currency: text("currency").notNull().default("AUD"),
    paymentProvider: text("payment_provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    /** Stripe's PaymentIntent id, or the ledger's capture id */
    paymentIntentId: text("payment_intent_id"),
    idempotencyKey: text("idempotency_key"),
    /** sha256 of the request the key came with: the key reused with another request is refused (422), never answered */
    idempotencyFingerprint: text("idempotency_fingerprint"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("orders_number_unique").on(t.orderNumber),
    uniqueIndex("orders_idempotency_unique")
      .on(t.buyerId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    check(
      "orders_amounts_min",
      sql`${t.subtotalCents} >= 0 and ${t.taxCents} >= 0 and ${t.couponDiscountCents} >= 0 and ${t.commissionCents} >= 0`,
    ),
    check(
      "orders_total",
      sql`${t.totalCents} = ${t.subtotalCents} + ${t.taxCents} - ${t.couponDiscountCents} and ${t.totalCents} >= 0`,
    ),
    check("orders_refunded_range", sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.totalCents}`),
    check("orders_currency_aud", sql`${t.currency} = 'AUD'`),
    index("orders_created_idx").on(t.createdAt, t.id),
    index("orders_buyer_created_idx").on(t.buyerId, t.createdAt),
    // the admins' orders list sorted by total (ADR 0033)
    index("orders_total_idx").on(t.totalCents, t.id),
    index("orders_coupon_idx").on(t.couponId),
    index("orders_stream_idx").on(t.streamId),
    index("orders_campaign_created_idx").on(t.campaignId, t.createdAt, t.id),
  ],
);

/**
 * spec 2 §3 Order line: one product (or one variation of it) of one shop, priced when the order was placed (the
 * product's name, variant and image are copied, so a later edit or delete does not change what was bought).
 * `lineCents` = unit × quantity; the coupon's discount is shared over the lines in its scope (`couponDiscountCents`);
 * `netAmountCents` is what the shop earns: line − its coupon share − the platform's commission (tax is passed on).
 */
export const orderLines = pgTable(
  "order_lines",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    shopId: text("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "restrict" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    variationId: text("variation_id").references(() => productVariations.id, { onDelete: "set null" }),
    productName: text("product_name").notNull(),
    image: text("image"),
    sku: text("sku"),
    variantName: text("variant_name"),
    variantDetails: jsonb("variant_details").$type<Record<string, string>>(),
    /** the leaf category whose tax and commission applied */
    categoryId: text("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    unitCents: integer("unit_cents").notNull(),
    quantity: integer("quantity").notNull(),
    lineCents: integer("line_cents").notNull(),
    taxPercent: doublePrecision("tax_percent").notNull(),
    taxCents: integer("tax_cents").notNull(),
    couponDiscountCents: integer("coupon_discount_cents").notNull().default(0),
    commissionPercent: doublePrecision("commission_percent").notNull(),
    commissionCents: integer("commission_cents").notNull(),
    netAmountCents: integer("net_amount_cents").notNull(),
    shopStatus: text("shop_status", { enum: SHOP_STATUSES }).notNull().default("Pending"),
    isRefunded: boolean("is_refunded").notNull().default(false),
    refundReason: text("refund_reason"),
    refundedCents: integer("refunded_cents").notNull().default(0),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("order_lines_quantity_range", sql`${t.quantity} between 1 and 100`),
    check(
      "order_lines_amounts_min",
      sql`${t.unitCents} >= 0 and ${t.taxCents} >= 0 and ${t.couponDiscountCents} >= 0 and ${t.commissionCents} >= 0`,
    ),
    check("order_lines_line", sql`${t.lineCents} = ${t.unitCents} * ${t.quantity}`),
    check("order_lines_coupon_max", sql`${t.couponDiscountCents} <= ${t.lineCents}`),
    // a line is refunded once, with a reason, and never for more than was paid for it
    check(
      "order_lines_refund_shape",
      sql`(not ${t.isRefunded} and ${t.refundedCents} = 0) or (${t.isRefunded} and ${t.refundReason} is not null and ${t.shopStatus} = 'Refunded')`,
    ),
    check(
      "order_lines_refund_max",
      sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.lineCents} + ${t.taxCents} - ${t.couponDiscountCents}`,
    ),
    index("order_lines_order_idx").on(t.orderId, t.position),
    index("order_lines_shop_created_idx").on(t.shopId, t.createdAt),
    index("order_lines_shop_order_idx").on(t.shopId, t.orderId),
    index("order_lines_product_idx").on(t.productId),
    // the orders list's status filter (any line, or any line of the caller's shop, in that status): ADR 0033
    index("order_lines_status_shop_order_idx").on(t.shopStatus, t.shopId, t.orderId),
    // its page sorted by date, walked from the lines of that status in date order (a line's created_at is its
    // order's): an admin's over every shop, an owner's or staff member's over their shop's (ADR 0033, addendum)
    index("order_lines_status_created_idx").on(t.shopStatus, t.createdAt, t.orderId),
    index("order_lines_status_shop_created_idx").on(t.shopStatus, t.shopId, t.createdAt, t.orderId),
  ],
);

/**
 * A shop's part of an order (ADR 0031, 0033): one row per order and shop of its lines, written with the lines when the
 * order is placed. `totalCents` is the sum of that shop's lines, their tax, less their coupon share (what owners and
 * staff see as the order's total); `createdAt`, `orderNumber` and `buyerId` are the order's. None of them changes after placing
 * (refunds are recorded beside the amounts; a line's amounts are never edited), so the owners' orders list walks
 * these indexes for every sort instead of summing lines per order.
 */
export const orderParts = pgTable(
  "order_parts",
  {
    shopId: text("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "restrict" }),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    orderNumber: bigint("order_number", { mode: "number" }).notNull(),
    totalCents: integer("total_cents").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    buyerId: text("buyer_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.orderId] }),
    check("order_parts_total_min", sql`${t.totalCents} >= 0`),
    index("order_parts_shop_created_idx").on(t.shopId, t.createdAt, t.orderId),
    index("order_parts_shop_number_idx").on(t.shopId, t.orderNumber),
    index("order_parts_shop_total_idx").on(t.shopId, t.totalCents, t.orderId),
    index("order_parts_order_idx").on(t.orderId),
    // a search's listed customers' parts of the shop read from the index alone, their sort keys with them (drizzle
    // writes no INCLUDE, so the keys the list reads are trailing key columns)
    index("order_parts_shop_buyer_idx").on(t.shopId, t.buyerId, t.createdAt, t.orderId, t.orderNumber, t.totalCents),
  ],
);

/** spec 2 §3 Order notes ('No notes are available.' when none). A shop's note is seen by that shop and admins. */
export const orderNotes = pgTable(
  "order_notes",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** null: the buyer's or the platform's note, seen by every shop of the order */
    shopId: text("shop_id").references(() => shops.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    note: text("note").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_notes_order_idx").on(t.orderId, t.createdAt)],
);

/**
 * The payment ledger: every capture and refund the provider made, whichever provider (the embedded `ledger` provider
 * keeps only these rows; Stripe's ids are recorded in `providerRef`). No card data. A refund row names the lines it
 * refunded; the unique key on (order, kind, lines) makes a repeated identical refund a no-op.
 */
export const payments = pgTable(
  "payments",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    kind: text("kind", { enum: PAYMENT_KINDS }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("AUD"),
    providerRef: text("provider_ref"),
    /** the refunded order lines, sorted (null for a capture) */
    lineIds: jsonb("line_ids").$type<string[]>(),
    reason: text("reason"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("payments_amount_min", sql`${t.amountCents} >= 0`),
    uniqueIndex("payments_one_capture")
      .on(t.orderId)
      .where(sql`${t.kind} = 'capture'`),
    index("payments_order_idx").on(t.orderId, t.createdAt),
  ],
);
