import { campaignCsvLoader } from "~/services/campaigns.server";

// The campaign list's 'Export CSV' (ADR 0068): a plain GET carrying the list's search and sort.
export const loader = campaignCsvLoader(false);
