import { and, eq, inArray, like } from "drizzle-orm";
import { auditEntries } from "#api/db/schema";
import type { TestApi } from "./api-harness";

/**
 * The audit entries of `recordType` records `ids` written by calls whose operation id matches `operation` (a LIKE
 * pattern: "postCouponBulk%" for every coupon bulk call): what a test of a many-record call (ADR 0074) counts.
 */
export const auditEntriesOf = (t: TestApi, operation: string, recordType: string, ids: string[]) =>
  t.db
    .select()
    .from(auditEntries)
    .where(
      and(
        like(auditEntries.operation, operation),
        eq(auditEntries.recordType, recordType),
        inArray(auditEntries.recordId, ids),
      ),
    );
