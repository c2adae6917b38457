import type { LinksFunction } from "@remix-run/node";
import { useLoaderData, useParams } from "@remix-run/react";
import { auditListLoader } from "~/services/audit.server";
import { AUDIT_ACCESS } from "~/lib/audit";
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

export const loader = auditListLoader(true);

export default function ShopAudit() {
  const { id } = useParams();
  return (
    <AuditList
      data={useLoaderData<typeof loader>()}
      headingLevel={2}
      csv={`/app/shop/${encodeURIComponent(id ?? "")}/audit/export`}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
