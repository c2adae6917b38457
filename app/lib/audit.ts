import { AUDIT_RECORD_LABELS } from "#contract/audit/audit";
import { day, param, select } from "~/lib/list-filters";

/** Who opens the audit log (ADR 0071): admins (every shop), owners (their shop), staff holding 'audit view'. */
export const AUDIT_ACCESS = { roles: ["admin", "shopOwner", "staff"], staff: ["audit:view"] } as const;

/** The audit list's filters: record type and dates with controls; who, operation and record id set by a row's links. */
export const AUDIT_FILTERS = {
  recordType: select("Record", {
    all: "All records",
    options: Object.entries(AUDIT_RECORD_LABELS).map(([value, label]) => ({ value, label })),
  }),
  startDate: day("From"),
  endDate: day("To"),
  who: param(),
  operation: param(),
  recordId: param(),
};

/** A record's own history: the audit log filtered to it (admins' page, or the shop's Audit tab for its people). */
export const recordHistoryHref = (recordType: string, recordId: string, shopId?: string | null) =>
  `${shopId ? `/app/shop/${encodeURIComponent(shopId)}/audit` : "/app/audit"}?${new URLSearchParams({ recordType, recordId })}`;
