// The list kit's server half: what every list page loads (its rows, and the row a drawer or dialog names) and its delete.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { UI_MSG } from "#contract/core/messages-ui";
import { MSG } from "#contract/core/messages";
import type { BulkResult, BulkSelection } from "#contract/core/bulk";
import { z } from "#contract/core/zod";
import { LIST_DEFAULT_SORT, closeOverlayHref, listHref } from "~/lib/url-state";
import { nounFor } from "~/lib/format";
import { readFilters, type FilterSet } from "~/lib/list-filters";
import {
  apiFor,
  listQuery,
  loaderData,
  pageNotFound,
  type Access,
  type ApiClient,
  type ApiPath,
  type ApiResult,
} from "./api.server";
import { redirectWithToast } from "./toast.server";

/** Who is asking: the API client and the signed-in user, plus whatever a page's own door adds (e.g. the shop). */
export type ListDoor = Awaited<ReturnType<typeof apiFor>>;

export interface ListContext<D extends ListDoor = ListDoor> {
  door: D;
  api: ApiClient;
  request: Request;
  /** the route's params (`$id`) */
  params: LoaderFunctionArgs["params"];
  /** the page's URL query */
  search: URLSearchParams;
}

/** What a list page gets: one page of rows (null when the API refused the list) and the row an overlay names. */
export interface ListRows<Row> {
  rows: Row[];
  count: number;
  countEstimated: boolean;
  isNext: boolean;
}

/** A refused answer, without its data: what the page says about it (its message) and the status it came with. */
export interface Refusal {
  success: false;
  message: string;
  httpStatus: number;
}

/** The refusal of a call whose data the page would have reshaped. */
export const refusal = ({ message, httpStatus }: { message: string; httpStatus: number }): Refusal => ({
  success: false,
  message,
  httpStatus,
});

/** What a drawer's or dialog's row load answers: the row, a refusal, or null when the URL names none. */
export type TargetResult<Target> = ApiResult<Target> | Refusal | null;

/** The URL's list state (page → skip, limit, sort, sortType, search) and its filters, as the list call's query. */
export type ListUrlQuery = ReturnType<typeof listQuery> & Record<string, string | number | string[] | undefined>;

export interface ListSpec<D extends ListDoor, Row, Target, Extra> {
  /** who may see the list; the door is apiFor(request, access) unless `door` says otherwise */
  access: Access;
  door?: (args: LoaderFunctionArgs) => Promise<D>;
  /** the sort when the URL names none (newest first by default) */
  sort?: { sort: string; sortType?: "asc" | "desc" };
  /** the filters the URL carries besides page, limit, sort, sortType and search (the page's one declaration) */
  filters?: FilterSet;
  /** the list call, given the URL's list query and filters */
  list: (api: ApiClient, query: ListUrlQuery, ctx: ListContext<D>) => Promise<ApiResult<Row[]>>;
  /** spec 2 §8: a refused list (or row) shows empty and is only logged, under this name */
  quiet?: string;
  /** a list the API answers 404 (another shop's id, or none) is the page's 'Page not found' */
  missingIsNotFound?: boolean;
  /** the row a drawer or dialog names by `id`: `on` lists the URL params that open one, e.g. "drawer=view" */
  target?: {
    on: readonly string[];
    load: (api: ApiClient, id: string, ctx: ListContext<D>) => Promise<TargetResult<Target>>;
  };
  /** more for the page (filter choices, a form's options); it runs beside the list and may wait for the target */
  extra?: (ctx: ListContext<D> & { target: Promise<TargetResult<Target>> }) => Promise<Extra>;
}

/** The list call's context and query: the URL's list state (page → skip, limit, sort, sortType, search) and filters. */
function listCall<D extends ListDoor>(
  args: LoaderFunctionArgs,
  door: D,
  spec: { sort?: { sort: string; sortType?: "asc" | "desc" }; filters?: FilterSet },
) {
  const search = new URL(args.request.url).searchParams;
  const ctx: ListContext<D> = { door, api: door.api, request: args.request, params: args.params, search };
  const query: ListUrlQuery = {
    ...listQuery(args.request, spec.sort ?? LIST_DEFAULT_SORT),
    ...readFilters(search, spec.filters ?? {}),
  };
  return { ctx, query };
}

/** A list's CSV export (ADR 0068): the list page's door, sort and filters, and the list's export call. */
export interface ListCsvSpec<D extends ListDoor> extends Pick<
  ListSpec<D, unknown, never, object>,
  "access" | "door" | "sort" | "filters"
> {
  /** the export call (`GET <the list call's path>/export`), given the query the list call gets, without its paging */
  file: (api: ApiClient, query: ListUrlQuery, ctx: ListContext<D>) => Promise<Response>;
}

/**
 * The loader of a list's 'Export CSV' resource route: the same door and URL state as the list page's loader, so the
 * file has the rows the list shows, in its order (every page of them); the API's file is passed on as it streams.
 */
