import { json, redirect } from "@remix-run/node";
import type { ApiData, ApiPath, Method } from "~/lib/api-paths";
import { MSG } from "#contract/core/messages";
import type { ConsoleRole } from "#contract/access/roles";
import { can, worksInAShop, type Access as RightsAccess } from "#contract/access/rights";
import type { LoggedUser } from "#contract/access/auth";
import { isCrossSiteWrite } from "#server-shared/security";
import { config } from "./config.server";
import { fetchApi, type ApiRequestInit } from "./transport.server";
import { onePerPage } from "./page-scope.server";
import { LIST_PARAMS, type ListParamNames } from "~/lib/url-state";

export type { ApiData, ApiPath } from "~/lib/api-paths";

/** The envelope every /api call answers with. */
export interface ApiBody<T = unknown> {
  success: boolean;
  message: string;
  data: T;
  count?: number;
  /** true when `count` is PostgreSQL's estimate (large lists) */
  countEstimated?: boolean;
  isNext?: boolean;
  status?: number;
  errors?: Record<string, string[]>;
}
export interface ApiResult<T = unknown> extends ApiBody<T> {
  httpStatus: number;
}

interface SendOptions {
  query?: Query;
  body?: unknown;
  headers?: Headers;
  /** the message when the answer is not the envelope (a proxy's error page) */
  unreadable?: string;
}

/** The calls that answer a file: the lists' exports, the product import's template. */
type FilePath = `${string}/export` | "product/import/template";

type Query = Record<string, string | number | boolean | undefined | null | readonly (string | number)[]>;

function toSearch(query?: Query) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value)) value.forEach((v) => params.append(key, String(v)));
    else params.set(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : "";
}

/**
 * Calls /api for a page: forwards the browser's cookie, IP and agent; collects Set-Cookie in `headers`
 * for the page's response. In-process by default, over HTTP when API_URL is set (ARCHITECTURE §1).
 */
export class ApiClient {
  readonly headers = new Headers();
  constructor(private readonly request: Request) {}

  /** The browser's cookie, IP and agent, as every call forwards them. */
  private forwarded(base?: Headers) {
    const headers = new Headers(base);
    const cookie = this.request.headers.get("cookie");
    if (cookie) headers.set("cookie", cookie);
    const forwarded = this.request.headers.get("x-forwarded-for");
    headers.set("x-forwarded-for", forwarded ?? "local");
    const agent = this.request.headers.get("user-agent");
    if (agent) headers.set("user-agent", agent);
    return headers;
  }

  private async send<T>(method: Method, path: string, opts: SendOptions = {}): Promise<ApiResult<T>> {
    const headers = this.forwarded(opts.headers);
    const init: ApiRequestInit = { method, headers };
    if (opts.body instanceof ReadableStream) Object.assign(init, { body: opts.body, duplex: "half" });
    else if (opts.body !== undefined) {
      headers.set("content-type", "application/json");
      init.body = JSON.stringify(opts.body);
    }
    const response = await fetchApi(`${path}${toSearch(opts.query)}`, init, this.request);
    for (const setCookie of response.headers.getSetCookie()) this.headers.append("Set-Cookie", setCookie);
    // the one place the table's word is taken for the body: the API's contract test holds it to the same schemas
    const parsed = (await response
      .json()
      .catch(() => ({ success: false, message: opts.unreadable ?? MSG.serverError, data: null }))) as ApiBody<T>;
    return { ...parsed, httpStatus: response.status };
  }

  get = <P extends string>(path: ApiPath<"GET", P>, query?: Query) =>
    this.send<ApiData<"GET", P>>("GET", path, { query });
  post = <P extends string>(path: ApiPath<"POST", P>, body?: unknown, query?: Query) =>
    this.send<ApiData<"POST", P>>("POST", path, { body, query });
  put = <P extends string>(path: ApiPath<"PUT", P>, body?: unknown) =>
    this.send<ApiData<"PUT", P>>("PUT", path, { body });
  delete = <P extends string>(path: ApiPath<"DELETE", P>, body?: unknown) =>
    this.send<ApiData<"DELETE", P>>("DELETE", path, { body });
  /** A call that answers a file, not the envelope (the list exports): the API's response as it is, to stream on. */
  file = async (path: FilePath, query?: Query) => {
    const response = await fetchApi(
      `${path}${toSearch(query)}`,
      { method: "GET", headers: this.forwarded() },
      this.request,
    );
    for (const setCookie of response.headers.getSetCookie()) this.headers.append("Set-Cookie", setCookie);
    return response;
  };
  /** A file call's answer as the page's own: its bytes passed on without being held, with the file's headers. */
  download = async (path: FilePath, query?: Query) => {
    const answer = await this.file(path, query);
    const headers = new Headers(this.headers);
    for (const name of ["content-type", "content-disposition", "cache-control"]) {
      const value = answer.headers.get(name);
      if (value) headers.set(name, value);
    }
    return new Response(answer.body, { status: answer.status, headers });
  };
  /** Streams one file to an upload call as the page's own request (upload.server.ts reads it from the form). */
  upload = <P extends string>(
    path: ApiPath<"POST", P>,
    file: { body: ReadableStream<Uint8Array>; headers: Headers; unreadable: string },
  ) => this.send<ApiData<"POST", P>>("POST", path, file);
}

