import type { ApiData, ApiPath, Method } from "~/lib/api-paths";
import { UI_MSG } from "#contract/core/messages-ui";

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

/** What a call sends besides its path: the query (arrays repeat the key), a JSON body, and `signal` to abort. */
export interface CallInit {
  query?: Record<string, string | number | undefined | readonly (string | number)[]>;
  body?: unknown;
  signal?: AbortSignal;
}

function withQuery(path: string, query: CallInit["query"]) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === "") continue;
    if (Array.isArray(value)) value.forEach((v) => params.append(key, String(v)));
    else params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * The one way a component calls /api: JSON in and out, the session cookie, and `signal` to abort (an aborted call
 * rejects with the browser's AbortError). The method and path name a call of the table (contract/core/calls.ts), which
 * types the answer; no caller chooses it. Resolves with the whole envelope of a success; a body with status 1001
 * sends the user to the sign-in page (spec 1 §7); any other refusal rejects with an ApiCallError carrying its message.
 */
export async function apiEnvelope<M extends Method, P extends string>(
  method: M,
  path: ApiPath<M, P>,
  init: CallInit = {},
): Promise<ApiEnvelope<ApiData<M, P>>> {
  const response = await fetch(`/api/${withQuery(path, init.query)}`, {
    method,
    credentials: "same-origin",
    headers:
      init.body === undefined
        ? { accept: "application/json" }
        : { accept: "application/json", "content-type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: init.signal,
  });
  // the one place the browser takes the table's word for a body: the API's contract test holds it to the same schemas
  const envelope = (await response.json().catch(() => null)) as ApiEnvelope<ApiData<M, P>> | null;
  if (envelope?.status === 1001) window.location.assign(signInUrl(window.location.pathname + window.location.search));
  if (!response.ok || !envelope?.success)
    throw new ApiCallError(envelope?.message || UI_MSG.somethingWrong, envelope?.errors);
  return envelope;
}

/** The data of a successful call (see apiEnvelope). */
export const callApi = async <M extends Method, P extends string>(
  method: M,
  path: ApiPath<M, P>,
  init: CallInit = {},
): Promise<ApiData<M, P>> => (await apiEnvelope(method, path, init)).data;

/** A list call's rows and whether another page follows. */
export async function callApiList<M extends Method, P extends string>(
  method: M,
  path: ApiPath<M, P>,
  init: CallInit = {},
): Promise<{ data: ApiData<M, P>; isNext: boolean }> {
  const envelope = await apiEnvelope(method, path, init);
  if (!Array.isArray(envelope.data)) throw new ApiCallError(UI_MSG.somethingWrong);
  return { data: envelope.data, isNext: !!envelope.isNext };
}
