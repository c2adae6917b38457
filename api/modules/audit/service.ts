import { and, eq, gte, ilike, lt, or, sql, type SQL } from "drizzle-orm";
import type { AuditListQuery } from "#contract/audit/audit-api";
import type { AuditEntry } from "#contract/audit/audit";
import { addDays, zoneInstant } from "#contract/core/days";
import { auditEntries, users } from "#api/db/schema";
import { userIndexedSearch } from "#api/modules/users";
import type { Actor } from "#api/platform/auth/actor";
import { visibleTo } from "#api/platform/auth/tenancy";
import type { Deps } from "#api/platform/deps";
import { likePattern, listPage, orderBy } from "#api/platform/data/list";

const toEntry = (row: typeof auditEntries.$inferSelect): AuditEntry => ({
  _id: String(row.id),
  at: row.at.toISOString(),
  userId: row.userId,
  userName: row.userName,
  role: row.role,
  shopId: row.shopId,
  operation: row.operation,
  recordType: row.recordType,
  recordId: row.recordId,
  before: row.before as AuditEntry["before"],
  after: row.after,
  ip: row.ip,
  userAgent: row.userAgent,
});

/**
 * The entries of the people `who` names: their user id, or part of the name the entry kept, or of the person's
 * current full name, e-mail or phone (the users' trigram indexes), so a customer whose entries kept no name is found too.
 */
const whoMatches = (who: string) =>
  or(
    eq(auditEntries.userId, who),
    ilike(auditEntries.userName, likePattern(who)),
    sql`${auditEntries.userId} in (select ${users.id} from ${users} where ${userIndexedSearch(who)})`,
  );

/**
 * GET audit (ADR 0071): admins read every shop's entries (or one shop's), owners and staff with 'audit view' their own
 * shop's only. `who` is a user's id or part of their name or e-mail; `search` looks in the operation, the record id and the name.
 */
export async function listAudit(deps: Deps, actor: Actor, q: AuditListQuery) {
  const e = auditEntries;
  const conditions: (SQL | undefined)[] = [
    visibleTo(actor, e.shopId, q.shopId),
    q.who ? whoMatches(q.who) : undefined,
    q.operation ? eq(e.operation, q.operation) : undefined,
    q.recordType ? eq(e.recordType, q.recordType) : undefined,
    q.recordId ? eq(e.recordId, q.recordId) : undefined,
    q.startDate ? gte(e.at, zoneInstant(q.startDate)) : undefined,
    q.endDate ? lt(e.at, zoneInstant(addDays(q.endDate, 1))) : undefined,
    q.search
      ? or(
          ilike(e.operation, likePattern(q.search)),
          eq(e.recordId, q.search),
          ilike(e.userName, likePattern(q.search)),
        )
      : undefined,
  ];
  const where = and(...conditions);
  const sorting = orderBy(q, { at: e.at, operation: e.operation, recordType: e.recordType }, e.id);
  const page = await listPage(
    q,
    ({ limit, offset }) =>
      deps.db
        .select()
        .from(e)
        .where(where)
        .orderBy(...sorting)
        .limit(limit)
        .offset(offset),
    { db: deps.db, from: e, where },
  );
  return { ...page, data: page.data.map(toEntry) };
}
