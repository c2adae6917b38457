import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { can, reachesEveryShop } from "#contract/access/rights";
import { listLoader } from "~/services/list.server";
import { ORDERS_ACCESS, ORDER_LIST_FILTERS } from "~/lib/orders";
import { OrderList } from "~/components/order/OrderList";
import { GeneralError } from "~/components/layout/GeneralError";
import tableCss from "~/styles/table.css?url";

// spec 2 §2 Order list: search, date range, status filter (All = none), sortable and paged, all in the URL; admins
// see a Shop(s) column and no status column, owners and staff an Order Status column (spec 2 §6)
export const handle = { ...ORDERS_ACCESS, title: "Orders" };
export const meta: MetaFunction = () => [{ title: "Orders" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: tableCss }];

export const loader = listLoader({
  access: ORDERS_ACCESS,
  filters: ORDER_LIST_FILTERS,
  list: (api, query) => api.get("order/list", query),
  // the counter for orders collected in person (ADR 0029): owners, and staff holding 'scan qr'
  extra: async ({ door }) => ({
    isAdmin: reachesEveryShop(door.user),
    canScan: !reachesEveryShop(door.user) && can(door.user, "order:scan-qr"),
  }),
});

export default function Orders() {
  const data = useLoaderData<typeof loader>();
  return <OrderList {...data} />;
}

export function ErrorBoundary() {
  return <GeneralError />;
}
