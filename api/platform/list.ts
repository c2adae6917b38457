import { asc, desc, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { ListQuery } from "#contract/list";
import type { Reply } from "./http";

/** ORDER BY for a list query, with the id as tie-breaker so pages never overlap. */
export function orderBy(q: ListQuery, columns: Record<string, PgColumn | SQL>, id: PgColumn): SQL[] {
  const dir = q.sortType === "asc" ? asc : desc;
  const column = columns[q.sort];
  return column ? [dir(column), dir(id)] : [dir(id)];
}

/**
 * The one list helper (ARCHITECTURE §3): fetches `limit + 1` rows to learn `isNext`, and the count.
 */
export async function listPage<T>(
  q: ListQuery,
  fetch: (page: { limit: number; offset: number }) => Promise<T[]>,
  count: () => Promise<number>,
): Promise<Reply & { data: T[]; count: number; isNext: boolean }> {
  const [rows, total] = await Promise.all([fetch({ limit: q.limit + 1, offset: q.skip }), count()]);
  return { data: rows.slice(0, q.limit), count: total, isNext: rows.length > q.limit, message: "Success" };
}

/** `%term%` for ILIKE, with the user's wildcards escaped. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
