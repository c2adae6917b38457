import { Callout } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { DataTable, type Column } from "./DataTable";
import { ListEmpty, ListError } from "./ListStates";
import { Pagination } from "./Pagination";
import type { ListParamNames } from "~/lib/url-state";

/**
 * A list page's body: the sortable table with its empty state and the paging under it, or, when the API refused the
 * list (`page` null), its message and the way back to the plain list. All of its state is in the URL.
 */
export function ListView<Row>({
  label,
  noun,
  columns,
  rows,
  rowKey,
  defaultSort,
  page,
  error,
  empty,
  notice,
  params,
  wrapTable,
}: {
  /** the names its state lives under in the URL, when another list shares the page */
  params?: ListParamNames;
  label: string;
  noun: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  defaultSort: { sort: string; sortType?: "asc" | "desc" };
  page: { count: number; countEstimated?: boolean; isNext: boolean } | null;
  error: string | null;
  /** what the empty state offers to clear: the search and filter params, and how to name them */
  empty: { filtered: boolean; clear: readonly string[]; filteredText?: string };
  /** a refusal about one row (e.g. the row a delete confirmation names is gone), shown above the table */
  notice?: string | null;
  /** what the table goes in (a list's bulk form, ADR 0074); the paging stays outside, with its own form */
  wrapTable?: (table: ReactNode) => ReactNode;
}) {
  const alert = notice ? (
    <Callout.Root color="red" mb="3" role="alert">
      <Callout.Text>{notice}</Callout.Text>
    </Callout.Root>
  ) : null;
  if (!page)
    return (
      <>
        {alert}
        <ListError message={error} />
      </>
    );
  const table = (
    <DataTable
      label={label}
      columns={columns}
      rows={rows}
      rowKey={rowKey}
      defaultSort={defaultSort}
      params={params}
      empty={
        <ListEmpty
          noun={noun}
          filtered={empty.filtered}
          count={page.count}
          clear={empty.clear}
          filteredText={empty.filteredText}
        />
      }
    />
  );
  return (
    <>
      {alert}
      {wrapTable ? wrapTable(table) : table}
      <Pagination
        count={page.count}
        countEstimated={page.countEstimated}
        isNext={page.isNext}
        shown={rows.length}
        noun={noun}
        params={params}
      />
    </>
  );
}
