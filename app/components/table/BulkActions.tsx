import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { BULK_LIMIT } from "#contract/core/bulk";
import { UI_MSG } from "#contract/core/messages-ui";
import { Form } from "~/components/remix";
import { Flex, Text, buttonProps } from "~/components/plain";
import { DialogForm } from "~/components/layout/ConfirmDialog";
import { nounFor } from "~/lib/format";
import { closeOverlayHref } from "~/lib/url-state";
import type { Column } from "./DataTable";

// A list's bulk actions (ADR 0074): a checkbox per row, one for the page and, when the list is longer than the page,
// one for every row it matches; the actions are the submit buttons of one plain form around the table, so it all works
// without JavaScript. The action (bulkRows, list.server.ts) answers with the confirmation open in the URL
// (`?bulk=delete&ids=a,b` or `&all=1`), which names the count before anything changes.

/** One bulk action of a list. */
export interface BulkAction {
  /** what its button posts and the URL names (`bulk=delete`) */
  name: string;
  /** its button's words ('Delete selected') */
  label: string;
  /** the confirmation's question, given the rows counted with their noun: `Delete ${rows}?` */
  confirm: (rows: string) => string;
  /** the confirmation's button ('Delete') */
  confirmLabel: string;
  /** red, and the confirmation is an alert dialog */
  destructive?: boolean;
  /** under the question: what follows */
  note?: ReactNode;
  /** the confirmation's own inputs (the new status) */
  fields?: ReactNode;
}

/** A list's bulk delete: 'Delete selected', then 'Delete 2 users?' and `note` (what follows for them). */
export const bulkDeleteAction = (note: ReactNode): BulkAction => ({
  name: "delete",
  label: "Delete selected",
  confirm: (rows) => `Delete ${rows}?`,
  confirmLabel: "Delete",
  destructive: true,
  note,
});

/** What a list page gives ListPage for its bulk actions. */
export interface BulkOptions<Row> {
  actions: BulkAction[];
  /** a row's name, for its checkbox's label ('Select Alice Smith') */
  rowName: (row: Row) => string;
}

/** The rows a URL's confirmation names: `ids` (comma separated) or `all=1`. */
export function bulkSelectionOf(params: URLSearchParams) {
  return {
    name: params.get("bulk"),
    ids: (params.get("ids") ?? "").split(",").filter(Boolean),
    all: params.get("all") === "1",
  };
}

/**
 * What is checked: the rows of the page and whether every matching row is meant. It starts from the URL (the rows an
 * open confirmation names, so the boxes show them) and starts again when the URL changes (another page, a filter).
 */
export function useBulkSelection() {
  const location = useLocation();
  const fromUrl = () => {
    const named = bulkSelectionOf(new URLSearchParams(location.search));
    return { chosen: new Set(named.ids), all: named.all };
  };
  const [selection, setSelection] = useState(fromUrl);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the URL is what resets it
  useEffect(() => setSelection(fromUrl()), [location.search]);
  return [selection, setSelection] as const;
}
type Selection = ReturnType<typeof useBulkSelection>;

/** The header checkbox: every row of the page (indeterminate when some are checked). */
function PageCheckbox({ ids, selection, noun }: { ids: string[]; selection: Selection; noun: string }) {
  const [{ chosen }, setSelection] = selection;
  const ref = useRef<HTMLInputElement>(null);
  const checked = ids.length > 0 && ids.every((id) => chosen.has(id));
  const some = !checked && ids.some((id) => chosen.has(id));
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some;
  }, [some]);
  return (
    <input
      ref={ref}
      type="checkbox"
      name="select"
      value="page"
      className="bulk-checkbox"
      aria-label={`Select every ${nounFor(1, noun)} on this page`}
      checked={checked}
      onChange={(e) => {
        const on = e.currentTarget.checked;
        setSelection(({ chosen: before }) => {
          const next = new Set(before);
          for (const id of ids)
            if (on) next.add(id);
            else next.delete(id);
          return { chosen: next, all: false };
        });
      }}
    />
  );
}