export function listCsvLoader<D extends ListDoor = ListDoor>(spec: ListCsvSpec<D>) {
  return async (args: LoaderFunctionArgs) => {
    const door = spec.door ? await spec.door(args) : ((await apiFor(args.request, spec.access)) as D);
    const { ctx, query } = listCall(args, door, spec);
    const { skip: _skip, limit: _limit, ...unpaged } = query;
    return spec.file(door.api, unpaged as ListUrlQuery, ctx);
  };
}

/** The id a drawer or dialog names, when the URL opens one of the spec's overlays. */
function overlayId(search: URLSearchParams, on: readonly string[]) {
  const opened = on.some((pair) => {
    const [key, value] = pair.split("=");
    return search.get(key) === value;
  });
  return opened ? search.get("id") : null;
}

/**
 * A list page's loader: the door (roles, rights), the list call with the URL's state, and the row an open drawer or
 * dialog names. It answers `{ list, listError, target, targetError, ...extra }`.
 */
export function listLoader<Row, Target = never, Extra extends object = object, D extends ListDoor = ListDoor>(
  spec: ListSpec<D, Row, Target, Extra>,
) {
  return async (args: LoaderFunctionArgs) => {
    const door = spec.door ? await spec.door(args) : ((await apiFor(args.request, spec.access)) as D);
    const { api } = door;
    const { ctx, query } = listCall(args, door, spec);
    const { search } = ctx;
    const id = spec.target ? overlayId(search, spec.target.on) : null;
    const targetCall: Promise<TargetResult<Target>> =
      id && spec.target ? spec.target.load(api, encodeURIComponent(id), ctx) : Promise.resolve(null);
    const [list, target, extra] = await Promise.all([
      spec.list(api, query, ctx),
      targetCall,
      spec.extra ? spec.extra({ ...ctx, target: targetCall }) : ({} as Extra),
    ]);
    if (spec.missingIsNotFound && list.httpStatus === 404) throw pageNotFound();
    if (spec.quiet && !list.success) console.error(`${spec.quiet} list failed (${list.httpStatus}): ${list.message}`);
    if (spec.quiet && target && !target.success)
      console.error(`${spec.quiet} ${id} failed (${target.httpStatus}): ${target.message}`);
    const rows: ListRows<Row> | null = list.success
      ? { rows: list.data, count: list.count ?? 0, countEstimated: !!list.countEstimated, isNext: !!list.isNext }
      : null;
    return loaderData(
      {
        list: rows ?? (spec.quiet ? { rows: new Array<Row>(), count: 0, countEstimated: false, isNext: false } : null),
        listError: list.success || spec.quiet ? null : list.message,
        target: target?.success ? target.data : null,
        targetError: target && !target.success && !spec.quiet ? target.message : null,
        ...extra,
      },
      api.headers,
    );
  };
}

/** A result whose data is narrowed to what the page shows (the delete dialog needs a name, not the whole record). */
export const pickData = <T, P>(result: ApiResult<T> | null, pick: (data: T) => P): TargetResult<P> =>
  result && (result.success ? { ...result, data: pick(result.data) } : refusal(result));

/** A list's delete confirmation: the hidden intent and the row's id (kept out of contract/core/list.ts, which pages load). */
const deleteRowFormSchema = z.object({ intent: z.literal("delete"), id: z.string().trim().min(1).max(64) });

/**
 * The delete confirmation's tail: DELETE the row (soft, ARCHITECTURE §4), then back to the same list without the
 * dialog, with the API's message as a toast. `back` may move the user (e.g. off a page the delete emptied).
 */
export async function deleteRow<P extends string>(
  api: ApiClient,
  request: Request,
  formData: FormData,
  path: (id: string) => ApiPath<"DELETE", P>,
  opts: DeleteOptions = {},
) {
  const url = new URL(request.url);
  let back = closeOverlayHref(url);
  const form = deleteRowFormSchema.safeParse(Object.fromEntries(formData));
  if (!form.success) return redirectWithToast(back, { type: "error", message: UI_MSG.somethingWrong }, api.headers);
  const result = await api.delete(path(encodeURIComponent(form.data.id)));
  // the last row of a later page gone: show the page before it rather than an empty one
  const page = Number(url.searchParams.get("page")) || 1;
  if (result.success && page > 1 && opts.pageIsEmpty && (await opts.pageIsEmpty(new Request(new URL(back, url)))))
    back = listHref(new URL(back, url), { page: page - 1 });
  return redirectWithToast(
    back,
    { type: result.success ? "success" : "error", message: result.message || UI_MSG.somethingWrong },
    api.headers,
  );
}

export interface DeleteOptions {
  /** whether the list at this address (the page the user returns to) has no rows left */
  pageIsEmpty?: (request: Request) => Promise<boolean>;
}

/**
 * The action of a list whose forms are the delete confirmation (`intent=delete`, `id`) and, with `bulk`, its bulk
 * actions (`intent=bulk`, ADR 0074).
 */
