import { auditCsvLoader } from "~/services/audit.server";

// The audit log's 'Export CSV' (ADR 0068): every shop's entries, with the list's search, sort and filters.
export const loader = auditCsvLoader(false);
