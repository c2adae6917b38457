import { Box, Flex, Heading, Text, buttonProps } from "~/components/plain";
import { useLocation } from "@remix-run/react";
import { Link } from "~/components/remix";
import type { ReactNode } from "react";
import { LIST_DEFAULT_SORT, closeOverlayHref, listHref, type ParamChanges } from "~/lib/url-state";
import { ConfirmDialog } from "~/components/layout/ConfirmDialog";
import type { Column } from "./DataTable";
import { DeclaredFilterForm } from "./FilterForm";
import { shownFilterNames, type FilterChoices, type FilterSet } from "~/lib/list-filters";
import { Drawer, type DrawerWidth } from "~/components/layout/Drawer";
import { ListView } from "./ListView";
import { SearchBox } from "./SearchBox";
import { BulkConfirm, BulkForm, selectColumn, useBulkSelection, type BulkOptions } from "./BulkActions";

/** What a list loader answers (listLoader in list.server.ts), as the page reads it. */
export interface ListData<Row> {
  list: { rows: Row[]; count: number; countEstimated: boolean; isNext: boolean } | null;
  listError: string | null;
  targetError?: string | null;
}

/** A row's `_id`, the React key of a list's rows unless the page names another. */
const idOf = (row: unknown) => (typeof row === "object" && row !== null && "_id" in row ? String(row._id) : "");

/** A page's primary action: a page of its own (`to`) or a drawer over the list (`open`, URL params). */
export type PrimaryAction = { label: string; to: string } | { label: string; open: ParamChanges };

/**
 * A list page: title and primary action, search and filters, the sortable table with its empty state and paging, and
 * the delete confirmation. A page gives its columns and filters; every piece of state is in the URL, so it all works
 * without JavaScript. Drawers and other dialogs of the page go in `children`.
 */
