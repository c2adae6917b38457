import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { auditListLoader } from "~/services/audit.server";
import { AuditList } from "~/components/audit/AuditList";
import { GeneralError } from "~/components/layout/GeneralError";
import tableCss from "~/styles/table.css?url";
import auditCss from "~/styles/audit.css?url";

// ADR 0071: the admins' audit log, every shop's entries; owners and staff read theirs in the shop page's Audit tab
export const handle = { roles: ["admin"] as const, title: "Audit log" };
export const meta: MetaFunction = () => [{ title: "Audit log" }];
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tableCss },
  { rel: "stylesheet", href: auditCss },
];

export const loader = auditListLoader(false);

export default function AuditLog() {
  return <AuditList data={useLoaderData<typeof loader>()} csv="/app/audit/export" />;
}

export function ErrorBoundary() {
  return <GeneralError />;
}
