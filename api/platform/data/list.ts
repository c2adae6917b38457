import { asc, count, desc, sql, type SQL, type Subquery } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { provenTotal, type ListQuery } from "#contract/core/list";
import type { Database } from "../../db/client";

/** ORDER BY for a list query, with the id as tie-breaker so pages never overlap. */
export function orderBy(q: ListQuery, columns: Record<string, PgColumn | SQL>, id: PgColumn): SQL[] {
  const dir = q.sortType === "asc" ? asc : desc;
  const column = Object.hasOwn(columns, q.sort) ? columns[q.sort] : undefined;
  return column ? [dir(column), dir(id)] : [dir(id)];
}

/** Up to this many matching rows a list's `count` is exact; above it, PostgreSQL's estimate. */
export const EXACT_COUNT_LIMIT = 1000;
let exactCountLimit = EXACT_COUNT_LIMIT;

/** The process's limit, from its LIST_EXACT_COUNT setting (api/runtime.ts): a small one lets browser tests page past it. */
export function setExactCountLimit(limit: number) {
  exactCountLimit = limit;
}

/** What a list counts: the rows of `from` that match `where`. */
export interface Counted {
  db: Database;
  from: PgTable;
  where?: SQL;
  /**
   * The same rows (one per row of `from` matching `where`) read another way, at most `limit` of them, when a query of
   * its own finds them faster than `from` + `where` does (the estimate above the cap stays that of `from` + `where`).
   */
  read?: (limit: number) => { as: (alias: string) => Subquery };
}

/**
 * `count` kept cheap (ARCHITECTURE §3: exact counts on large tables are how commerce admins die):
 * counts at most the limit + 1 rows, and past that asks the planner for its row estimate.
 */
export async function cheapCount({ db, from, where, read }: Counted): Promise<{ count: number; estimated: boolean }> {
  const capped = (
    read
      ? read(exactCountLimit + 1)
      : db
          .select({ one: sql`1` })
          .from(from)
          .where(where)
          .limit(exactCountLimit + 1)
  ).as("capped");
  const [{ n }] = await db.select({ n: count() }).from(capped);
  if (n <= exactCountLimit) return { count: n, estimated: false };
  const plan = await db.execute(
    sql`explain (format json) ${db
      .select({ one: sql`1` })
      .from(from)
      .where(where)}`,
  );
  const rows = (Array.isArray(plan) ? plan : (plan as { rows: unknown[] }).rows) as Record<string, unknown>[];
  const raw = rows[0]?.["QUERY PLAN"];
  const doc = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: { "Plan Rows": number } }[];
  // the estimate is never shown below what was counted for sure
  return { count: Math.max(Math.round(doc[0].Plan["Plan Rows"]), exactCountLimit + 1), estimated: true };
}

/** One page of a list: its rows, the (cheap) count, and whether a next page exists; the route sends it as it is. */
export interface Page<T> {
  data: T[];
  count: number;
  isNext: boolean;
  /** the count is the planner's estimate (above EXACT_COUNT_LIMIT rows) */
  countEstimated?: true;
}

/**
 * The one list helper (ARCHITECTURE §3): fetches `limit + 1` rows to learn `isNext`, and a cheap count
 * (`countEstimated: true` when it is the planner's estimate).
 */
export async function listPage<T>(
  q: ListQuery,
  fetch: (page: { limit: number; offset: number }) => Promise<T[]>,
  counted: Counted,
): Promise<Page<T>> {
  const [rows, cheap] = await Promise.all([fetch({ limit: q.limit + 1, offset: q.skip }), cheapCount(counted)]);
  const data = rows.slice(0, q.limit);
  const isNext = rows.length > q.limit;
  const total = provenTotal({ ...cheap, skip: q.skip, shown: data.length, isNext });
  // "more than N" goes on the wire as N + 1, still marked estimated: the least the page proves
  const count = total.kind === "more than" ? total.count + 1 : total.count;
  return { data, count, ...(total.kind === "exact" ? {} : { countEstimated: true as const }), isNext };
}

/** `%term%` for ILIKE, with the user's wildcards escaped. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The digits a phone search looks for (one rule for every list that finds people by phone): the term without spaces,
 * brackets, dashes, dots or '+', and without the leading 0s of a number typed at home (0427 …) or abroad (0061 …), since
 * numbers are stored without them; null when the term is not a phone number.
 */
export function phoneDigits(term: string): string | null {
  const digits = term.trim().replace(/[\s().+-]/g, "");
  return /^\d+$/.test(digits) ? digits.replace(/^0+(?=\d)/, "") : null;
}

/** The term as a phone number anywhere in `dialled` (a number written with its country code), or nothing when it is not one. */
export function phoneMatch(term: string, dialled: SQL | PgColumn): SQL | undefined {
  const digits = phoneDigits(term);
  return digits ? sql`${dialled} ilike ${likePattern(digits)}` : undefined;
}
