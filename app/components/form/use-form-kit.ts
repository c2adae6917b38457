import { parse, useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { useMemo, useState } from "react";
import { useLocationKey } from "~/lib/location-key";
import { valueAt } from "~/lib/posted";

type Reply = SubmissionResult<string[]>;

/** The value a form's field held when it was posted ("a.b[0]" paths as conform writes them). */
function postedValue(values: unknown, name: string): unknown {
  let at: unknown = values;
  for (const part of name.split(/[.[\]]/).filter(Boolean)) at = valueAt(at, part);
  return at;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? "") === JSON.stringify(b ?? "");

/**
 * A key for a form that changes when the form must start afresh: another record, or a navigation that brought no
 * answer for this form (a save that redirected). While the form's own answer is on screen it stays whatever else
 * changes (the page reloading, a record named after the answer), so the refused values, the files uploaded and the
 * choices made remain beside their errors: a remount would show the record's values, since conform's `initialValue`
 * does not follow a refused answer. Forms without conform (plain sections, pickers) use it as their `key` too.
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
 * The one form idiom on a page (conform; the rules run in the action, ADR 0010), with what every form needs:
 * - every rule is reported on the first submit (the action checks them all);
 * - a field's error clears once its value differs from the one refused; the submit checks it again;
 * - after a navigation that brought no answer for this form (a save that redirected, a move to another record)
 *   the form starts afresh from the record: no error and no value survive it;
 * - `record` keys the form by the record it edits, so values never travel between records.
 * Put `key` on the `<Form>`: the fields are remounted with the record's values when the form starts afresh.
 */
// conform's own default: a form's fields are not typed on the page (ADR 0010)
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
  // conform keeps its state across renders: a result with no initial value tells it to start afresh
  const fresh = useMemo<Reply>(() => ({ initialValue: null }), [key]); // eslint-disable-line react-hooks/exhaustive-deps
  const refused = lastResult ?? null;
  const [form, fields] = useForm<Schema, Schema, string[]>({
    id,
    lastResult: refused ?? fresh,
    defaultValue,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parse(formData, {
        resolve(payload, intent) {
          // a submit goes to the action, which checks every rule
          if (!intent) return { value: payload as Schema };
          // a change: the changed field's error goes (a value set by script, such as an uploaded image's location,
          // calls form.validate({ name }) before its hidden input is re-rendered); the others keep theirs while they
          // still hold the value that was refused
          const changed = intent.type === "validate" ? intent.payload.name : undefined;
          const within = (name: string) =>
            !!changed && (name === changed || name.startsWith(`${changed}.`) || name.startsWith(`${changed}[`));
          const error: Record<string, string[]> = {};
          for (const [name, messages] of Object.entries(refused?.error ?? {})) {
            if (within(name)) continue;
            if (
              messages?.length &&
              (name === "" || same(postedValue(payload, name), postedValue(refused?.initialValue, name)))
            )
              error[name] = messages;
          }
          return { error };
        },
      }),
  });
  return { form, fields, key };
}
