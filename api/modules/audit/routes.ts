import { auditListQuerySchema } from "#contract/audit/audit-api";
import { route } from "#api/platform/http/router";
import { listAudit } from "./service";

// ADR 0071: the audit log is read here and written only by mountRoutes; no call updates or deletes an entry.
export const auditRoutes = [
  route({
    method: "get",
    path: "/audit",
    summary:
      "The audit log, newest first: who (user id or name), operation (operationId), recordType, recordId, startDate, endDate (YYYY-MM-DD), search, sort (at, operation, recordType), sortType, page|skip, limit; admins see every shop (shopId narrows), owners their shop, staff their shop with audit:view; each entry with before and after (secrets removed)",
    policy: { roles: ["admin", "shopOwner", "staff"], staff: ["audit:view"] },
    query: auditListQuerySchema,
    handler: async ({ deps, actor, query }) => listAudit(deps, actor, query),
  }),
];
