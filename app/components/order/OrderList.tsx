import { Button } from "@radix-ui/themes";
import { Badge, Flex } from "~/components/plain";
import { useLocation } from "@remix-run/react";
import { LINE_STATUSES, QUICK_TAGS } from "#contract/orders/orders";
import type { OrderListRow } from "#contract/orders/order-views";
import { ORDER_FILTERS, ORDER_LIST_FILTERS, orderDetailHref } from "~/lib/orders";
import { formatDate, formatMoney } from "~/lib/format";
import type { Column } from "~/components/table/DataTable";
import { ListPage, type ListData } from "~/components/table/ListPage";
import { PersonCell } from "~/components/table/PersonCell";
import { RowLink, actionsColumn } from "~/components/table/RowActions";
import type { BulkAction } from "~/components/table/BulkActions";

/** The order list's bulk action, by the name its button posts (ADR 0074). */
export const ORDER_BULK = { status: "status" } as const;

export interface OrderListProps extends ListData<OrderListRow> {
  /** admins see a Shop(s) column and no status column, owners and staff an Order Status column (spec 2 §6) */
  isAdmin: boolean;
  /** the counter for orders collected in person (ADR 0029) */
  canScan: boolean;
  /** 'order status edit' (spec 2 §6): the bulk status change */
  canEdit: boolean;
}

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

/**
 * The statuses a whole order takes at once: the status dialog's Found and On Hold on each of the caller's lines, or a
 * quick tag on each shop's lines (spec 2 §4). Refunded is left to the order's page: a refund needs its reason.
 */
function OrderStatusChoices() {
  const group = (legend: string, statuses: readonly string[]) => (
    <fieldset className="status-choices">
      <legend>{legend}</legend>
      {statuses.map((status) => (
        <label key={status}>
          <input type="radio" name="shopStatus" value={status} required />
          {status}
        </label>
      ))}
    </fieldset>
  );
  return (
    <>
      {group(
        "Each line",
        LINE_STATUSES.filter((status) => status !== "Refunded"),
      )}
      {group("Quick tag", QUICK_TAGS)}
    </>
  );
}

const bulkActions: BulkAction[] = [
  {
    name: ORDER_BULK.status,
    label: "Change status",
    confirm: (rows) => `Change the status of ${rows}?`,
    confirmLabel: "Change status",
    note: "Your lines of each order move as the order's page would move them; an order that cannot move keeps its lines as they are.",
    fields: <OrderStatusChoices />,
  },
];

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

/** The order list (spec 2 §2): search, date range, status filter, export links, sortable and paged, all in the URL. */
export function OrderList({ isAdmin, canScan, canEdit, ...data }: OrderListProps) {
  const location = useLocation();
  const list = `${location.pathname}${location.search}`;
  return (
    <ListPage
      title="Orders"
      add={canScan ? { label: "Scan QR", to: "/app/orders/scan" } : null}
      search={{ label: "Search orders", placeholder: "Order ID, name, e-mail or phone", debounceMs: 400 }}
      filters={{ of: ORDER_LIST_FILTERS, label: "Filter orders" }}
      before={<ExportLinks />}
      noun="orders"
      columns={columnsFor(isAdmin, list)}
      data={data}
      bulk={canEdit ? { actions: bulkActions, rowName: (row) => `order #${row.orderId}` } : undefined}
    />
  );
}
