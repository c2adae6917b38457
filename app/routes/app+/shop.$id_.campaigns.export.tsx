import { campaignCsvLoader } from "~/services/campaigns.server";

// The shop page's Campaigns tab's 'Export CSV' (ADR 0068): that shop's campaigns, with the tab's search and sort.
export const loader = campaignCsvLoader(true);
