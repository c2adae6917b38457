// The order detail (spec 2 §2 Order detail, §3 Order, §4 line statuses and quick tags): its loader.
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { can } from "#contract/rights";
import { safeRedirect } from "~/lib/redirect";
import { apiFor, pageNotFound } from "./api.server";
import { ORDERS_DOOR } from "./orders.server";

/**
 * Where Back leads (spec 2 §2): the campaign's dashboard when the link says it came from one (`?campaign=<id>`),
 * else the list the user came from (`?back=`, our own console paths only), else the order list. With JavaScript the
 * page goes back one page instead, unless it came from a campaign.
 */
export function backHref(url: URL) {
  const campaign = url.searchParams.get("campaign");
  if (campaign && /^[\w-]{1,64}$/.test(campaign)) return { href: `/app/campaigns/${campaign}/dashboard`, campaign: true };
  return { href: safeRedirect(url.searchParams.get("back"), "/app/orders"), campaign: false };
}

export async function orderDetailLoader({ request, params }: LoaderFunctionArgs) {
  const { api, user } = await apiFor(request, ORDERS_DOOR);
  const id = params.id ?? "";
  // another shop's order answers 404 like one that does not exist: the page's 'Page not found'
  if (!/^[0-9a-f]{24}$/.test(id)) throw pageNotFound();
  const order = await api.get(`order/${id}`, { isWeb: "true" });
  if (order.httpStatus === 404) throw pageNotFound();
  const url = new URL(request.url);
  return json(
    {
      order: order.success ? order.data : null,
      error: order.success ? null : order.message,
      back: backHref(url),
      // spec 2 §6: staff need 'order status edit' to see the line and quick-tag controls; the API decides again
      canEdit: can(user, "order:status-edit"),
    },
    { headers: api.headers },
  );
}
