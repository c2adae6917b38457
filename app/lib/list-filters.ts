/**
 * A list's filters, declared once: each entry names a URL param, its kind, its label and its choices. The loader
 * reads the URL through it (readFilters), the filter form renders its controls from it (<Filters of=…>), and the
 * names it gives are the params the form replaces, the empty state clears and a change of filter sends to page 1.
 */

export interface FilterOption {
  value: string;
  label: string;
}

export type FilterDeclaration =
  /** a param the URL carries with no control of its own (a link from another page sets it) */
  | { kind: "param" }
  /** one of a few choices, with an "all" choice that removes the filter; `onlyListed` drops any other value */
  | {
      kind: "select";
      label: string;
      all: string;
      options?: readonly FilterOption[];
      onlyListed?: boolean;
    }
  /** any number of choices, one checkbox each (the param repeats) */
  | { kind: "checkboxes"; label: string; options?: readonly FilterOption[] }
  /** a day typed DD/MM/YYYY, e.g. one end of a date range */
  | { kind: "day"; label: string }
  /** a typed value (a name, an e-mail), sent with Apply or Enter */
  | { kind: "text"; label: string; placeholder?: string };

export type FilterSet = Record<string, FilterDeclaration>;

/** Choices a page only knows once loaded (a shop's departments), by filter name. */
export type FilterChoices = Record<string, readonly FilterOption[]>;

/** A param kept in the URL without a control. */
export const param = (): FilterDeclaration => ({ kind: "param" });

/** A select filter; give `options` here or, when they are loaded, to the form. */
export const select = (
  label: string,
  opts: { all: string; options?: readonly FilterOption[]; onlyListed?: boolean },
): FilterDeclaration => ({ kind: "select", label, ...opts });

/** A checkbox group filter; give `options` here or, when they are loaded, to the form. */
export const checkboxes = (label: string, options?: readonly FilterOption[]): FilterDeclaration => ({
  kind: "checkboxes",
  label,
  options,
});

/** A day filter (DD/MM/YYYY). */
export const day = (label: string): FilterDeclaration => ({ kind: "day", label });

/** A typed filter (a person's name or e-mail). */
export const text = (label: string, placeholder?: string): FilterDeclaration => ({ kind: "text", label, placeholder });

/** Choices whose label is their value. */
export const asOptions = (values: readonly string[]): FilterOption[] =>
  values.map((value) => ({ value, label: value }));

/** The names of the filters the form shows: the params it replaces and the empty state clears. */
export const shownFilterNames = (filters: FilterSet) =>
  Object.entries(filters)
    .filter(([, declaration]) => declaration.kind !== "param")
    .map(([name]) => name);

/** The URL's filters as a list call's query: a checkbox group's every value, a strict select's listed values only. */
export function readFilters(search: URLSearchParams, filters: FilterSet) {
  const query: Record<string, string | string[] | undefined> = {};
  for (const [name, declaration] of Object.entries(filters)) {
    if (declaration.kind === "checkboxes") {
      query[name] = search.getAll(name);
      continue;
    }
    const value = search.get(name) ?? undefined;
    const listed =
      declaration.kind !== "select" ||
      !declaration.onlyListed ||
      (declaration.options ?? []).some((option) => option.value === value);
    query[name] = listed ? value : undefined;
  }
  return query;
}
