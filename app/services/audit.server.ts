import { listCsvLoader, listLoader, type ListUrlQuery } from "~/services/list.server";
import { AUDIT_ACCESS, AUDIT_FILTERS } from "~/lib/audit";

// ADR 0071: the audit log's page (/app/audit, admins, every shop) and the shop page's Audit tab (that shop's entries,
// for admins, its owner and staff holding 'audit view'), and the 'Export CSV' of each (ADR 0068): one query for both.

const ADMINS = { roles: ["admin"] } as const;
const SORT = { sort: "at" };

/** The list call's query: the tab names its shop (the API keeps owners and staff to their own whatever is named). */
const auditQuery = (query: ListUrlQuery, shopId: string | undefined) => (shopId ? { ...query, shopId } : query);

export const auditListLoader = (inShop: boolean) =>
  listLoader({
    access: inShop ? AUDIT_ACCESS : ADMINS,
    sort: SORT,
    filters: AUDIT_FILTERS,
    list: (api, query, { params }) => api.get("audit", auditQuery(query, inShop ? params.id : undefined)),
  });

export const auditCsvLoader = (inShop: boolean) =>
  listCsvLoader({
    access: inShop ? AUDIT_ACCESS : ADMINS,
    sort: SORT,
    filters: AUDIT_FILTERS,
    file: (api, query, { params }) => api.download("audit/export", auditQuery(query, inShop ? params.id : undefined)),
  });