/** Where a signed-out visitor is sent: login, remembering where they were going. */
export function loginRedirect(request: Request, headers?: Headers) {
  const url = new URL(request.url);
  const origin = `${url.pathname}${url.search}`;
  const to = origin.startsWith("/app") ? `/auth/login?redirectTo=${encodeURIComponent(origin)}` : "/auth/login";
  return redirect(to, { headers });
}

/** The page a signed-in user starts on (spec 1 §2; staff land on their shop, see ADR 0003). */
export function homeFor(user: Pick<LoggedUser, "role" | "shop">) {
  if (worksInAShop(user) && user.shop) return `/app/shop/${user.shop._id}`;
  return "/app/user-list";
}

/** Thrown for a role a page does not allow; the app's ErrorBoundary shows 'Page not found' and 'Go to Login'. */
export const pageNotFound = () => json({ message: MSG.pageNotFound }, { status: 404 });

/**
 * A page loader's answer: the data as it is, or as a JSON response when there are headers to send (a cookie the API
 * set). Remix sends a document's loader data with turbo-stream either way; a response only adds a JSON round trip
 * (`npm run bench:ssr`). The data must be what JSON carries (it comes from the API), so both give the page the same.
 */
export function loaderData<T>(data: T, headers?: Headers | null) {
  return headers && [...headers.keys()].length > 0 ? json(data, { headers }) : data;
}

/** Thrown for a path that does not exist: a signed-in user is offered their home page instead of the login. */
export async function unknownPage(request: Request) {
  const { user, api } = await optionalUser(request);
  return json({ message: MSG.pageNotFound, home: user ? homeFor(user) : null }, { status: 404, headers: api.headers });
}

/** Who may open a page: its roles, and for staff an access type of its module (ARCHITECTURE §5). */
export type Access<R extends ConsoleRole = ConsoleRole> = RightsAccess<R>;

// one sign-in check per page request: the layout's loader and the page's run in parallel
const SIGNED_IN = Symbol("signed-in user");
const whoIs = (request: Request, api: ApiClient) => onePerPage(request, SIGNED_IN, () => api.get("auth/isLoggedIn"));

/**
 * The door of every console loader and action: refuses cross-site writes, sends the signed out to login,
 * answers 'Page not found' to a role the page does not allow, and returns the user with an API client.
 */
export async function apiFor<R extends ConsoleRole>(request: Request, access: Access<R>) {
  if (isCrossSiteWrite(request, config().PUBLIC_URL)) throw json({ message: MSG.crossSite }, { status: 403 });
  const api = new ApiClient(request);
  const me = await whoIs(request, api);
  if (me.httpStatus === 401 || !me.success) throw loginRedirect(request, api.headers);
  const user = me.data;
  if (!can(user, access)) throw pageNotFound();
  return { api, user };
}

/** The signed-in user if any, without guarding (login pages, the root redirect). */
export async function optionalUser(request: Request) {
  const api = new ApiClient(request);
  const me = await whoIs(request, api);
  return { api, user: me.success ? me.data : null };
}

/** A list page's URL state → the API's list query (spec 1 §9: page size 10, createdAt desc, skip = (page-1)·limit). */
export function listQuery(
  request: Request,
  defaults: { sort: string; sortType?: "asc" | "desc"; limit?: number },
  names: ListParamNames = LIST_PARAMS,
) {
  const params = new URL(request.url).searchParams;
  const limit = Number(params.get(names.limit)) || defaults.limit || 10;
  const page = Math.max(1, Number(params.get(names.page)) || 1);
  const asked = params.get(names.sortType);
  const sortType: "asc" | "desc" = asked === "asc" || asked === "desc" ? asked : (defaults.sortType ?? "desc");
  return {
    sort: params.get(names.sort) || defaults.sort,
    sortType,
    limit,
    skip: (page - 1) * limit,
    search: params.get("search") ?? undefined,
  };
}
