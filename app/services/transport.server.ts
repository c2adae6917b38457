// The web tier's only door to the API's runtime (a lint rule keeps every other app/ file out of api/).
import { runtime, type PageRequestEnv } from "#api/runtime";
import { config } from "./config.server";
import { onePerPage } from "./page-scope.server";

/** A streamed body (a file on its way to storage) is sent half-duplex: the API reads it at its own pace. */
export type ApiRequestInit = RequestInit & { duplex?: "half" };

/**
 * Sends a request to /api: in the same process by default (no socket), over HTTP to API_URL when the API
 * is deployed on its own (ARCHITECTURE §1). `path` is under /api, with its query string.
 */
export async function fetchApi(path: string, init: ApiRequestInit, page?: Request): Promise<Response> {
  const { API_URL } = config();
  const request = new Request(new URL(`/api/${path.replace(/^\//, "")}`, API_URL ?? "http://in-process"), init);
  return API_URL ? fetch(request) : (await runtime()).api.fetch(request, page && sharedFor(page));
}

// A page that only reads (GET: its loaders) looks its session up once for all its API calls; an action's calls may
// end or change the session (sign-out, password change), so each of them looks again.
const SHARED = Symbol("API env of the page");
function sharedFor(page: Request): PageRequestEnv | undefined {
  if (page.method !== "GET" && page.method !== "HEAD") return undefined;
  return onePerPage(page, SHARED, (): PageRequestEnv => ({}));
}

// server.mjs boots the runtime, attaches the chat WebSocket and prints the demo sign-ins through the server build's entry
export { runtime, prepare, serverProcesses, attachChat, DEMO_SIGN_INS } from "#api/runtime";
