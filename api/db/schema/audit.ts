import { sql } from "drizzle-orm";
import { bigserial, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The audit log (ADR 0071): one row per state-changing API call, written in the call's own transaction. Append-only:
 * a trigger of the migration refuses UPDATE, DELETE and TRUNCATE. No foreign keys, so deleting a user, a shop or a
 * record never touches its history.
 */
export const auditEntries = pgTable(
  "audit_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** who: the console user or the app's customer or influencer; null for an anonymous door (sign-in, registration) */
    userId: text("user_id"),
    userName: text("user_name"),
    role: text("role"),
    shopId: text("shop_id"),
    /** what: the OpenAPI operationId, and the record it changed */
    operation: text("operation").notNull(),
    recordType: text("record_type"),
    recordId: text("record_id"),
    /** the change: the record's fields before and after (secrets removed); for a call without one record, the request */
    before: jsonb("before"),
    after: jsonb("after"),
    /** from where */
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [
    index("audit_entries_at_idx").on(t.at, t.id),
    index("audit_entries_shop_at_idx").on(t.shopId, t.at, t.id),
    index("audit_entries_record_idx").on(t.recordType, t.recordId, t.at),
    index("audit_entries_user_at_idx").on(t.userId, t.at),
    index("audit_entries_operation_at_idx").on(t.operation, t.at),
    index("audit_entries_user_name_trgm_idx").using("gin", sql`${t.userName} gin_trgm_ops`),
    // the list's "who" (ADR 0071): a shop's entries of given people, newest first; entries without a user id by name
    index("audit_entries_shop_user_at_idx").on(t.shopId, t.userId, t.at, t.id),
    index("audit_entries_unnamed_trgm_idx")
      .using("gin", sql`${t.userName} gin_trgm_ops`)
      .where(sql`${t.userId} is null`),
  ],
);
