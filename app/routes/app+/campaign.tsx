import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { campaignListLoader } from "~/services/campaigns.server";
import { CAMPAIGN_PAGE } from "~/lib/campaigns";
import { savedThenReturnHeaders } from "~/services/toast.server";
import { CampaignListPage } from "~/components/campaign/CampaignListPage";
import { GeneralError } from "~/components/layout/GeneralError";
import tableCss from "~/styles/table.css?url";

// spec 3 §2 Campaign list: the shop owner's (and staff with the campaign module) campaigns
export const handle = { ...CAMPAIGN_PAGE, title: "Campaigns" };
export const meta: MetaFunction = () => [{ title: "Campaigns" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: tableCss }];
export const headers = savedThenReturnHeaders;

export const loader = campaignListLoader(false);

export default function Campaigns() {
  const data = useLoaderData<typeof loader>();
  return <CampaignListPage data={data} addHref="/app/add-campaign" csv="/app/campaign/export" />;
}

export function ErrorBoundary() {
  return <GeneralError />;
}
