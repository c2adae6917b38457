import type { ActionFunctionArgs, LinksFunction, MetaFunction } from "@remix-run/node";
import { Heading } from "@radix-ui/themes";
import { Text } from "~/components/plain";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Suspense, lazy, memo, useId } from "react";
import { ALL_BUYERS, isCustomerRow } from "#contract/customers/customer-list";
import type { CustomerRow } from "#contract/customers/customer-list-api";
import { can, reachesEveryShop } from "#contract/access/rights";
import { listLoader } from "~/services/list.server";
import { addCustomerStep, type AddFlowStep } from "~/services/customer-add.server";
import { savedThenReturnHeaders } from "~/services/toast.server";
import { formatDate, formatMoney } from "~/lib/format";
import { useHydrated } from "~/lib/hooks";
import { listHref, withParams } from "~/lib/url-state";
import type { Column } from "~/components/table/DataTable";
import { ListPage } from "~/components/table/ListPage";
import { PersonCell } from "~/components/table/PersonCell";
import { RowLink, actionsColumn } from "~/components/table/RowActions";
import { Overlay } from "~/components/layout/Overlay";
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

/** The add flow: a lazy island, loaded when the modal opens (the list itself ships without it). */
const AddCustomerFlow = lazy(() => import("~/components/customer/AddCustomerFlow"));

/** The URL param that opens the add flow's modal over the list. */
const ADD = "add";

export const loader = listLoader({
  access: handle,
  list: async (api, query) => {
    const result = await api.get("user/list", { ...query, buyerId: ALL_BUYERS });
    return result.success
      ? { ...result, data: result.data.filter(isCustomerRow) }
      : { ...result, data: [] as CustomerRow[] };
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

const fullName = (row: Pick<CustomerRow, "fName" | "lName">) => `${row.fName} ${row.lName}`.trim();
const phone = (row: Pick<CustomerRow, "countryCode" | "mobile">) =>
  row.mobile ? `${row.countryCode ?? ""} ${row.mobile}`.trim() : "";

function columnsFor(isAdmin: boolean, canView: boolean): Column<CustomerRow>[] {
  const scope = isAdmin ? " (all shops)" : "";
  const columns: Column<CustomerRow>[] = [
    { key: "name", header: "Name", sort: "fName", cell: (row) => <PersonCell person={row} /> },
    { key: "phone", header: "Phone", cell: (row) => <span className="nowrap">{phone(row)}</span> },
    { key: "email", header: "E-mail", sort: "email", cell: (row) => row.email ?? "" },
    { key: "orderCount", header: `Orders${scope}`, sort: "orderCount", align: "right", cell: (row) => row.orderCount },
    {
      key: "spent",
      header: `Amount Spent${scope}`,
      sort: "spent",
      align: "right",
      cell: (row) => <span className="nowrap">{formatMoney(row.spent)}</span>,
    },
    {
      key: "lastOrderAt",
      header: `Last Order${scope}`,
      sort: "lastOrderAt",
      cell: (row) => (row.lastOrderAt ? formatDate(row.lastOrderAt) : "-"),
    },
  ];
  return canView
    ? [
        ...columns,
        actionsColumn((row) => <RowLink label="View" name={`View ${fullName(row)}`} to={`/app/customer/${row._id}`} />),
      ]
    : columns;
}

export default function Customers() {
  const data = useLoaderData<typeof loader>();
  const step = useActionData<AddFlowStep>();
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
      title="Customers"
      add={add}
      search={{ label: "Search customers", placeholder: "Search name, e-mail or phone", debounceMs: 400 }}
      noun="customers"
      columns={columnsFor(data.isAdmin, data.canView)}
      data={data}
    >
      {data.canAdd && params.get(ADD) === "customer" ? <AddCustomerModal step={step} /> : null}
    </ListPage>
  );
}

/**
 * The add flow in a modal over the list: opened and closed by the URL, its steps posted to this page. Memoised: the
 * server renders the flow whole, and a re-render of the list reaching its lazy island before the island's script has
 * loaded would make React swap the server's form (and what was typed into it) for the loading fallback.
 */
const AddCustomerModal = memo(function AddCustomerModal({ step }: { step: AddFlowStep | undefined }) {
  const location = useLocation();
  const titleId = useId();
  const closeHref = listHref(location, { [ADD]: null }, { resetPage: false });
  const here = `${location.pathname}${location.search}`;
  return (
    <Overlay
      layer="dialog"
      closeHref={closeHref}
      labelledBy={titleId}
      className="confirm-dialog customer-flow-dialog"
      testId="add-customer-modal"
    >
      <Heading as="h2" size="4" id={titleId} mb="3">
        Add New Customer
      </Heading>
      <Suspense
        fallback={
          <Text as="p" size="2" color="gray">
            Loading…
          </Text>
        }
      >
        <AddCustomerFlow step={step} action={here} restartHref={here} closeHref={closeHref} />
      </Suspense>
    </Overlay>
  );
});

export function ErrorBoundary() {
  return <GeneralError />;
}
