import { BULK_LIMIT, type BulkResult } from "./bulk";
import { MSG } from "./messages";
import { idField, z } from "./zod";

/**
 * A bulk call's body (ADR 0074): `{ ids }` (1 to BULK_LIMIT ids, repeats ignored) or `{ all: true, query }` (the list's
 * own query: its search and filters; paging and sort do not matter), plus the action's own `fields` (e.g. the status).
 */
export function bulkRequestSchema<Q extends z.ZodType, F extends z.ZodRawShape = Record<never, never>>(
  listQuery: Q,
  fields: F = {} as F,
) {
  return z
    .object({
      ...fields,
      ids: z
        .array(idField(MSG.notFound), { error: MSG.bulkNothingChosen })
        .min(1, MSG.bulkNothingChosen)
        .max(BULK_LIMIT, MSG.bulkTooMany(BULK_LIMIT))
        .transform((list) => [...new Set(list)])
        .optional(),
      all: z.literal(true, { error: MSG.bulkNothingChosen }).optional(),
      query: listQuery.optional(),
    })
    .superRefine((body, ctx) => {
      // one or the other: a selection, or the whole filtered list
      const { ids, all } = body as { ids?: string[]; all?: true };
      if (!ids === !all) ctx.addIssue({ code: "custom", path: ["ids"], message: MSG.bulkNothingChosen });
    });
}

const bulkRowSchema = z.object({ id: z.string(), name: z.string().nullable() });

/** A bulk call's answer: the rows it changed and the rows it left, each with the single action's refusal. */
export const bulkResultSchema: z.ZodType<BulkResult> = z.object({
  total: z.number().int(),
  succeeded: z.array(bulkRowSchema),
  failed: z.array(bulkRowSchema.extend({ message: z.string() })),
});
