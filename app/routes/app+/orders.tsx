import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Button } from "@radix-ui/themes";
import { Badge, Flex } from "~/components/plain";
import { useLoaderData, useLocation } from "@remix-run/react";
import { ORDER_LINE_STATUSES, type OrderListRow } from "#contract/orders/order-views";
import { can, reachesEveryShop } from "#contract/access/rights";
import { listLoader } from "~/services/list.server";
import { ORDERS_ACCESS, ORDER_FILTERS, orderDetailHref } from "~/lib/orders";
import { formatDate, formatMoney } from "~/lib/format";
import type { Column } from "~/components/table/DataTable";
import { DateFilter, SelectFilter } from "~/components/table/FilterForm";
import { ListPage } from "~/components/table/ListPage";
import { PersonCell } from "~/components/table/PersonCell";
import { RowLink, actionsColumn } from "~/components/table/RowActions";
import { GeneralError } from "~/components/layout/GeneralError";
import tableCss from "~/styles/table.css?url";

// spec 2 §2 Order list: search, date range, status filter (All = none), sortable and paged, all in the URL; admins
// see a Shop(s) column and no status column, owners and staff an Order Status column (spec 2 §6)
export const handle = { ...ORDERS_ACCESS, title: "Orders" };
export const meta: MetaFunction = () => [{ title: "Orders" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: tableCss }];

const FILTERS = ["status", "startDate", "endDate"] as const;
const STATUS_OPTIONS = ORDER_LINE_STATUSES.map((status) => ({ value: status, label: status }));

export const loader = listLoader({
  access: ORDERS_ACCESS,
  filters: { status: "one", startDate: "one", endDate: "one", buyerId: "one", campaign: "one" },
  list: (api, query) => api.get("order/list", query),
  // the counter for orders collected in person (ADR 0029): owners, and staff holding 'scan qr'
  extra: async ({ door }) => ({
    isAdmin: reachesEveryShop(door.user),
    canScan: !reachesEveryShop(door.user) && can(door.user, "order:scan-qr"),
  }),
});

const customerName = (row: OrderListRow) => `${row.buyerId.fName} ${row.buyerId.lName}`.trim();

function columnsFor(isAdmin: boolean, list: string): Column<OrderListRow>[] {
  return [
    {
      key: "orderId",
      header: "Order ID",
      sort: "orderId",
      cell: (row) => <span className="nowrap">#{row.orderId}</span>,
    },
    {
      key: "customer",
      header: "Customer Name",
      cell: (row) => (
        <PersonCell person={row.buyerId}>
          <span className="rt-Text rt-r-size-1 rt-c-gray">{row.buyerId.email ?? ""}</span>
        </PersonCell>
      ),
    },
    { key: "createdAt", header: "Date of Order", sort: "createdAt", cell: (row) => formatDate(row.createdAt) },
    ...(isAdmin ? [{ key: "shops", header: "Shop(s)", cell: (row: OrderListRow) => row.shoplist.join(", ") }] : []),
    { key: "orderType", header: "Order Type", cell: (row) => (row.orderType === "offline" ? "Offline" : "Online") },
    {
      key: "total",
      header: "Total",
      sort: "total",
      align: "right",
      cell: (row) => <span className="nowrap">{formatMoney(row.total)}</span>,
    },
    ...(isAdmin
      ? []
      : [
          {
            key: "status",
            header: "Order Status",
            cell: (row: OrderListRow) => <Badge variant="soft">{row.status}</Badge>,
          },
        ]),
    actionsColumn((row) => (
      <RowLink
        label="View"
        name={`View order #${row.orderId} of ${customerName(row)}`}
        to={orderDetailHref(row._id, list)}
      />
    )),
  ];
}

/** Export PDF / CSV: plain links carrying the list's search and filters (no JavaScript needed). */
function ExportLinks() {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const href = (format: "pdf" | "csv") => {
    const query = new URLSearchParams({ format });
    for (const name of ["search", "sortType", ...ORDER_FILTERS]) {
      const value = params.get(name);
      if (value && !(name === "sortType" && (params.get("sort") ?? "createdAt") !== "createdAt"))
        query.set(name, value);
    }
    return `/app/orders/export?${query}`;
  };
  return (
    <Flex gap="2" mb="3" justify="end">
      <Button asChild variant="soft">
        <a href={href("pdf")} download>
          Export PDF
        </a>
      </Button>
      <Button asChild variant="soft" color="gray">
        <a href={href("csv")} download>
          Export CSV
        </a>
      </Button>
    </Flex>
  );
}

export default function Orders() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const list = `${location.pathname}${location.search}`;
  return (
    <ListPage
      title="Orders"
      add={data.canScan ? { label: "Scan QR", to: "/app/orders/scan" } : null}
      search={{ label: "Search orders", placeholder: "Order ID, name, e-mail or phone", debounceMs: 400 }}
      filters={{
        names: FILTERS,
        label: "Filter orders",
        text: "your search or filters",
        fields: (
          <>
            <DateFilter label="From" name="startDate" value={params.get("startDate") ?? ""} />
            <DateFilter label="To" name="endDate" value={params.get("endDate") ?? ""} />
            <SelectFilter
              label="Status"
              name="status"
              options={STATUS_OPTIONS}
              value={params.get("status") ?? ""}
              allLabel="All"
            />
          </>
        ),
      }}
      before={<ExportLinks />}
      noun="orders"
      columns={columnsFor(data.isAdmin, list)}
      data={data}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
