import type { DefaultValue, SubmissionResult } from "@conform-to/react";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useLocationKey } from "~/lib/location-key";
import type { FormKitField, FormKitForm } from "./form-props";

// The form kit keeps conform's reply format (the actions answer `SubmissionResult`, ADR 0010) and conform's names for
// what a page reads of a form and its fields, but runs its own small state in the browser: the rules run in the
// action, so the page needs no validation engine, only the answer's errors and when they go (ADR 0076).

type Reply = SubmissionResult<string[]>;
type Errors = Record<string, string[]>;

/** A path's segments as conform writes names: "a.b[0]" is a, b, 0. */
const PATH = /([^.[\]]+)|\[(\d*)\]/g;

/** The value at a field's name ("a.b[0]") in a posted or initial value; undefined where there is none. */
function pathValue(values: unknown, name: string): unknown {
  let at = values;
  for (const [, key, index] of name.matchAll(PATH)) {
    const segment = key ?? index;
    if (at === null || typeof at !== "object" || !Object.hasOwn(at, segment)) return undefined;
    at = Reflect.get(at, segment);
  }
  return at;
}

/** What a form holds now, nested by its names as the action reads it (conform's `parse` payload). */
function postedValues(form: HTMLFormElement): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, value] of new FormData(form)) {
    const segments = [...name.matchAll(PATH)].map(([, key, index]) => key ?? Number(index));
    let at: object = values;
    segments.forEach((segment, i) => {
      const held: unknown = Reflect.get(at, segment);
      if (i === segments.length - 1) {
        Reflect.set(at, segment, held === undefined ? value : Array.isArray(held) ? [...held, value] : [held, value]);
      } else if (held !== null && typeof held === "object") {
        at = held;
      } else {
        const inner = typeof segments[i + 1] === "number" ? [] : {};
        Reflect.set(at, segment, inner);
        at = inner;
      }
    });
  }
  return values;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype;

/** A default value as form fields hold it: numbers as text, true as "on", dates as ISO text (conform's `serialize`). */
function serialize(value: unknown): unknown {
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, serialize(v)]));
  if (Array.isArray(value)) return value.map(serialize);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "boolean") return value ? "on" : undefined;
  if (typeof value === "number" || typeof value === "bigint") return value.toString();
  return value ?? undefined;
}

/** Empty text, empty lists and objects and null read as no value (conform's `normalize`). */
function normalize(value: unknown): unknown {
  if (isPlainObject(value)) {
    const kept = Object.entries(value)
      .map(([k, v]) => [k, normalize(v)] as const)
      .filter(([, v]) => v !== undefined);
    return kept.length ? Object.fromEntries(kept) : undefined;
  }
  if (Array.isArray(value)) return value.length ? value.map(normalize) : undefined;
  if (value === "" || value === null || (value instanceof File && value.size === 0)) return undefined;
  return value;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? "") === JSON.stringify(b ?? "");

/** A field's name is `name` or lies under it ("a" holds "a.b" and "a[0]"). */
const within = (field: string, name: string) =>
  field === name || field.startsWith(`${name}.`) || field.startsWith(`${name}[`);

/** A refused answer's errors, each with a message. */
const errorsOf = (answer: Reply | null): Errors =>
  Object.fromEntries(
    Object.entries(answer?.error ?? {}).filter((entry): entry is [string, string[]] => !!entry[1]?.length),
  );

/**
 * The errors once `changed` has changed: its own go; every other field keeps its errors while it still holds the value
 * that was refused (the submit checks them all again).
 */
function errorsAfterChange(refused: Reply | null, changed: string, values: unknown): Errors {
  const errors: Errors = {};
  for (const [name, messages] of Object.entries(errorsOf(refused))) {
    if (within(name, changed)) continue;
    if (name === "" || same(pathValue(values, name), pathValue(refused?.initialValue, name))) errors[name] = messages;
  }
  return errors;
}

const formElement = (id: string) => {
  const form = document.getElementById(id);
  return form instanceof HTMLFormElement ? form : null;
};

/** A form control that holds a value (not a button). */
const isFieldElement = (element: unknown): element is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement =>
  (element instanceof HTMLInputElement && !["submit", "button", "reset"].includes(element.type)) ||
  element instanceof HTMLSelectElement ||
  element instanceof HTMLTextAreaElement;

// layout effects run in the browser only; on the server the effect is a no-op either way
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

interface KitState {
  /** the answer (or fresh start) the state follows */
  shown: Reply;
  /** fresh starts so far: the fields' keys change with each */
  generation: number;
  initialValue: unknown;
  error: Errors;
  /** an answer arrived in the browser with errors: its first field in error takes the focus */
  focus: boolean;
  /** started afresh in the browser: the form's controls go back to their initial values */
  reset: boolean;
}

const start = (shown: Reply, defaultValue: unknown, generation: number, reset: boolean): KitState => ({
  shown,
  generation,
  initialValue: normalize(shown.initialValue ?? serialize(defaultValue ?? {})),
  error: errorsOf(shown),
  focus: false,
  reset,
});

