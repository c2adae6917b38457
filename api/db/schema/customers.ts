import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { products } from "./products";
import { shops } from "./shops";
import { users } from "./users";

/**
 * Customers (spec 2 §3 Customer, §4 Customer add flow). A customer is a user with role `endUser`; these
 * tables say which shops know them and what each shop keeps about them.
 */

/**
 * How a shop came to know a customer: it registered them, they confirmed with a texted code that the shop may see them
 * (a customer found by phone, ADR 0048), or they ordered.
 */
export const SHOP_CUSTOMER_SOURCES = ["registered", "confirmed", "ordered"] as const;

/**
 * A shop's customers: people who ordered from the shop, whom the shop registered, or who confirmed a search of the shop
 * (spec 2 §4 Customer add flow). One row per shop and customer; the first way the shop came to know them is kept. The list's figures
 * (orders, amount spent, last order) are in `customer_figures`.
 */
export const shopCustomers = pgTable(
  "shop_customers",
  {
    shopId: text("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    customerId: text("customer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    source: text("source", { enum: SHOP_CUSTOMER_SOURCES }).notNull(),
    /** the owner or staff member who registered them or asked them to confirm (null when they came by ordering) */
    addedBy: text("added_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.customerId] }),
    index("shop_customers_shop_created_idx").on(t.shopId, t.createdAt),
    index("shop_customers_customer_idx").on(t.customerId),
  ],
);

/** The shop id of a customer's figures with every shop of the marketplace (what an admin's customer list shows). */
export const EVERY_SHOP = "";

/**
 * A customer's figures with one shop (`shopId`), or with every shop (`shopId` = EVERY_SHOP): how many orders, the amount
 * spent (the lines with tax, less coupon discounts and refunds) and the last order's time, as the customers list shows
 * them (spec 2 §2 Customers list). Kept by the database itself: triggers on `orders` and `order_lines` recompute a
 * buyer's rows from their orders in the transaction that changes them, after locking those rows (so two orders of one
 * buyer at once are counted both), whatever writes the orders (the services, the seed, a migration). Every customer
 * has their rows, zeros until they order (triggers on `users` and `shop_customers`): the every-shop row for a customer
 * account or a shop's customer, and a shop's for each shop that knows them; so the lists join them.
 */
export const customerFigures = pgTable(
  "customer_figures",
  {
    shopId: text("shop_id").notNull(),
    customerId: text("customer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    orderCount: integer("order_count").notNull().default(0),
    spentCents: bigint("spent_cents", { mode: "number" }).notNull().default(0),
    /** '-infinity' when none (so a sort by it puts "no order" last, newest first, from the index alone) */
    lastOrderAt: timestamp("last_order_at", { withTimezone: true, mode: "string" })
      .notNull()
      .default(sql`'-infinity'`),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.customerId] }),
    // the list's sorts by a figure read a shop's rows in that order
    index("customer_figures_shop_spent_idx").on(t.shopId, t.spentCents, t.customerId),
    index("customer_figures_shop_count_idx").on(t.shopId, t.orderCount, t.customerId),
    index("customer_figures_shop_last_idx").on(t.shopId, t.lastOrderAt, t.customerId),
  ],
);

/**
 * A customer's wishlist (spec 2 §3 Wishlist entry). The wishlist is the customer's own (the mobile app adds to it
 * too); a shop sees and changes only the entries of its own products (`PUT user/wishlist`). `addedBy` is who added
 * the entry (the customer, or a shop's owner or staff member).
 */
export const wishlistItems = pgTable(
  "wishlist_items",
  {
    customerId: text("customer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    addedBy: text("added_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.productId] }),
    index("wishlist_items_customer_created_idx").on(t.customerId, t.createdAt),
    index("wishlist_items_product_idx").on(t.productId),
  ],
);

/**
 * A shop's notes about a customer (spec 2 §3 Note: note, time, addedBy). Notes belong to the shop that wrote them:
 * another shop never sees them, admins see every shop's. Removing a note deletes it (an explicit user action).
 */
export const customerNotes = pgTable(
  "customer_notes",
  {
    id: text("id").primaryKey(),
    shopId: text("shop_id").references(() => shops.id, { onDelete: "cascade" }),
    customerId: text("customer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    note: text("note").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("customer_notes_note_present", sql`length(btrim(${t.note})) > 0`),
    index("customer_notes_customer_shop_created_idx").on(t.customerId, t.shopId, t.createdAt),
  ],
);
