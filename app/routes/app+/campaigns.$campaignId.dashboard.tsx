import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { can, reachesEveryShop } from "#contract/access/rights";
import {
  CAMPAIGN_ORDERS_LIMIT,
  CAMPAIGN_PAYOUT_LIST_LIMIT,
  CAMPAIGN_REVENUE_TYPES,
} from "#contract/campaigns/campaigns";
import { isPayoutDetailRow, isTransaction } from "#contract/campaigns/payouts-api";
import { apiFor, pageNotFound } from "~/services/api.server";
import { CAMPAIGN_PAGE, campaignListHref } from "~/lib/campaigns";
import { ORDERS_ACCESS } from "~/lib/orders";
import { RevenueDashboard } from "~/components/campaign/RevenueDashboard";
import { GeneralError } from "~/components/layout/GeneralError";
import dashboardCss from "~/styles/dashboard.css?url";

// spec 3 §2 Revenue dashboard: {app}/campaigns/{campaignId}/dashboard, open to admins, the campaign's owner and staff
// with campaign 'view'; another shop's campaign (or none) is 'Page not found'. Every figure is the API's (ADR 0060).
export const handle = { ...CAMPAIGN_PAGE, title: "Revenue Dashboard" };
export const meta: MetaFunction = () => [{ title: "Revenue Dashboard" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: dashboardCss }];

const ID = /^[0-9a-f]{24}$/;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, user } = await apiFor(request, CAMPAIGN_PAGE);
  if (!can(user, "campaign:view")) throw pageNotFound();
  const id = params.campaignId ?? "";
  if (!ID.test(id)) throw pageNotFound();
  const campaign = await api.get(`campaign/${id}`);
  if (campaign.httpStatus === 404) throw pageNotFound();
  if (!campaign.success) throw json({ message: campaign.message }, { status: campaign.httpStatus });

  const url = new URL(request.url);
  const askedType = url.searchParams.get("type");
  const type = CAMPAIGN_REVENUE_TYPES.find((t) => t === askedType) ?? "total";
  const range = { start: url.searchParams.get("start") ?? "", end: url.searchParams.get("end") ?? "" };
  const payout = url.searchParams.get("payout");
  const opened = payout && ID.test(payout) ? payout : null;
  // Recent Orders need the order module too (staff with campaign 'view' alone do not read orders)
  const readsOrders = can(user, ORDERS_ACCESS);

  const [revenue, streams, top, categories, orders, payouts, detail, transactions] = await Promise.all([
    api.get(`campaign/stats/${id}`, { ...range, type }),
    api.get(`campaign/stats/streams/${id}`),
    api.get(`campaign/stats/top-products-streams/${id}`),
    api.get(`campaign/stats/subcategory-wise-sales/${id}`),
    readsOrders ? api.get("order/list", { campaign: id, limit: CAMPAIGN_ORDERS_LIMIT }) : Promise.resolve(null),
    api.get("campaign/payment-outline", { campaignId: id, limit: CAMPAIGN_PAYOUT_LIST_LIMIT }),
    // the payout drawer (URL state `?payout={influencerId}`): its detail rows and transactions, fetched once it opens
    opened
      ? api.get("campaign/payment", { campaignId: id, influencerId: opened, isPayment: "false" })
      : Promise.resolve(null),
    opened
      ? api.get("campaign/payment", { campaignId: id, influencerId: opened, isPayment: "true" })
      : Promise.resolve(null),
  ]);
  // spec 3 §8: dashboard loading failures are only logged; empty data shows an empty placeholder
  const data = <T,>(r: { success: boolean; message: string; data: T }, empty: T): T => {
    if (!r.success) console.error(`revenue dashboard: ${r.message}`);
    return r.success ? r.data : empty;
  };
  return json(
    {
      campaign: campaign.data,
      back: campaignListHref(reachesEveryShop(user), campaign.data.shopId),
      type,
      rangeError: revenue.success ? null : revenue.message,
      revenue: revenue.success ? revenue.data : null,
      streams: data(streams, null),
      top: data(top, { topProductStream: [], topStreamData: [] }),
      categories: data(categories, { subcategoryBySale: [] }).subcategoryBySale,
      orders: orders ? data(orders, []) : null,
      payouts: data(payouts, []),
      drawer: opened
        ? {
            influencerId: opened,
            detail: detail ? data(detail, []).filter(isPayoutDetailRow) : [],
            transactions: transactions ? data(transactions, []).filter(isTransaction) : [],
          }
        : null,
    },
    { headers: api.headers },
  );
}

export default function CampaignDashboard() {
  return <RevenueDashboard {...useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralError />;
}
