import { Flex, buttonProps } from "~/components/plain";
import { useLocation, useSubmit } from "@remix-run/react";
import { Form } from "~/components/remix";
import { useEffect, useRef, type ReactNode } from "react";
import { DAY_FIELD, isWholeDay, shownDay } from "~/components/form/day-field";
import { shownFilterNames, type FilterChoices, type FilterSet } from "~/lib/list-filters";
import { HiddenParams } from "./HiddenParams";

/** The form's values without the empty ones: a filter left unset (All, no date) leaves nothing in the URL. */
function filledParams(form: HTMLFormElement) {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form))
    if (typeof value === "string" && value !== "") params.append(name, value);
  return params;
}

/**
 * A date being typed is sent once it is a whole day (or cleared), not at every key; a typed filter (TextFilter) waits
 * for Apply or Enter.
 */
const stillTyping = (target: EventTarget) =>
  target instanceof HTMLInputElement &&
  ((target.hasAttribute("data-day") && !isWholeDay(target.value)) || target.hasAttribute("data-typed"));

/**
 * A GET form for a list's filters (checkbox groups, selects, dates, typed values). Without JavaScript an Apply button
 * submits it; with JavaScript every change submits (a typed value on Apply or Enter), leaving the empty filters out of
 * the URL. `applyShown` keeps Apply on screen with JavaScript too (a page whose spec shows it). It keeps the list's
 * other params and goes back to page 1 (spec 1 §4).
 */
export function FilterForm({
  names,
  label,
  applyShown = false,
  children,
}: {
  names: readonly string[];
  label: string;
  applyShown?: boolean;
  children: ReactNode;
}) {
  const location = useLocation();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const params = new URLSearchParams(location.search);
  const filterNames = names.join(" ");
  const send = (target: HTMLFormElement) =>
    submit(filledParams(target), { method: "get", action: location.pathname, replace: true, preventScrollReset: true });

  // the URL is the truth: after back/forward or a "clear" link, show what it says
  useEffect(() => {
    const current = new URLSearchParams(location.search);
    const own = filterNames.split(" ");
    for (const element of Array.from(form.current?.elements ?? [])) {
      if (!("name" in element) || typeof element.name !== "string" || !own.includes(element.name)) continue;
      if (element instanceof HTMLInputElement && (element.type === "checkbox" || element.type === "radio")) {
        element.checked = current.getAll(element.name).includes(element.value);
      } else if (element instanceof HTMLSelectElement) {
        element.value = current.get(element.name) ?? "";
      } else if (element instanceof HTMLInputElement && element.hasAttribute("data-day")) {
        element.value = shownDay(current.get(element.name));
      } else if (element instanceof HTMLInputElement && element.hasAttribute("data-typed")) {
        element.value = current.get(element.name) ?? "";
      }
    }
  }, [location.search, filterNames]);

  return (
    <Form
      ref={form}
      method="get"
      action={location.pathname}
      aria-label={label}
      className="list-filters"
      onChange={(event) => {
        if (!stillTyping(event.target)) send(event.currentTarget);
      }}
      onSubmit={(event) => {
        event.preventDefault();
        send(event.currentTarget);
      }}
    >
      <HiddenParams params={params} omit={[...names, "page"]} />
      <Flex gap="4" align="end" wrap="wrap">
        {children}
        <button type="submit" {...buttonProps({ variant: "soft", className: applyShown ? undefined : "no-js-only" })}>
          Apply
        </button>
      </Flex>
    </Form>
  );
}

/** Native checkboxes sharing one name (a multi-select that submits without JavaScript). */
export function CheckboxGroup({
  legend,
  name,
  options,
  selected,
}: {
  legend: string;
  name: string;
  options: readonly { value: string; label: string }[];
  selected: readonly string[];
}) {
  return (
    <fieldset className="checkbox-group">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value}>
          <input type="checkbox" name={name} value={option.value} defaultChecked={selected.includes(option.value)} />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

/** A native select in Radix styling, with an "all" choice that removes the filter. */
export function SelectFilter({
  label,
  name,
  options,
  value,
  allLabel,
}: {
  label: string;
  name: string;
  options: readonly { value: string; label: string }[];
  value: string;
  allLabel: string;
}) {
  const id = `filter-${name}`;
  return (
    <div className="select-filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value} className="native-select">
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A date typed DD/MM/YYYY (spec 2 §1, whatever the browser's locale), e.g. one end of a date range. */
export function DateFilter({ label, name, value }: { label: string; name: string; value: string }) {
  const id = `filter-${name}`;
  return (
    <div className="select-filter">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} defaultValue={shownDay(value)} className="native-select date-filter" {...DAY_FIELD} />
    </div>
  );
}

/** A typed filter (a place, a number): sent with Apply or Enter, not at every key. */
export function TextFilter({
  label,
  name,
  value,
  type = "text",
  min,
  max,
  placeholder,
}: {
  label: string;
  name: string;
  value: string;
  type?: "text" | "number";
  min?: number;
  max?: number;
  placeholder?: string;
}) {
  const id = `filter-${name}`;
  return (
    <div className="select-filter">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        min={min}
        max={max}
        step={type === "number" ? 1 : undefined}
        maxLength={type === "text" ? 100 : undefined}
        placeholder={placeholder}
        defaultValue={value}
        className={`native-select${type === "number" ? " number-filter" : ""}`}
        data-typed=""
      />
    </div>
  );
}

/** Each filter's control, in the order declared, showing what the URL says (`choices` supplies loaded options). */
export function Filters({ of, choices = {} }: { of: FilterSet; choices?: FilterChoices }) {
  const params = new URLSearchParams(useLocation().search);
  return (
    <>
      {Object.entries(of).map(([name, filter]) => {
        const options = choices[name] ?? ("options" in filter ? filter.options : undefined) ?? [];
        if (filter.kind === "checkboxes")
          return (
            <CheckboxGroup
              key={name}
              legend={filter.label}
              name={name}
              options={options}
              selected={params.getAll(name)}
            />
          );
        if (filter.kind === "select")
          return (
            <SelectFilter
              key={name}
              label={filter.label}
              name={name}
              options={options}
              value={params.get(name) ?? ""}
              allLabel={filter.all}
            />
          );
        if (filter.kind === "day")
          return <DateFilter key={name} label={filter.label} name={name} value={params.get(name) ?? ""} />;
        if (filter.kind === "text")
          return (
            <TextFilter
              key={name}
              label={filter.label}
              name={name}
              value={params.get(name) ?? ""}
              placeholder={filter.placeholder}
            />
          );
        return null;
      })}
    </>
  );
}

/** A list's filter form built from its declaration. */
export function DeclaredFilterForm({ of, label, choices }: { of: FilterSet; label: string; choices?: FilterChoices }) {
  return (
    <FilterForm names={shownFilterNames(of)} label={label}>
      <Filters of={of} choices={choices} />
    </FilterForm>
  );
}
