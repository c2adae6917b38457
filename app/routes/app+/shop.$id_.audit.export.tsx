import { auditCsvLoader } from "~/services/audit.server";

// The shop page's Audit tab's 'Export CSV' (ADR 0068): that shop's entries, with the tab's search, sort and filters.
export const loader = auditCsvLoader(true);