/**
 * A key for a form that changes when the form must start afresh: another record, or a navigation that brought no
 * answer for this form (a save that redirected). While the form's own answer is on screen it stays whatever else
 * changes (the page reloading, a record named after the answer), so the refused values, the files uploaded and the
 * choices made remain beside their errors: a remount would show the record's values, since the initial values do
 * not follow a refused answer. Forms without the kit (plain sections, pickers) use it as their `key` too.
 */
export function useFreshKey(id: string, record: string | undefined, answer: unknown, afresh: Afresh = "navigation") {
  const navigationKey = useLocationKey();
  // "record": the page restarts the form itself (a keyed parent), so a reload of the same list keeps what is typed
  const locationKey = afresh === "record" ? "" : navigationKey;
  const current = `${id}:${record ?? ""}:${locationKey}`;
  const [shown, setShown] = useState(current);
  if (!answer && shown !== current) setShown(current);
  return answer ? shown : current;
}

/** When a form starts afresh: after any navigation that brought no answer for it (the default), or only with its record. */
type Afresh = "navigation" | "record";

/**
 * The one form idiom on a page (the rules run in the action, ADR 0010; the kit's state, ADR 0076), with what every
 * form needs:
 * - every rule is reported on the first submit (the action checks them all);
 * - a field's error clears once its value differs from the one refused; the submit checks it again;
 * - after a navigation that brought no answer for this form (a save that redirected, a move to another record)
 *   the form starts afresh from the record: no error and no value survive it;
 * - `record` keys the form by the record it edits, so values never travel between records;
 * - an answer with errors that arrives in the browser puts the focus on its first field in error.
 * Put `key` on the `<Form>`: the fields are remounted with the record's values when the form starts afresh.
 */
// a form's fields are not typed on the page (ADR 0010): the default shape takes any name
export function useFormKit<Schema extends Record<string, any> = Record<string, any>>({
  id,
  record,
  lastResult,
  defaultValue,
  afresh,
}: {
  id: string;
  record?: string;
  lastResult?: Reply | null;
  defaultValue?: DefaultValue<Schema>;
  afresh?: Afresh;
}) {
  const key = useFreshKey(id, record, lastResult, afresh);
  // a fresh start is an answer with no initial value, made anew with each key
  const fresh = useMemo<Reply>(() => ({ initialValue: null }), [key]); // eslint-disable-line react-hooks/exhaustive-deps
  const refused = lastResult ?? null;
  const shown = refused ?? fresh;
  const [state, setState] = useState(() => start(shown, defaultValue, 0, false));
  let now = state;
  if (state.shown !== shown) {
    // a new answer replaces the errors (its values are the form's already); a fresh start goes back to the defaults
    now =
      shown.initialValue === null
        ? start(shown, defaultValue, state.generation + 1, true)
        : { ...state, shown, error: errorsOf(shown), focus: shown.status === "error", reset: false };
    setState(now);
  }

  // what the browser's events read: this render's form and answer
  const latest = useRef({ id, refused });
  latest.current = { id, refused };
  const revalidate = useCallback((name: string) => {
    const form = formElement(latest.current.id);
    const error = errorsAfterChange(latest.current.refused, name, form ? postedValues(form) : {});
    setState((s) => ({ ...s, error, focus: false, reset: false }));
  }, []);

  useBrowserLayoutEffect(() => {
    // typing in a field clears its error (a field outside the form element joins it with `form=`)
    const onInput = (event: Event) => {
      const field = event.target;
      if (event.defaultPrevented || !isFieldElement(field) || !field.name || field.form?.id !== latest.current.id)
        return;
      revalidate(field.name);
    };
    document.addEventListener("input", onInput);
    return () => document.removeEventListener("input", onInput);
  }, [revalidate]);

  // the effects of a state reached in the browser (the server's render and hydration have none)
  const handled = useRef(state);
  useBrowserLayoutEffect(() => {
    if (handled.current === state) return;
    handled.current = state;
    const form = formElement(id);
    if (!form) return;
    if (state.reset) form.reset();
    if (state.focus)
      for (const element of form.elements)
        if (isFieldElement(element) && state.error[element.name]) {
          element.focus();
          break;
        }
  }, [state, id]);

  const fieldOf = (name: string): FormKitField => {
    const fieldId = name ? `${id}-${name}` : id;
    return {
      id: fieldId,
      name,
      formId: id,
      errorId: `${fieldId}-error`,
      descriptionId: `${fieldId}-description`,
      key: now.generation ? `${now.generation}/${name}` : undefined,
      initialValue: pathValue(now.initialValue, name),
      errors: now.error[name],
      allErrors: Object.fromEntries(Object.entries(now.error).filter(([field]) => !name || within(field, name))),
    };
  };
  const form: FormKitForm = {
    ...fieldOf(""),
    noValidate: true,
    validate: ({ name }) => revalidate(name),
    // the submit goes to the action, which checks every rule: the errors shown go until it answers
    onSubmit: () => setState((s) => ({ ...s, error: {}, focus: false, reset: false })),
  };
  // every name the page asks for is a field (its errors and initial value, if any)
  const target: Record<keyof Schema & string, FormKitField> = Object.create(null);
  const fields = new Proxy(target, {
    get: (_, name) => (typeof name === "string" ? fieldOf(name) : undefined),
  });
  return { form, fields, key };
}
