import { MSG } from "./messages";
import { decimal, z } from "./zod";

export const PAGE_SIZES = [5, 10, 25, 50, 100] as const;
export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 100;

/** A query value that may be repeated (`role=a&role=b`) arrives as a string or a list. */
export const repeated = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined || v === "" ? undefined : Array.isArray(v) ? v : [v]), z.array(item).optional());

/**
 * The list query every list endpoint reads (ARCHITECTURE §3–§4): sort, sortType, skip, limit, search;
 * `page` and `searchText` are accepted where the spec writes them.
 */
export function listQuerySchema<S extends string>(
  sortable: readonly [S, ...S[]],
  opts: { maxLimit?: number; defaultSort?: S; defaultSortType?: "asc" | "desc" } = {},
) {
  const maxLimit = opts.maxLimit ?? MAX_LIMIT;
  return z
    .object({
      sort: z.enum(sortable, { error: MSG.listSort(sortable) }).optional(),
      sortType: z.enum(["asc", "desc"], { error: MSG.listSortType }).optional(),
      skip: z.preprocess(decimal, z.number({ error: MSG.listSkip }).int(MSG.listSkip).min(0, MSG.listSkip)).optional(),
      page: z.preprocess(decimal, z.number({ error: MSG.listPage }).int(MSG.listPage).min(1, MSG.listPage)).optional(),
      limit: z
        .preprocess(
          decimal,
          z
            .number({ error: MSG.listLimit(maxLimit) })
            .int(MSG.listLimit(maxLimit))
            .min(1, MSG.listLimit(maxLimit))
            .max(maxLimit, MSG.listLimit(maxLimit)),
        )
        .optional(),
      search: z.string().trim().max(100).optional(),
      searchText: z.string().trim().max(100).optional(),
    })
    .transform((q) => {
      const limit = q.limit ?? DEFAULT_LIMIT;
      return {
        sort: q.sort ?? opts.defaultSort ?? sortable[0],
        sortType: q.sortType ?? opts.defaultSortType ?? "desc",
        limit,
        skip: q.skip ?? (q.page ? (q.page - 1) * limit : 0),
        search: (q.search ?? q.searchText) || undefined,
      };
    });
}
export type ListQuery<S extends string = string> = {
  sort: S;
  sortType: "asc" | "desc";
  limit: number;
  skip: number;
  search?: string;
};

/** How a list's size is told: counted exactly, PostgreSQL's estimate ("about"), or only what the page proves ("more than"). */
export interface ListTotal {
  count: number;
  kind: "exact" | "about" | "more than";
}

/**
 * ADR 0012: an estimate is never told below what the page proves exists: the rows before it and on it, and one more when
 * a next page exists. On the last page that is the exact count, for free; a lower estimate with a next page says "more than".
 */
export function provenTotal(page: {
  count: number;
  estimated: boolean;
  skip: number;
  shown: number;
  isNext: boolean;
}): ListTotal {
  if (!page.estimated) return { count: page.count, kind: "exact" };
  const seen = page.skip + page.shown;
  if (page.shown > 0 && !page.isNext) return { count: seen, kind: "exact" };
  if (page.isNext && page.count <= seen + 1) return { count: seen, kind: "more than" };
  return { count: page.count, kind: "about" };
}
