import { useRouteLoaderData } from "@remix-run/react";
import { can, ownShopOf, reachesEveryShop } from "#contract/access/rights";
import { Link } from "~/components/remix";
import { linkProps } from "~/components/plain";
import { AUDIT_ACCESS, recordHistoryHref } from "~/lib/audit";
import type { loader as shellLoader } from "~/routes/app+/_layout";

/**
 * A record page's link to its own history in the audit log (ADR 0071): admins to /app/audit, the shop's people to their
 * shop's Audit tab; shown only to those who may read the log.
 */
export function HistoryLink({ recordType, recordId }: { recordType: string; recordId: string }) {
  const user = useRouteLoaderData<typeof shellLoader>("routes/app+/_layout")?.user;
  if (!user || !can(user, AUDIT_ACCESS)) return null;
  const shopId = reachesEveryShop(user) ? null : ownShopOf(user);
  return (
    <Link to={recordHistoryHref(recordType, recordId, shopId)} {...linkProps({ size: "2" })}>
      History
    </Link>
  );
}
