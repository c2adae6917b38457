import { z } from "../core/zod";
import { MSG } from "../core/messages";
import { SEARCH_KINDS, SEARCH_MAX, type SearchResult } from "./search";

// GET search (the console's one search box, ADR 0069). Server only: pages import the types from search.ts.

/** ?q=: the term, trimmed; empty or longer than the lists' search is refused. */
export const searchQuerySchema = z.object({
  q: z
    .string({ error: MSG.searchRequired })
    .trim()
    .min(1, MSG.searchRequired)
    .max(SEARCH_MAX, MSG.searchTooLong(SEARCH_MAX)),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

const searchHitSchema = z.object({
  _id: z.string(),
  title: z.string(),
  detail: z.string().nullable(),
  shopId: z.string().nullable(),
});

export const searchResultSchema = z.object({
  q: z.string(),
  groups: z.array(z.object({ kind: z.enum(SEARCH_KINDS), hits: z.array(searchHitSchema), more: z.boolean() })),
}) satisfies z.ZodType<SearchResult>;
