import { getTableColumns, sql } from "drizzle-orm";
import { operationId } from "#api/platform/http/openapi";
import { RECORD_TABLES, withoutSecrets } from "#api/platform/audit/records";
import type { Database } from "../client";
import { auditEntries } from "../schema";

// The demo database's audit log starts with the seed's own changes. The seed writes its records directly
// (not through the API, which would add minutes to a first start), so it writes their entries itself: one per
// seeded record of each type the log reads (ADR 0071), as the call that adds such a record would have written it.

/** Who the seed's entries name: the seed itself, not a person (no user id, so no one's history claims them). */
export const SEED_ACTOR = "Demo seed";

/** The call that adds a record of each type: its operationId is the entry's operation. */
const ADDED_BY: Record<string, { method: "post"; path: string }> = {
  attribute: { method: "post", path: "/attr" },
  brand: { method: "post", path: "/brand" },
  campaign: { method: "post", path: "/campaign" },
  category: { method: "post", path: "/category" },
  coupon: { method: "post", path: "/coupon" },
  order: { method: "post", path: "/order" },
  product: { method: "post", path: "/product" },
  shop: { method: "post", path: "/shop/add" },
  stream: { method: "post", path: "/live-stream" },
  user: { method: "post", path: "/user/add-user" },
};

/** Rows written per insert: a batch's JSON is all the step holds at a time. */
const BATCH = 500;

/**
 * An entry for every record of the log's record types that has none yet: `before` empty, `after` the row as seeded
 * (secrets removed, as every entry), `at` the record's creation time, the record's shop as the entry's. Run after the
 * base seed and again after the bulk; a record that already has an entry (a change made while the bulk ran) is left
 * as it is, so running it twice adds nothing.
 */
export async function seedAuditEntries(db: Database) {
  let written = 0;
  for (const [type, table] of Object.entries(RECORD_TABLES)) {
    const id = getTableColumns(table).id!;
    const operation = operationId(ADDED_BY[type]!);
    // each batch's entries take its rows out of the next batch's query
    for (;;) {
      const rows = (await db
        .select()
        .from(table)
        .where(
          sql`not exists (select 1 from ${auditEntries} where ${auditEntries.recordType} = ${type} and ${auditEntries.recordId} = ${id})`,
        )
        .orderBy(id)
        .limit(BATCH)) as Record<string, unknown>[];
      if (!rows.length) break;
      await db.insert(auditEntries).values(
        rows.map((row) => {
          const shopId = type === "shop" ? String(row.id) : typeof row.shopId === "string" ? row.shopId : null;
          return {
            at: row.createdAt instanceof Date ? row.createdAt : new Date(),
            userName: SEED_ACTOR,
            shopId,
            operation,
            recordType: type,
            recordId: String(row.id),
            before: null,
            after: withoutSecrets(row),
          };
        }),
      );
      written += rows.length;
    }
  }
  return written;
}
