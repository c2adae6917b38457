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

/** How much of a multipart body peekIntent reads at most to find the first field. */
const PEEK_BYTES = 16 * 1024;

/**
 * A post's `intent`, read from a copy of the request so that the page's own reader still gets the whole body: any
 * field of a urlencoded post; of a multipart post only its first field (a form told apart this way puts its intent
 * first), so an upload is neither read twice nor held in memory. Null when there is none.
 */
export async function peekIntent(request: Request): Promise<string | null> {
  const type = request.headers.get("content-type") ?? "";
  if (!request.body || request.bodyUsed) return null;
  if (type.startsWith("application/x-www-form-urlencoded"))
    return new URLSearchParams(await request.clone().text()).get("intent");
  const boundary = /^multipart\/form-data;.*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type);
  if (!boundary) return null;
  const delimiter = `--${boundary[1] ?? boundary[2]}`;
  const reader = request.clone().body!.getReader();
  const decoder = new TextDecoder();
  let head = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (value) head += decoder.decode(value, { stream: true });
      const field = firstField(head, delimiter);
      if (field !== undefined) return field?.name === "intent" ? field.value : null;
      if (done || head.length > PEEK_BYTES) return null;
    }
  } finally {
    // the copy's rest is dropped (the request itself still streams it to the page's reader); not awaited: a tee's
    // branch settles its cancel only once the other branch is cancelled too
    reader.cancel().catch(() => undefined);
  }
}

/** The first part of a multipart body's beginning: undefined while it is not all there yet, null for a file. */
function firstField(head: string, delimiter: string) {
  const start = head.indexOf(delimiter);
  if (start < 0) return undefined;
  const headersEnd = head.indexOf("\r\n\r\n", start);
  if (headersEnd < 0) return undefined;
  const headers = head.slice(start + delimiter.length, headersEnd);
  if (/filename=/i.test(headers)) return null;
  const end = head.indexOf(`\r\n${delimiter}`, headersEnd + 4);
  if (end < 0) return undefined;
  const name = /\bname="([^"]*)"/i.exec(headers)?.[1] ?? "";
  return { name, value: head.slice(headersEnd + 4, end) };
}
