import { parse, useForm, type SubmissionResult } from "@conform-to/react";
import { useRef } from "react";

/**
 * conform's useForm for a form checked by its action (ADR 0010: no schema in the page). The action's reply shows every
 * message at once; a field's message clears as soon as its value changes (conform's "validate" intent for that field
 * keeps every other message), and the next submit goes to the action, which checks again. A value set by script (an
 * uploaded image's location) clears its message with `form.validate({ name })`.
 */
export function useActionForm({ id, lastResult }: { id: string; lastResult?: SubmissionResult<string[]> | null }) {
  const shown = useRef<string[]>([]);
  const [form, fields] = useForm({
    id,
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parse(formData, {
        resolve: (_payload, intent) => {
          const changed = intent?.type === "validate" ? intent.payload.name : undefined;
          // a submit (or a form-wide intent): the action decides
          if (!changed) return { error: null };
          const within = (name: string) => name === changed || name.startsWith(`${changed}.`) || name.startsWith(`${changed}[`);
          // null keeps a message as it is; the changed field's is left out, so it clears
          return { error: Object.fromEntries(shown.current.filter((name) => !within(name)).map((name) => [name, null])) };
        },
      }),
  });
  shown.current = Object.keys(form.allErrors);
  return [form, fields] as const;
}
