import type { LinksFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { listLoader } from "~/services/list.server";
import { AUDIT_ACCESS, AUDIT_FILTERS } from "~/lib/audit";
import { AuditList } from "~/components/audit/AuditList";
import { GeneralError } from "~/components/layout/GeneralError";
import tableCss from "~/styles/table.css?url";
import auditCss from "~/styles/audit.css?url";

// ADR 0071: the shop page's Audit tab: the shop's own entries, for admins, its owner and staff holding 'audit view'
export const handle = { roles: AUDIT_ACCESS.roles };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tableCss },
  { rel: "stylesheet", href: auditCss },
];

export const loader = listLoader({
  access: AUDIT_ACCESS,
  sort: { sort: "at" },
  filters: AUDIT_FILTERS,
  // the API keeps owners and staff to their own shop whatever is named; an admin names this one
  list: (api, query, { params }) => api.get("audit", { ...query, shopId: params.id }),
});

export default function ShopAudit() {
  return <AuditList data={useLoaderData<typeof loader>()} headingLevel={2} />;
}

export function ErrorBoundary() {
  return <GeneralError />;
}
