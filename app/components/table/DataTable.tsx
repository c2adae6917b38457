import { useLocation } from "@remix-run/react";
import type { CSSProperties, ReactNode } from "react";
import { LIST_PARAMS, readListState, type ListParamNames } from "~/lib/url-state";
import { SortHeader } from "./SortHeader";

export interface Column<Row> {
  /** unique within the table */
  key: string;
  header: ReactNode;
  /** the API's sort name when the column is sortable (it must have an index, ARCHITECTURE §3) */
  sort?: string;
  cell: (row: Row) => ReactNode;
  width?: CSSProperties["width"];
  align?: "left" | "center" | "right";
  /** a class on the column's header and cells */
  className?: string;
}

/**
 * The console's one table: server-rendered rows, sortable headers driven by the URL, and an empty state.
 * `defaultSort` is what the list uses when the URL names none (spec 1 §9: createdAt descending); `params` the names its
 * sort lives under in the URL (a second list on a page has its own).
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  defaultSort,
  empty,
  params = LIST_PARAMS,
}: {
  params?: ListParamNames;
  label: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  defaultSort: { sort: string; sortType?: "asc" | "desc" };
  empty: ReactNode;
}) {
  const location = useLocation();
  const { sort, sortType } = readListState(location.search, defaultSort, params);
  // Radix Themes' table markup and classes (its stylesheet styles it) as plain elements: Radix's components extract
  // their props on every cell, the largest part of rendering a list page (`npm run bench:ssr`). The frame is not
  // Radix's ScrollArea: that hides the browser's scrollbar and draws its own only once scripts run, so without
  // JavaScript a wide table was cut off. The frame itself scrolls sideways (table.css), with or without scripts.
  return (
    <div className="rt-TableRoot rt-r-size-2 rt-variant-surface data-table">
      <table className="rt-TableRootTable">
        <caption className="visually-hidden">{label}</caption>
        <thead className="rt-TableHeader">
          <tr className="rt-TableRow">
            {columns.map((column) => {
              const style = { width: column.width, textAlign: column.align };
              return column.sort ? (
                <SortHeader
                  key={column.key}
                  label={column.header}
                  sortKey={column.sort}
                  current={{ sort, sortType }}
                  params={params}
                  style={style}
                />
              ) : (
                <th
                  key={column.key}
                  className={`rt-TableCell rt-TableColumnHeaderCell${column.className ? ` ${column.className}` : ""}`}
                  scope="col"
                  style={style}
                >
                  {column.header}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="rt-TableBody">
          {rows.length ? (
            rows.map((row) => (
              <tr key={rowKey(row)} className="rt-TableRow rt-r-va-middle">
                {columns.map((column) => (
                  <td
                    key={column.key}
                    className={column.className ? `rt-TableCell ${column.className}` : "rt-TableCell"}
                    style={column.align ? { textAlign: column.align } : undefined}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          ) : (
            <tr className="rt-TableRow">
              <td colSpan={columns.length} className="rt-TableCell data-table-empty">
                {empty}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
