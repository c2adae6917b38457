import { useLocation } from "@remix-run/react";
import { lazy, memo } from "react";
import type { CustomerRow } from "#contract/customers/customer-list-api";
import type { AddFlowStep } from "~/services/customer-add.server";
import { formatDate, formatMoney } from "~/lib/format";
import { listHref } from "~/lib/url-state";
import type { Column } from "~/components/table/DataTable";
import { PersonCell } from "~/components/table/PersonCell";
import { RowLink, actionsColumn } from "~/components/table/RowActions";
import { IslandDialog } from "~/components/layout/IslandDialog";

/** The add flow: a lazy island, loaded when the modal opens (the list itself ships without it). */
const AddCustomerFlow = lazy(() => import("./AddCustomerFlow"));

/** The URL param that opens the add flow's modal over the list. */
export const ADD_CUSTOMER = "add";

const fullName = (row: Pick<CustomerRow, "fName" | "lName">) => `${row.fName} ${row.lName}`.trim();
const phone = (row: Pick<CustomerRow, "countryCode" | "mobile">) =>
  row.mobile ? `${row.countryCode ?? ""} ${row.mobile}`.trim() : "";

export function customerColumns(isAdmin: boolean, canView: boolean): Column<CustomerRow>[] {
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

/**
 * The add flow in a modal over the list: opened and closed by the URL, its steps posted to this page. Memoised: the
 * server renders the flow whole, and a re-render of the list reaching its lazy island before the island's script has
 * loaded would make React swap the server's form (and what was typed into it) for the loading fallback.
 */
export const AddCustomerModal = memo(function AddCustomerModal({ step }: { step: AddFlowStep | undefined }) {
  const location = useLocation();
  const closeHref = listHref(location, { [ADD_CUSTOMER]: null }, { resetPage: false });
  const here = `${location.pathname}${location.search}`;
  return (
    <IslandDialog
      title="Add New Customer"
      closeHref={closeHref}
      className="confirm-dialog customer-flow-dialog"
      testId="add-customer-modal"
    >
      <AddCustomerFlow step={step} action={here} restartHref={here} closeHref={closeHref} />
    </IslandDialog>
  );
});