/** The checkbox column, first in the table. */
export function selectColumn<Row>(
  rows: Row[],
  rowKey: (row: Row) => string,
  rowName: (row: Row) => string,
  selection: Selection,
  noun: string,
): Column<Row> {
  const [{ chosen }, setSelection] = selection;
  return {
    key: "select",
    header: <PageCheckbox ids={rows.map(rowKey)} selection={selection} noun={noun} />,
    width: 36,
    className: "bulk-select",
    cell: (row) => {
      const id = rowKey(row);
      return (
        <input
          type="checkbox"
          name="ids"
          value={id}
          className="bulk-checkbox"
          aria-label={`Select ${rowName(row)}`}
          checked={chosen.has(id)}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            setSelection(({ chosen: before, all }) => {
              const next = new Set(before);
              if (on) next.add(id);
              else next.delete(id);
              return { chosen: next, all: on && all };
            });
          }}
        />
      );
    },
  };
}

/**
 * The plain form around the table: the page's row ids (for 'every row of the page' without JavaScript), 'Select all N
 * matching' when the list is longer than the page, what is selected (with JavaScript) and the actions' buttons.
 */
export function BulkForm({
  actions,
  ids,
  count,
  noun,
  selection,
  children,
}: {
  actions: BulkAction[];
  /** the page's row ids */
  ids: string[];
  /** how many rows the list matches */
  count: number;
  noun: string;
  selection: Selection;
  children: ReactNode;
}) {
  const location = useLocation();
  const [{ chosen, all }, setSelection] = selection;
  const selected = all ? count : chosen.size;
  return (
    <Form method="post" action={`${location.pathname}${location.search}`} preventScrollReset className="bulk-form">
      <input type="hidden" name="intent" value="bulk" />
      <input type="hidden" name="pageIds" value={ids.join(",")} />
      <Flex className="bulk-bar" align="center" gap="3" wrap="wrap" mb="2">
        {count > ids.length ? (
          <Text as="label" size="2" className="bulk-all">
            <input
              type="checkbox"
              name="select"
              value="all"
              className="bulk-checkbox"
              checked={all}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                setSelection(({ chosen: before }) => ({
                  chosen: on ? new Set([...before, ...ids]) : new Set(),
                  all: on,
                }));
              }}
            />{" "}
            Select all {count.toLocaleString("en-AU")} matching {nounFor(count, noun)}
          </Text>
        ) : null}
        <Text size="2" color="gray" className="js-only" aria-live="polite" data-testid="bulk-selected">
          {selected.toLocaleString("en-AU")} selected
        </Text>
        {actions.map((action) => (
          <button
            key={action.name}
            type="submit"
            name="bulk"
            value={action.name}
            {...buttonProps({ size: "1", variant: "soft", color: action.destructive ? "red" : undefined })}
          >
            {action.label}
          </button>
        ))}
      </Flex>
      {children}
    </Form>
  );
}

/**
 * The confirmation the URL opens (`?bulk=<name>&ids=a,b` or `&all=1`): the question names the count ('Delete 2
 * users?'); it posts the same selection with `confirmed`, and the action's own inputs. A whole list longer than
 * BULK_LIMIT cannot be confirmed: the dialog says to narrow it.
 */
export function BulkConfirm({
  actions,
  count,
  countEstimated,
  noun,
}: {
  actions: BulkAction[];
  /** how many rows the list matches (what `all` means) */
  count: number;
  countEstimated: boolean;
  noun: string;
}) {
  const location = useLocation();
  const named = bulkSelectionOf(new URLSearchParams(location.search));
  const action = actions.find((a) => a.name === named.name);
  if (!action || (!named.all && !named.ids.length)) return null;
  const n = named.all ? count : named.ids.length;
  const counted = `${named.all ? (countEstimated ? "about " : "all ") : ""}${n.toLocaleString("en-AU")} ${nounFor(n, noun)}`;
  return (
    <DialogForm
      open
      role={action.destructive ? "alertdialog" : "dialog"}
      destructive={action.destructive}
      title={action.confirm(counted)}
      description={action.note}
      cancelHref={closeOverlayHref(location)}
      fields={{
        intent: "bulk",
        bulk: action.name,
        confirmed: "1",
        ...(named.all ? { all: "1" } : { ids: named.ids.join(",") }),
      }}
      confirmLabel={action.confirmLabel}
      blocked={named.all && n > BULK_LIMIT ? UI_MSG.bulkTooMany(BULK_LIMIT) : undefined}
      testId="bulk-confirm"
    >
      {action.fields}
    </DialogForm>
  );
}
