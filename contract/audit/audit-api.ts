import { isDay, toDay } from "../core/days";
import { listQuerySchema } from "../core/list";
import { MSG } from "../core/messages";
import { z } from "../core/zod";
import { AUDIT_SORTS } from "./audit";

// GET audit (ADR 0071): the audit log's list query and its entry, server side; pages use audit.ts.

const dayField = z.preprocess(
  (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : (toDay(v) ?? v)) : v),
  z.string().refine(isDay, MSG.orderDateInvalid).optional(),
);
const textFilter = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => v || undefined);

/** GET audit: sort (at, operation, recordType), paging, search, and the filters who, operation, recordType, recordId, dates. */
export const auditListQuerySchema = z
  .intersection(
    listQuerySchema(AUDIT_SORTS),
    z.object({
      /** a user's id, or part of their name or e-mail */
      who: textFilter,
      operation: textFilter,
      recordType: textFilter,
      recordId: textFilter,
      /** admins only: one shop's entries */
      shopId: textFilter,
      startDate: dayField,
      endDate: dayField,
    }),
  )
  .superRefine((q, ctx) => {
    if (q.startDate && q.endDate && q.startDate > q.endDate)
      ctx.addIssue({ code: "custom", path: ["endDate"], message: MSG.orderDateRange });
  });
export type AuditListQuery = z.output<typeof auditListQuerySchema>;

export const auditEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  role: z.string().nullable(),
  shopId: z.string().nullable(),
  operation: z.string(),
  recordType: z.string().nullable(),
  recordId: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.unknown().optional(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
