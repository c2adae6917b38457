import { UI_MSG } from "#contract/messages-ui";

/** The /api envelope as the browser reads it (lists add `count` and `isNext`). */
export interface ApiEnvelope<T> {
  success: boolean;
  message: string;
  data: T;
  status?: number;
  count?: number;
  isNext?: boolean;
  errors?: Record<string, string[]>;
}

/** A refused or failed call: `message` is the one to show; `errors` the field messages of a 400. */
export class ApiCallError extends Error {
  constructor(
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

/** The spec's sign-in page, coming back to where the user was. */
export const signInUrl = (from: string) => `/auth/login?redirectTo=${encodeURIComponent(from)}`;

/**
 * The one way a component calls /api: JSON in and out, the session cookie, and `signal` to abort (an aborted call
 * rejects with the browser's AbortError). Resolves with the whole envelope of a success; a body with status 1001 sends
 * the user to the sign-in page (spec 1 §7); any other refusal rejects with an ApiCallError carrying its message.
 */
export async function apiEnvelope<T>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<ApiEnvelope<T>> {
  const response = await fetch(`/api/${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    credentials: "same-origin",
    headers: init.body === undefined ? { accept: "application/json" } : { accept: "application/json", "content-type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: init.signal,
  });
  const envelope = (await response.json().catch(() => null)) as ApiEnvelope<T> | null;
  if (envelope?.status === 1001) window.location.assign(signInUrl(window.location.pathname + window.location.search));
  if (!response.ok || !envelope?.success) throw new ApiCallError(envelope?.message || UI_MSG.somethingWrong, envelope?.errors);
  return envelope;
}

/** The data of a successful call (see apiEnvelope). */
export const callApi = async <T>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> =>
  (await apiEnvelope<T>(path, init)).data;

/** A list call's rows and whether another page follows. */
export async function callApiList<T>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<{ data: T[]; isNext: boolean }> {
  const envelope = await apiEnvelope<T[]>(path, init);
  if (!Array.isArray(envelope.data)) throw new ApiCallError(UI_MSG.somethingWrong);
  return { data: envelope.data, isNext: !!envelope.isNext };
}
