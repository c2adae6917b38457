import { useLocation } from "@remix-run/react";
import { Link } from "~/components/remix";
import type { CSSProperties, ReactNode } from "react";
import { LIST_PARAMS, listHref, type ListParamNames } from "~/lib/url-state";

export interface SortState {
  sort: string;
  sortType: "asc" | "desc";
}

/**
 * A column header that sorts the list by `sortKey`: a link, so it works without JavaScript.
 * spec 1 §4: clicking the sorted column toggles asc and desc; another column starts ascending.
 */
export function SortHeader({
  label,
  sortKey,
  current,
  style,
  params = LIST_PARAMS,
}: {
  params?: ListParamNames;
  label: ReactNode;
  sortKey: string;
  current: SortState;
  style?: CSSProperties;
}) {
  const location = useLocation();
  const active = current.sort === sortKey;
  const next = active && current.sortType === "asc" ? "desc" : "asc";
  const ariaSort = active ? (current.sortType === "asc" ? "ascending" : "descending") : "none";
  return (
    // a plain th with Radix Themes' classes, as DataTable's cells
    <th className="rt-TableCell rt-TableColumnHeaderCell" scope="col" aria-sort={ariaSort} style={style}>
      <Link
        to={listHref(location, { [params.sort]: sortKey, [params.sortType]: next }, { page: params.page })}
        preventScrollReset
        className="sort-link"
        data-active={active || undefined}
      >
        {label}
        <span aria-hidden="true" className="sort-arrow">
          {active ? (current.sortType === "asc" ? "▲" : "▼") : "↕"}
        </span>
        <span className="visually-hidden">{`, sort ${next === "asc" ? "ascending" : "descending"}`}</span>
      </Link>
    </th>
  );
}
