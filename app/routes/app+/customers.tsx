import type { ActionFunctionArgs, LinksFunction, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { ALL_BUYERS, isCustomerRow } from "#contract/customers/customer-list";
import type { CustomerRow } from "#contract/customers/customer-list-api";
import { can, reachesEveryShop } from "#contract/access/rights";
import { listLoader } from "~/services/list.server";
import { addCustomerStep } from "~/services/customer-add.server";
import { savedThenReturnHeaders } from "~/services/toast.server";
import { useHydrated } from "~/lib/hooks";
import { withParams } from "~/lib/url-state";
import { ListPage } from "~/components/table/ListPage";
import { ADD_CUSTOMER as ADD, AddCustomerModal, customerColumns } from "~/components/customer/CustomerList";
import { GeneralError } from "~/components/layout/GeneralError";
import tableCss from "~/styles/table.css?url";
import otpCss from "~/styles/otp.css?url";
import customersCss from "~/styles/customers.css?url";

// spec 2 §2 Customers list (ADR 0034): the shop's customers (admins: every customer) with search, sort and
// paging in the URL; the view button goes to /app/customer/{customerId}. 'Add New Customer' opens the add flow in a
// modal with JavaScript (`?add=customer`) and on its own page, /app/add-customer, without.
export const handle = {
  roles: ["admin", "shopOwner", "staff"] as const,
  module: "customer" as const,
  title: "Customers",
};
export const meta: MetaFunction = () => [{ title: "Customers" }];
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tableCss },
  { rel: "stylesheet", href: otpCss },
  { rel: "stylesheet", href: customersCss },
];
export const headers = savedThenReturnHeaders;

export const loader = listLoader({
  access: handle,
  list: async (api, query) => {
    const result = await api.get("user/list", { ...query, buyerId: ALL_BUYERS });
    return result.success
      ? { ...result, data: result.data.filter(isCustomerRow) }
      : { ...result, data: new Array<CustomerRow>() };
  },
  extra: async ({ door }) => ({
    isAdmin: reachesEveryShop(door.user),
    // admins have no shop to register a customer for; owners and staff with customer add do
    canAdd: !reachesEveryShop(door.user) && can(door.user, "customer:add"),
    // the customer page needs 'view' (ADR 0035): staff with 'add' alone get no View button leading to 'Page not found'
    canView: can(door.user, "customer:view"),
  }),
});

/** The add flow's steps, posted from the modal; back to this list (without the modal) once registered. */
export async function action({ request }: ActionFunctionArgs) {
  const url = new URL(request.url);
  return addCustomerStep(
    request,
    `${url.pathname}?${withParams(url.searchParams, { [ADD]: null }, { resetPage: false })}`.replace(/\?$/, ""),
  );
}

export default function Customers() {
  const data = useLoaderData<typeof loader>();
  const step = useActionData<typeof action>();
  const location = useLocation();
  const scripted = useHydrated();
  const params = new URLSearchParams(location.search);
  // without JavaScript the button goes to the flow's own page; with it, the modal over this list
  const add = data.canAdd
    ? scripted
      ? { label: "Add New Customer", open: { [ADD]: "customer" } }
      : { label: "Add New Customer", to: "/app/add-customer" }
    : null;
  return (
    <ListPage
      csv="/app/customers/export"
      title="Customers"
      add={add}
      search={{ label: "Search customers", placeholder: "Search name, e-mail or phone", debounceMs: 400 }}
      noun="customers"
      columns={customerColumns(data.isAdmin, data.canView)}
      data={data}
    >
      {data.canAdd && params.get(ADD) === "customer" ? <AddCustomerModal step={step} /> : null}
    </ListPage>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
