import { asc, count, desc, sql, type SQL, type Subquery } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { ListQuery } from "#contract/list";
import type { Database } from "../db/client";

/** ORDER BY for a list query, with the id as tie-breaker so pages never overlap. */
export function orderBy(q: ListQuery, columns: Record<string, PgColumn | SQL>, id: PgColumn): SQL[] {
  const dir = q.sortType === "asc" ? asc : desc;
  const column = Object.hasOwn(columns, q.sort) ? columns[q.sort] : undefined;
  return column ? [dir(column), dir(id)] : [dir(id)];
}

/** Up to this many matching rows a list's `count` is exact; above it, PostgreSQL's estimate. */
export const EXACT_COUNT_LIMIT = 1000;

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
 * counts at most EXACT_COUNT_LIMIT + 1 rows, and past that asks the planner for its row estimate.
 */
export async function cheapCount({ db, from, where, read }: Counted): Promise<{ count: number; estimated: boolean }> {
  const capped = (read ? read(EXACT_COUNT_LIMIT + 1) : db.select({ one: sql`1` }).from(from).where(where).limit(EXACT_COUNT_LIMIT + 1)).as("capped");
  const [{ n }] = await db.select({ n: count() }).from(capped);
  if (n <= EXACT_COUNT_LIMIT) return { count: n, estimated: false };
  const plan = await db.execute(sql`explain (format json) ${db.select({ one: sql`1` }).from(from).where(where)}`);
  const rows = (Array.isArray(plan) ? plan : (plan as { rows: unknown[] }).rows) as Record<string, unknown>[];
  const raw = rows[0]?.["QUERY PLAN"];
  const doc = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: { "Plan Rows": number } }[];
  // the estimate is never shown below what was counted for sure
  return { count: Math.max(Math.round(doc[0].Plan["Plan Rows"]), EXACT_COUNT_LIMIT + 1), estimated: true };
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
  const [rows, total] = await Promise.all([fetch({ limit: q.limit + 1, offset: q.skip }), cheapCount(counted)]);
  return {
    data: rows.slice(0, q.limit),
    count: total.count,
    ...(total.estimated ? { countEstimated: true as const } : {}),
    isNext: rows.length > q.limit,
  };
}

/** `%term%` for ILIKE, with the user's wildcards escaped. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
