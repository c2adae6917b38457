import type { LinksFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { campaignListLoader } from "~/services/campaigns.server";
import { CAMPAIGN_PAGE } from "~/lib/campaigns";
import { savedThenReturnHeaders } from "~/services/toast.server";
import { CampaignListPage } from "~/components/campaign/CampaignListPage";
import { GeneralError } from "~/components/layout/GeneralError";
import tableCss from "~/styles/table.css?url";

// spec 3 §2 Campaign list: the shop page's Campaigns tab (admins for any shop; the shop's owner and staff for theirs)
export const handle = { roles: CAMPAIGN_PAGE.roles };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: tableCss }];
export const headers = savedThenReturnHeaders;

export const loader = campaignListLoader(true);

export default function ShopCampaigns() {
  const data = useLoaderData<typeof loader>();
  return (
    <CampaignListPage
      data={data}
      headingLevel={2}
      csv={`/app/shop/${encodeURIComponent(data.shopId)}/campaigns/export`}
      addHref={`/app/add-campaign?shopId=${encodeURIComponent(data.shopId)}`}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
