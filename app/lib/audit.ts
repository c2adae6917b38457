import { AUDIT_RECORD_LABELS } from "#contract/audit/audit";
import { day, param, select, text } from "~/lib/list-filters";

/** Who opens the audit log (ADR 0071): admins (every shop), owners (their shop), staff holding 'audit view'. */
export const AUDIT_ACCESS = { roles: ["admin", "shopOwner", "staff"], staff: ["audit:view"] } as const;

/**
 * The audit list's filters: who (a name, an e-mail, or the user id a row's link sets), record type and dates with
 * controls; operation and record id set by a row's links.
 */
export const AUDIT_FILTERS = {
  who: text("Who", "Name or e-mail"),
  recordType: select("Record", {
    all: "All records",
    options: Object.entries(AUDIT_RECORD_LABELS).map(([value, label]) => ({ value, label })),
  }),
  startDate: day("From"),
  endDate: day("To"),
  operation: param(),
  recordId: param(),
};

/** A record's own history: the audit log filtered to it (admins' page, or the shop's Audit tab for its people). */
export const recordHistoryHref = (recordType: string, recordId: string, shopId?: string | null) =>
  `${shopId ? `/app/shop/${encodeURIComponent(shopId)}/audit` : "/app/audit"}?${new URLSearchParams({ recordType, recordId })}`;
