import { Table } from "@radix-ui/themes";
import { useLocation } from "@remix-run/react";
import type { CSSProperties, ReactNode } from "react";
import { readListState } from "~/lib/url-state";
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
}

/**
 * The console's one table: server-rendered rows, sortable headers driven by the URL, and an empty state.
 * `defaultSort` is what the list uses when the URL names none (spec 1 §9: createdAt descending).
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  defaultSort,
  empty,
}: {
  label: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  defaultSort: { sort: string; sortType?: "asc" | "desc" };
  empty: ReactNode;
}) {
  const location = useLocation();
  const { sort, sortType } = readListState(location.search, defaultSort);
  return (
    <Table.Root variant="surface" className="data-table">
      <caption className="visually-hidden">{label}</caption>
      <Table.Header>
        <Table.Row>
          {columns.map((column) => {
            const style = { width: column.width, textAlign: column.align };
            return column.sort ? (
              <SortHeader key={column.key} label={column.header} sortKey={column.sort} current={{ sort, sortType }} style={style} />
            ) : (
              <Table.ColumnHeaderCell key={column.key} style={style}>
                {column.header}
              </Table.ColumnHeaderCell>
            );
          })}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.length ? (
          rows.map((row) => (
            <Table.Row key={rowKey(row)} align="center">
              {columns.map((column) => (
                <Table.Cell key={column.key} style={{ textAlign: column.align }}>
                  {column.cell(row)}
                </Table.Cell>
              ))}
            </Table.Row>
          ))
        ) : (
          <Table.Row>
            <Table.Cell colSpan={columns.length} className="data-table-empty">
              {empty}
            </Table.Cell>
          </Table.Row>
        )}
      </Table.Body>
    </Table.Root>
  );
}
