import { useLocation } from "@remix-run/react";
import { Link } from "~/components/remix";
import type { ReactNode } from "react";
import { Flex, buttonProps } from "~/components/plain";
import { listHref, type ParamChanges } from "~/lib/url-state";
import type { Column } from "./DataTable";

/** The last column of a list: the row's buttons, right-aligned under a header only screen readers read. */
export function actionsColumn<Row>(cell: (row: Row) => ReactNode): Column<Row> {
  return {
    key: "actions",
    header: <span className="visually-hidden">Actions</span>,
    align: "right",
    // kept in view at the table's end when its other columns scroll sideways (table.css)
    className: "row-actions",
    // Radix's markup without its prop work (plain.tsx): it renders once per row (`npm run bench:ssr`)
    cell: (row) => (
      <Flex justify="end" gap="2">
        {cell(row)}
      </Flex>
    ),
  };
}

/**
 * A row's button: a page of its own (`to`) or a drawer or dialog over the same list (`open`, URL params), so it
 * works without JavaScript. `name` is what a screen reader hears ('View Alice Smith').
 */
export function RowLink({
  label,
  name,
  to,
  open,
  color,
  variant = "soft",
  resetPage,
}: {
  label: string;
  name: string;
  to?: string;
  open?: ParamChanges;
  color?: "gray" | "red";
  variant?: "soft" | "ghost";
  resetPage?: boolean;
}) {
  const location = useLocation();
  const href = to ?? listHref(location, open ?? {}, resetPage === undefined ? {} : { resetPage });
  // the DOM of Radix's <Button asChild size="1" variant={variant} color={color}>
  return (
    <Link to={href} preventScrollReset={!to} aria-label={name} {...buttonProps({ size: "1", variant, color })}>
      {label}
    </Link>
  );
}

/**
 * A list row's Delete: a link that opens the list's confirmation dialog through the URL (`?confirm=delete&id=`), so it
 * works without JavaScript. `close` names other overlay params to drop (an open drawer, an inline edit).
 */
export function DeleteRowLink({
  id,
  name,
  close = {},
  resetPage,
}: {
  id: string;
  name: string;
  close?: ParamChanges;
  resetPage?: boolean;
}) {
  return (
    <RowLink
      label="Delete"
      name={`Delete ${name}`}
      color="red"
      open={{ ...close, confirm: "delete", id }}
      resetPage={resetPage}
    />
  );
}
