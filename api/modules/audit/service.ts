import { and, eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
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

/** The most people a `who` is resolved to before the query; past it they stay a subquery (a term that broad is rare). */
const FEW_PEOPLE = 300;

/**
 * The entries of the people `who` names: the people whose full name, e-mail or phone holds it (the users' trigram
 * indexes), else the user id it is; and, when any entry without a user id (the demo seed's) kept a name holding it,
 * those. The people are looked up first so the entries are read by user id, one person (the usual case: an e-mail, a
 * row's link) newest first on the index (shop, user, at, id), and the planner knows how many it will find.
 */
async function whoMatches(deps: Deps, who: string): Promise<SQL> {
  const e = auditEntries;
  const pattern = likePattern(who);
  const [people, unnamed] = await Promise.all([
    deps.db
      .select({ id: users.id })
      .from(users)
      .where(userIndexedSearch(who))
      .limit(FEW_PEOPLE + 1),
    deps.db
      .select({ one: sql`1` })
      .from(e)
      .where(and(isNull(e.userId), ilike(e.userName, pattern)))
      .limit(1),
  ]);
  const ids = people.length ? people.map((p) => p.id) : [who];
  const byId =
    people.length > FEW_PEOPLE
      ? sql`${e.userId} in (select ${users.id} from ${users} where ${userIndexedSearch(who)})`
      : ids.length === 1
        ? eq(e.userId, ids[0]!)
        : inArray(e.userId, ids);
  return unnamed.length ? or(byId, and(isNull(e.userId), ilike(e.userName, pattern)))! : byId;
}

/**
 * GET audit (ADR 0071): admins read every shop's entries (or one shop's), owners and staff with 'audit view' their own
 * shop's only. `who` is a user's id or part of their name, e-mail or phone; `search` looks in the operation, the record id and the name.
 */
export async function listAudit(deps: Deps, actor: Actor, q: AuditListQuery) {
  const e = auditEntries;
  const conditions: (SQL | undefined)[] = [
    visibleTo(actor, e.shopId, q.shopId),
    q.who ? await whoMatches(deps, q.who) : undefined,
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
