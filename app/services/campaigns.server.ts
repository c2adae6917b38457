import { can } from "#contract/access/rights";
import { listCsvLoader, listLoader } from "~/services/list.server";
import { CAMPAIGN_PAGE } from "~/lib/campaigns";

/**
 * spec 3 §2 Campaign list: the owner's (and staff's) `/app/campaign`, or the shop page's Campaigns tab (`inShop`: the
 * route's shop, for admins). Default sort createdAt descending; search, sort, page and page size in the URL.
 */
export const campaignListLoader = (inShop: boolean) =>
  listLoader({
    access: CAMPAIGN_PAGE,
    list: (api, query, { params }) => api.get("campaign", inShop ? { ...query, shopId: params.id ?? "" } : query),
    extra: async ({ door, params }) => ({
      shopId: inShop ? (params.id ?? "") : (door.user.shopId ?? ""),
      canAdd: can(door.user, "campaign:add"),
      canEdit: can(door.user, "campaign:edit"),
    }),
  });

/** The campaign list's 'Export CSV' (ADR 0068): the owner's (and staff's) campaigns, as the list. */
export const campaignCsvLoader = (inShop: boolean) =>
  listCsvLoader({
    access: CAMPAIGN_PAGE,
    file: (api, query, { params }) =>
      api.download("campaign/export", inShop ? { ...query, shopId: params.id ?? "" } : query),
  });
