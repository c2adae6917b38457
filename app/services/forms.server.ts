import type { SubmissionResult } from "@conform-to/react";
import { json } from "@remix-run/node";

/** What conform's submission offers for answering a form (parseWithZod's result). */
export interface Replyable {
  reply(opts?: {
    fieldErrors?: Record<string, string[]>;
    formErrors?: string[];
    hideFields?: string[];
  }): SubmissionResult<string[]>;
}

/** Which form field shows an API field's errors: the form's own names, or a mapping (null: not on this form). */
export type FieldOf = readonly string[] | ((apiField: string) => string | null);

/**
 * The API's refusal as a form's reply: its field errors on the form's fields, or, when none of them is on the
 * form, its message as the form's error. The one way every page answers a refused save.
 */
export function replyWithApiRefusal(
  submission: Replyable,
  result: { message: string; errors?: Record<string, string[]> },
  fieldOf: FieldOf,
  extra: { hideFields?: string[] } = {},
) {
  const formField = typeof fieldOf === "function" ? fieldOf : (key: string) => (fieldOf.includes(key) ? key : null);
  // a Map: an error's key may be a name the caller chose, such as "constructor"
  const byField = new Map<string, string[]>();
  for (const [key, messages] of Object.entries(result.errors ?? {})) {
    const field = formField(key);
    if (field) byField.set(field, [...new Set([...(byField.get(field) ?? []), ...messages])]);
  }
  const onFields = byField.size > 0;
  return submission.reply({
    ...extra,
    fieldErrors: onFields ? Object.fromEntries(byField) : undefined,
    formErrors: onFields ? undefined : [result.message],
  });
}

/**
 * A refused form's answer: conform's reply under `result`, with whatever the page shows beside it (`extra`), the
 * refusal's status and the API's headers. The page reads it with answerOf; a save answers with savedThenReturn.
 */
export function formRefused<Extra extends object = Record<never, never>>(
  result: SubmissionResult<string[]>,
  status: number,
  headers: Headers,
  extra?: Extra,
) {
  return json(Object.assign({}, extra, { result }), { status, headers });
}

/**
 * Several forms on one page, told apart by their `intent` field: each intent has its handler in a table; a post with
 * no known intent gets `unknown`. The one way a page answers more than one form.
 */
export function handleIntent<T>(
  formData: FormData,
  handlers: Record<string, () => Promise<T> | T>,
  unknown: () => Promise<T> | T,
) {
  const intent = String(formData.get("intent") ?? "");
  return Object.hasOwn(handlers, intent) ? handlers[intent]() : unknown();
}
