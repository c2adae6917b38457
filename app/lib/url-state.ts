/**
 * A list's state lives in its URL (ARCHITECTURE §7): page, limit, sort, sortType, search, filters, and the
 * open drawer or dialog. These helpers build the URL of the same list with some params changed.
 */

export type ParamValue = string | number | readonly (string | number)[] | null | undefined;
export type ParamChanges = Record<string, ParamValue>;
type Place = { pathname: string; search: string };

/**
 * Params that open something over the list; changing them keeps the page the user is on. `bulk` with `ids` (comma
 * separated) or `all` is a bulk action's confirmation (ADR 0074).
 */
export const OVERLAY_PARAMS = ["drawer", "confirm", "id", "bulk", "ids", "all"] as const;

export const DEFAULT_PAGE_SIZE = 10;

/** The names a list keeps its page, page size and sort under in the URL. */
export interface ListParamNames {
  page: string;
  limit: string;
  sort: string;
  sortType: string;
}
export const LIST_PARAMS: ListParamNames = { page: "page", limit: "limit", sort: "sort", sortType: "sortType" };
/** A second list on a page keeps its state under its own names (e.g. sPage, sLimit, sSort, sSortType for "s"). */
export const prefixedListParams = (prefix: string): ListParamNames => ({
  page: `${prefix}Page`,
  limit: `${prefix}Limit`,
  sort: `${prefix}Sort`,
  sortType: `${prefix}SortType`,
});
/** spec 1 §9, spec 2 §9: a list shows the newest first unless its URL names another sort. */
export const LIST_DEFAULT_SORT = { sort: "createdAt", sortType: "desc" } as const;

/**
 * The params with `changes` applied: null, undefined, "" and [] remove a key, a list repeats it.
 * spec 1 §4: changing page size, search, a filter (or the sort) goes back to page 1, so any change
 * other than the page or an overlay drops `page` unless `resetPage` says otherwise. `page` names the page param of a
 * list that keeps its state under other names (prefixedListParams).
 */
export function withParams(
  current: string | URLSearchParams,
  changes: ParamChanges,
  opts: { resetPage?: boolean; page?: string } = {},
) {
  const params = new URLSearchParams(current);
  const pageKey = opts.page ?? "page";
  const keepsPage = (key: string) => key === pageKey || OVERLAY_PARAMS.some((param) => param === key);
  const resetPage = opts.resetPage ?? Object.keys(changes).some((key) => !keepsPage(key));
  if (resetPage) params.delete(pageKey);
  for (const [key, value] of Object.entries(changes)) {
    const values = (Array.isArray(value) ? value : value === null || value === undefined ? [] : [value])
      .map(String)
      .filter((v) => v !== "");
    // one value keeps the key where it was, so links differ only in what they change
    if (values.length === 1) params.set(key, values[0]);
    else {
      params.delete(key);
      for (const v of values) params.append(key, v);
    }
  }
  // page 1 is the default: leave it out so there is one URL per list state
  if (params.get(pageKey) === "1") params.delete(pageKey);
  return params;
}

/** The href of the same page with `changes` applied to its query string. */
export function listHref(place: Place, changes: ParamChanges, opts: { resetPage?: boolean; page?: string } = {}) {
  const qs = withParams(place.search, changes, opts).toString();
  return qs ? `${place.pathname}?${qs}` : place.pathname;
}

/** The list without its drawer or dialog: what a close or cancel link points to. */
export const closeOverlayHref = (place: Place) =>
  listHref(place, Object.fromEntries(OVERLAY_PARAMS.map((key) => [key, null])));

export interface ListState {
  page: number;
  limit: number;
  sort: string;
  sortType: "asc" | "desc";
  search: string;
}

/** The list state the URL describes, with spec 1 §9's defaults (page 1, 10 per page, createdAt descending). */
export function readListState(
  current: string | URLSearchParams,
  defaults: { sort: string; sortType?: "asc" | "desc"; limit?: number },
  names: ListParamNames = LIST_PARAMS,
): ListState {
  const params = new URLSearchParams(current);
  const positive = (value: string | null) => {
    const n = Number(value);
    return Number.isInteger(n) && n > 0 ? n : null;
  };
  const sortType = params.get(names.sortType);
  return {
    page: positive(params.get(names.page)) ?? 1,
    limit: positive(params.get(names.limit)) ?? defaults.limit ?? DEFAULT_PAGE_SIZE,
    sort: params.get(names.sort) || defaults.sort,
    sortType: sortType === "asc" || sortType === "desc" ? sortType : (defaults.sortType ?? "desc"),
    search: params.get("search") ?? "",
  };
}