export function deleteRowAction<P extends string>(
  access: Access,
  path: (id: string) => ApiPath<"DELETE", P>,
  opts: DeleteOptions & { bulk?: BulkSpec } = {},
) {
  return async ({ request }: ActionFunctionArgs) => {
    const { api } = await apiFor(request, access);
    const formData = await request.formData();
    if (opts.bulk && formData.get("intent") === "bulk") return bulkRows(api, request, formData, opts.bulk);
    return deleteRow(api, request, formData, path, opts);
  };
}

/** One bulk action of a list (ADR 0074): its API call, and how its summary says what was done. */
export interface BulkCall {
  /** the API's bulk call for the selection (its `query` is the list call's, without paging) and the confirmation's form */
  call: (api: ApiClient, selection: BulkSelection, form: FormData) => Promise<ApiResult<BulkResult>>;
  /** the summary's verb: 'Deleted' → 'Deleted 2 of 3 users' */
  done: string;
  /** its rows leave the list: the user goes back to the list's first page */
  removes?: boolean;
}

export interface BulkSpec {
  /** the rows in the plural, as the page says them ('users') */
  noun: string;
  /** the list page's sort and filters, so `all` means the rows the page lists */
  sort?: { sort: string; sortType?: "asc" | "desc" };
  filters?: FilterSet;
  /** the list call's own params beside the URL's (the influencers list's `role`) */
  fixed?: Record<string, string>;
  /** the actions, by the name the page's buttons post (`bulk=delete`) */
  actions: Record<string, BulkCall>;
}

/** How many failures a summary names before 'and N more' (the toast travels in a cookie). */
const SUMMARY_LINES = 8;

/** The summary toast of a bulk call: what was done, and each row left with the single action's reason. */
function bulkSummary(result: ApiResult<BulkResult>, action: BulkCall, noun: string) {
  if (!result.success) return { type: "error" as const, message: result.message || UI_MSG.somethingWrong };
  const { total, succeeded, failed } = result.data;
  const done = succeeded.length;
  const message =
    done === total
      ? `${action.done} ${done} ${nounFor(done, noun)}.`
      : `${action.done} ${done} of ${total} ${nounFor(total, noun)}. Not done:`;
  const details = failed.slice(0, SUMMARY_LINES).map((row) => `${row.name ?? row.id}: ${row.message}`);
  if (failed.length > SUMMARY_LINES) details.push(`and ${failed.length - SUMMARY_LINES} more`);
  return {
    type: failed.length ? ("error" as const) : ("success" as const),
    message,
    ...(details.length ? { details } : {}),
  };
}

/**
 * A list's bulk form (`intent=bulk`, ADR 0074), in two steps that work without JavaScript. The list's form posts the
 * action's name (`bulk`), the rows checked (`ids`) or `select=page` (every row of the page, `pageIds`) or `select=all`
 * (the whole filtered list): the answer is the same list with the confirmation open (`?bulk=delete&ids=a,b` or
 * `&all=1`), which names the count. The confirmation posts `confirmed`: the API's bulk call runs, and the user goes back
 * to the list with a summary of what was done and what was not, and why.
 */
export async function bulkRows(api: ApiClient, request: Request, formData: FormData, spec: BulkSpec) {
  const url = new URL(request.url);
  const back = closeOverlayHref(url);
  const name = String(formData.get("bulk") ?? "");
  const action = Object.hasOwn(spec.actions, name) ? spec.actions[name] : null;
  if (!action) return redirectWithToast(back, { type: "error", message: UI_MSG.somethingWrong }, api.headers);
  const ids = (values: FormDataEntryValue[]) =>
    [...new Set(values.flatMap((v) => String(v).split(",")).map((id) => id.trim()))].filter(Boolean);

  if (formData.get("confirmed") !== "1") {
    const select = formData.getAll("select").map(String);
    const chosen = select.includes("page") ? ids(formData.getAll("pageIds")) : ids(formData.getAll("ids"));
    if (!select.includes("all") && !chosen.length)
      return redirectWithToast(back, { type: "error", message: MSG.bulkNothingChosen }, api.headers);
    const open = select.includes("all") ? { all: "1" } : { ids: chosen.join(",") };
    return redirect(listHref(new URL(back, url), { bulk: name, ...open }, { resetPage: false }), {
      headers: api.headers,
    });
  }

  let selection: BulkSelection;
  if (formData.get("all") === "1") {
    // the list call's query, as the list page sends it, without its paging
    const {
      skip: _skip,
      limit: _limit,
      ...query
    } = {
      ...listQuery(request, spec.sort ?? LIST_DEFAULT_SORT),
      ...readFilters(url.searchParams, spec.filters ?? {}),
      ...spec.fixed,
    };
    selection = { all: true, query };
  } else selection = { ids: ids(formData.getAll("ids")) };
  const result = await action.call(api, selection, formData);
  const to = result.success && action.removes ? listHref(new URL(back, url), { page: null }) : back;
  return redirectWithToast(to, bulkSummary(result, action, spec.noun), api.headers);
}
