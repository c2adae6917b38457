import type { ActionFunctionArgs, LinksFunction, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { can, reachesEveryShop } from "#contract/access/rights";
import { apiFor } from "~/services/api.server";
import { bulkRows, listLoader } from "~/services/list.server";
import { ORDERS_ACCESS, ORDER_LIST_FILTERS } from "~/lib/orders";
import { ORDER_BULK, OrderList } from "~/components/order/OrderList";
import { GeneralError } from "~/components/layout/GeneralError";
import tableCss from "~/styles/table.css?url";
import orderCss from "~/styles/order.css?url";

// spec 2 §2 Order list: search, date range, status filter (All = none), sortable and paged, all in the URL; admins
// see a Shop(s) column and no status column, owners and staff an Order Status column (spec 2 §6)
export const handle = { ...ORDERS_ACCESS, title: "Orders" };
export const meta: MetaFunction = () => [{ title: "Orders" }];
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tableCss },
  // the bulk status confirmation's choices look as the order page's status dialog
  { rel: "stylesheet", href: orderCss },
];

export const loader = listLoader({
  access: ORDERS_ACCESS,
  filters: ORDER_LIST_FILTERS,
  list: (api, query) => api.get("order/list", query),
  // the counter for orders collected in person (ADR 0029): owners, and staff holding 'scan qr'
  extra: async ({ door }) => ({
    isAdmin: reachesEveryShop(door.user),
    canScan: !reachesEveryShop(door.user) && can(door.user, "order:scan-qr"),
    canEdit: can(door.user, "order:status-edit"),
  }),
});

/**
 * The bulk form (ADR 0074): one status for the chosen orders (or every order the filtered list holds), each order as
 * PUT order/status/{id} decides it; back to the list with a summary of what moved and what did not, and why.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { api } = await apiFor(request, ORDERS_ACCESS);
  return bulkRows(api, request, await request.formData(), {
    noun: "orders",
    filters: ORDER_LIST_FILTERS,
    actions: {
      [ORDER_BULK.status]: {
        call: (client, selection, form) =>
          client.post("order/bulk/status", { ...selection, shopStatus: String(form.get("shopStatus") ?? "") }),
        done: "Changed the status of",
      },
    },
  });
}

export default function Orders() {
  const data = useLoaderData<typeof loader>();
  return <OrderList {...data} />;
}

export function ErrorBoundary() {
  return <GeneralError />;
}