export function ListPage<Row>({
  title,
  headingLevel = 1,
  subtitle,
  add,
  search,
  filters,
  label = title,
  noun,
  columns,
  rowKey = idOf,
  sort = LIST_DEFAULT_SORT,
  data,
  remove,
  drawer,
  before,
  csv,
  bulk,
  children,
}: {
  title: string;
  /** h1 on its own page, h2 in a tab of the shop page */
  headingLevel?: 1 | 2;
  subtitle?: ReactNode;
  add?: PrimaryAction | null;
  search: { label: string; placeholder: string; debounceMs?: number };
  /**
   * the filter form, from the page's filter declaration (`of`, the loader's too): its params are cleared with the
   * search by the empty state, whose text names them (`text`, 'your search or filters' by default); `choices` gives
   * options loaded with the page
   */
  filters?: { of: FilterSet; label: string; text?: string; choices?: FilterChoices } | null;
  /** the table's caption (the title by default) */
  label?: string;
  /** what the rows are, in the plural: 'No users yet', 'Showing 1–10 of 42 users' */
  noun: string;
  columns: Column<Row>[];
  /** a row's React key: its `_id` unless said otherwise */
  rowKey?: (row: Row) => string;
  /** the sort when the URL names none (newest first by default) */
  sort?: { sort: string; sortType?: "asc" | "desc" };
  data: ListData<Row>;
  /**
   * the delete confirmation (`?confirm=delete&id=`), open while `id` names a row: 'Are you sure you want to delete
   * **name**?' and a `note`, or a `description` of its own; `field` is the id's form name; `blocked` says why the row
   * cannot be deleted (the Delete button is then disabled)
   */
  remove?: {
    title: string;
    id: string | null | undefined;
    name?: string;
    note?: ReactNode;
    description?: ReactNode;
    field?: string;
    cancelHref?: string;
    blocked?: ReactNode;
  };
  /**
   * the details drawer at the list's end, open while `?drawer=` is `param` ("view" by default) and `body` is given (the
   * row the loader found for `id`); its close is a plain link to the list without it (`closeHref`, by default the list
   * without its drawer or dialog)
   */
  drawer?: {
    title: ReactNode;
    body: ReactNode;
    param?: string;
    width?: DrawerWidth;
    closeHref?: string;
    footer?: ReactNode;
  };
  /** between the heading and the search (e.g. an inline add form) */
  before?: ReactNode;
  /** the list's CSV export route (ADR 0068): 'Export CSV' links to it with the URL's search, sort and filters */
  csv?: string;
  /**
   * bulk actions (ADR 0074): a checkbox per row, 'select all' of the page and of every matching row, the actions'
   * buttons in one plain form around the table (the route's action answers with bulkRows), and the confirmation
   */
  bulk?: BulkOptions<Row>;
  children?: ReactNode;
}) {
  const location = useLocation();
  const selection = useBulkSelection();
  const rows = data.list?.rows ?? [];
  const bulkShown = !!bulk && rows.length > 0;
  const params = new URLSearchParams(location.search);
  const cleared = ["search", ...(filters ? shownFilterNames(filters.of) : [])];
  const filtered = cleared.some((name) => params.getAll(name).some((value) => value !== ""));
  return (
    <Box>
      <Flex align="center" justify="between" gap="3" wrap="wrap" mb="4">
        <Box>
          <Heading as={headingLevel === 1 ? "h1" : "h2"} size={headingLevel === 1 ? "6" : "5"}>
            {title}
          </Heading>
          {subtitle ? (
            <Text as="p" size="2" color="gray">
              {subtitle}
            </Text>
          ) : null}
        </Box>
        {add ? (
          "to" in add ? (
            <Link to={add.to} {...buttonProps()}>
              {add.label}
            </Link>
          ) : (
            <Link to={listHref(location, add.open)} preventScrollReset {...buttonProps()}>
              {add.label}
            </Link>
          )
        ) : null}
      </Flex>

      {before}

      <Flex className="list-toolbar" gap="4" align="end" justify="between" wrap="wrap" mb="3">
        <SearchBox label={search.label} placeholder={search.placeholder} debounceMs={search.debounceMs} />
        {filters ? <DeclaredFilterForm of={filters.of} label={filters.label} choices={filters.choices} /> : null}
        {csv ? <CsvLink to={csv} params={params} filters={filters?.of} /> : null}
      </Flex>

      <ListView
        label={label}
        noun={noun}
        columns={bulkShown ? [selectColumn(rows, rowKey, bulk.rowName, selection, noun), ...columns] : columns}
        rows={rows}
        rowKey={rowKey}
        defaultSort={sort}
        page={data.list}
        error={data.listError}
        notice={data.targetError}
        empty={{
          filtered,
          clear: cleared,
          filteredText: filters ? (filters.text ?? "your search or filters") : undefined,
        }}
        wrapTable={
          bulkShown
            ? (table) => (
                <BulkForm
                  actions={bulk.actions}
                  ids={rows.map(rowKey)}
                  count={data.list?.count ?? rows.length}
                  noun={noun}
                  selection={selection}
                >
                  {table}
                </BulkForm>
              )
            : undefined
        }
      />
      {bulk && data.list ? (
        <BulkConfirm
          actions={bulk.actions}
          count={data.list.count}
          countEstimated={data.list.countEstimated}
          noun={noun}
        />
      ) : null}

      {remove ? (
        <ConfirmDialog
          open={params.get("confirm") === "delete" && !!remove.id}
          title={remove.title}
          description={
            remove.description ?? (
              <>
                Are you sure you want to delete <strong>{remove.name}</strong>? {remove.note}
              </>
            )
          }
          cancelHref={remove.cancelHref ?? closeOverlayHref(location)}
          fields={{ intent: "delete", [remove.field ?? "id"]: remove.id ?? "" }}
          confirmLabel="Delete"
          blocked={remove.blocked}
        />
      ) : null}
      {drawer ? (
        <Drawer
          open={params.get("drawer") === (drawer.param ?? "view") && !!drawer.body}
          title={drawer.title}
          closeHref={drawer.closeHref ?? closeOverlayHref(location)}
          width={drawer.width ?? 500}
          footer={drawer.footer}
        >
          {drawer.body}
        </Drawer>
      ) : null}
      {children}
    </Box>
  );
}

/**
 * 'Export CSV': a plain link (no JavaScript needed) to the list's export route, carrying what chooses the list's rows
 * and their order (search, sort, sortType and the filters) but not its page: the file has every row.
 */
function CsvLink({ to, params, filters = {} }: { to: string; params: URLSearchParams; filters?: FilterSet }) {
  const query = new URLSearchParams();
  for (const name of ["search", "sort", "sortType", ...Object.keys(filters)])
    for (const value of params.getAll(name)) if (value !== "") query.append(name, value);
  const search = query.toString();
  return (
    <a href={search ? `${to}?${search}` : to} download {...buttonProps({ variant: "soft", color: "gray" })}>
      Export CSV
    </a>
  );
}
