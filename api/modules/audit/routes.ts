import { auditListQuerySchema } from "#contract/audit/audit-api";
import { auditChanges, AUDIT_RECORD_LABELS, type AuditEntry } from "#contract/audit/audit";
import { route } from "#api/platform/http/router";
import { csvDay, csvExport, csvTime } from "#api/platform/http/csv-export";
import { listAudit } from "./service";

/** The fields an entry changed, with their values on one side (before or after), as one JSON object. */
const changedSide = (e: AuditEntry, side: "before" | "after") => {
  const changes = auditChanges(e);
  return changes.length ? JSON.stringify(Object.fromEntries(changes.map((c) => [c.field, c[side] ?? null]))) : "";
};

const auditList = route({
  method: "get",
  path: "/audit",
  summary:
    "The audit log, newest first: who (a user's id, or part of their name or e-mail), operation (operationId), recordType, recordId, startDate, endDate (YYYY-MM-DD), search, sort (at, operation, recordType), sortType, page|skip, limit; admins see every shop (shopId narrows), owners their shop, staff their shop with audit:view; each entry with before and after (secrets removed)",
  policy: { roles: ["admin", "shopOwner", "staff"], staff: ["audit:view"] },
  query: auditListQuerySchema,
  handler: async ({ deps, actor, query }) => listAudit(deps, actor, query),
});

// ADR 0071: the audit log is read here and written only by mountRoutes; no call updates or deletes an entry.
export const auditRoutes = [
  auditList,
  // ADR 0068: the list's rows, filters, sort and shop scope, as CSV; the changed fields only, before and after
  csvExport<AuditEntry>(auditList, {
    summary: "The audit log",
    filename: "audit-log",
    columns: [
      { header: "Entry ID", cell: (e) => e._id },
      { header: "Date", cell: (e) => csvDay(e.at) },
      { header: "Time", cell: (e) => csvTime(e.at) },
      { header: "Who", cell: (e) => e.userName },
      { header: "User ID", cell: (e) => e.userId },
      { header: "Role", cell: (e) => e.role },
      { header: "Shop ID", cell: (e) => e.shopId },
      { header: "Operation", cell: (e) => e.operation },
      { header: "Record", cell: (e) => (e.recordType ? (AUDIT_RECORD_LABELS[e.recordType] ?? e.recordType) : "") },
      { header: "Record ID", cell: (e) => e.recordId },
      {
        header: "Changed fields",
        cell: (e) =>
          auditChanges(e)
            .map((c) => c.field)
            .join(" "),
      },
      { header: "Before", cell: (e) => changedSide(e, "before") },
      { header: "After", cell: (e) => changedSide(e, "after") },
      { header: "From", cell: (e) => e.ip },
      { header: "User agent", cell: (e) => e.userAgent },
    ],
  }),
];
