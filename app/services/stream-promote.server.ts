// The edit stream page's Promoted Products card (spec 3 §2, §5 Promotion discount; ADR 0039): what
// its drawer and discount form load, and the card's two forms (promote, remove), posted to the page with an `intent`.
import { json } from "@remix-run/node";
import { MSG } from "#contract/core/messages";
import type { LoggedUser } from "#contract/access/auth";
import { can } from "#contract/access/rights";
import type { StreamDetail } from "#contract/streams/streams-api";
import type { PromotableProduct, PromotionDetail } from "#contract/streams/streams-promote-api";
import { PROMOTE, PROMOTE_FIELDS, PROMOTE_PAGE, PROMOTE_PARAMS, stagedOf } from "~/lib/stream-promote";
import { listHref } from "~/lib/url-state";
import { isStreamFinished } from "~/lib/streams";
import { pageNotFound, type ApiClient, type ApiResult } from "./api.server";
import { redirectWithToast } from "./toast.server";

const isId = (id: string | null): id is string => !!id && /^[0-9a-f]{24}$/.test(id);

/** A failed call's words: the API's own message for what the user can fix (4xx), else the spec's 'An error occurred during the API call.'. */
const failure = (result: Pick<ApiResult, "httpStatus" | "message">) =>
  result.httpStatus >= 400 && result.httpStatus < 500 && result.message ? result.message : MSG.promotionApiError;

export interface PromoteDrawer {
  rows: PromotableProduct[];
  isNext: boolean;
  departments: { value: string; label: string }[];
  error: string | null;
}

export interface PromotedCard {
  /** may add, change and remove (the right 'promote stream', and the stream is not finished) */
  canPromote: boolean;
  /** variation id → its combination (e.g. Red_M), for the table's per-variation rows */
  variants: Record<string, string>;
  drawer: PromoteDrawer | null;
  dialog: { detail: PromotionDetail | null; error: string | null } | null;
}

/** What the card needs for this URL: the drawer's products when ?drawer=promote, the form's product when ?promote=. */
export async function loadPromotedCard(
  api: ApiClient,
  user: LoggedUser,
  stream: StreamDetail,
  url: URL,
): Promise<PromotedCard> {
  const canPromote = can(user, "stream:promote") && !isStreamFinished(stream);
  const params = url.searchParams;
  const withVariations = [...new Set(stream.products.filter((p) => p.variationId).map((p) => p.productId._id))];
  const openDrawer = canPromote && params.get(PROMOTE.drawerParam) === PROMOTE.drawer;
  const dialogId = canPromote ? params.get(PROMOTE.dialog) : null;
  const [details, list, shop, dialog] = await Promise.all([
    // the names of promoted variations (only products promoted per variation)
    canPromote
      ? Promise.all(
          withVariations.map((id) =>
            api.get(`live-stream/promotion-temp-data/${id}`, { streamId: stream._id, isWeb: true }),
          ),
        )
      : Promise.resolve([]),
    openDrawer ? drawerProducts(api, params, { streamId: stream._id }) : null,
    openDrawer ? api.get(`shop/getdetails/${stream.shopId}`) : null,
    dialogId === null
      ? null
      : isId(dialogId)
        ? api.get(`live-stream/promotion-temp-data/${dialogId}`, { streamId: stream._id, isWeb: true })
        : ({ success: false, httpStatus: 404, message: MSG.notFound } as const),
  ]);
  const variants: Record<string, string> = {};
  for (const d of details) if (d.success) for (const v of d.data.variations) variants[v._id] = v.variant;
  return {
    canPromote,
    variants,
    drawer: drawerOf(list, shop),
    dialog: dialog
      ? { detail: dialog.success ? dialog.data : null, error: dialog.success ? null : failure(dialog) }
      : null,
  };
}

/** The drawer's products of a shop (or of a stream's shop): the URL's search, department and how many are shown. */
function drawerProducts(api: ApiClient, params: URLSearchParams, scope: { streamId: string } | { shopId: string }) {
  const shown = Math.min(100, Math.max(PROMOTE_PAGE, Number(params.get(PROMOTE.shown)) || PROMOTE_PAGE));
  return api.get("live-stream/promotion-products", {
    ...scope,
    search: params.get(PROMOTE.search) ?? undefined,
    department: params.get(PROMOTE.department) ?? undefined,
    limit: shown,
    // spec 3 §7: shop products for the drawer, createdAt descending
    sort: "createdAt",
    sortType: "desc",
  });
}

function drawerOf(
  list: ApiResult<PromotableProduct[]> | null,
  shop: ApiResult<{ categories: { _id: string; name: string }[] }> | null,
): PromoteDrawer | null {
  return list
    ? {
        rows: list.success ? list.data : [],
        isNext: list.success ? !!list.isNext : false,
        departments: shop?.success ? shop.data.categories.map((c) => ({ value: c._id, label: c.name })) : [],
        error: list.success ? null : failure(list),
      }
    : null;
}

/** An Add Stream page's card (ADR 0070): the products chosen in the URL, and the drawer of the shop's products. */
export interface StagedCard {
  canPromote: boolean;
  chosen: PromotableProduct[];
  drawer: PromoteDrawer | null;
}

export async function loadStagedCard(api: ApiClient, user: LoggedUser, shopId: string, url: URL): Promise<StagedCard> {
  const canPromote = can(user, "stream:promote");
  const params = url.searchParams;
  const ids = canPromote ? stagedOf(params) : [];
  const openDrawer = canPromote && params.get(PROMOTE.drawerParam) === PROMOTE.drawer;
  const [chosen, list, shop] = await Promise.all([
    ids.length ? api.get("live-stream/promotion-products", { shopId, ids: ids.join(","), limit: ids.length }) : null,
    openDrawer ? drawerProducts(api, params, { shopId }) : null,
    openDrawer ? api.get(`shop/getdetails/${shopId}`) : null,
  ]);
  // in the order chosen; an id that is no longer the shop's product drops out
  const found = new Map((chosen?.success ? chosen.data : []).map((p) => [p._id, p]));
  return {
    canPromote,
    chosen: ids.flatMap((id) => found.get(id) ?? []),
    drawer: drawerOf(list, shop),
  };
}

/** What a failed promote answers: the message, and the values the user sent (the form shows them again). */
export interface PromoteActionError {
  promoteError: string;
  values: Record<string, string>;
}

const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();

/** The form's fields as the call's data list (spec 3 §7): blank values are sent blank, so the API answers 'All Fields Are Required'. */
function dataList(form: FormData, detail: PromotionDetail) {
  const one = { promotionType: text(form, PROMOTE_FIELDS.type), promotion: text(form, PROMOTE_FIELDS.amount) };
  if (!detail.product.isVariationAvailable) return [one];
  if (text(form, PROMOTE_FIELDS.scope) !== "each") return [{ ...one, allVariations: true }];
  return detail.variations
    .map((v) => ({
      variationId: v._id,
      promotionType: text(form, PROMOTE_FIELDS.variationType(v._id)),
      promotion: text(form, PROMOTE_FIELDS.variationAmount(v._id)),
    }))
    .filter((e) => e.promotionType || e.promotion);
}

/** The card's forms (intent promote or remove); on success the toast, and the page without the card's overlays. */
export async function promotedCardAction(request: Request, api: ApiClient, user: LoggedUser, stream: StreamDetail) {
  if (!can(user, "stream:promote")) throw pageNotFound();
  const url = new URL(request.url);
  const form = await request.formData();
  const intent = text(form, "intent");
  const productId = text(form, "productId");
  const values = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
  const refuse = (message: string, status = 400) =>
    json<PromoteActionError>({ promoteError: message, values }, { status, headers: api.headers });
  const done = listHref(url, Object.fromEntries(PROMOTE_PARAMS.map((p) => [p, null])));
  if (intent === "remove") {
    const result = await api.delete("live-stream/promotion-temp-data", { streamId: stream._id, productId });
    return redirectWithToast(
      done,
      { type: result.success ? "success" : "error", message: result.success ? result.message : failure(result) },
      api.headers,
    );
  }
  if (intent !== "promote") return refuse(MSG.promotionApiError);
  const detail = await api.get(`live-stream/promotion-temp-data/${productId}`, { streamId: stream._id, isWeb: true });
  if (!detail.success)
    return refuse(failure(detail), detail.httpStatus >= 400 && detail.httpStatus < 500 ? detail.httpStatus : 502);
  const result = await api.post("live-stream/promotion-temp-data", {
    streamId: stream._id,
    productId,
    data: dataList(form, detail.data),
  });
  if (!result.success)
    return refuse(failure(result), result.httpStatus >= 400 && result.httpStatus < 500 ? result.httpStatus : 502);
  return redirectWithToast(done, { type: "success", message: result.message }, api.headers);
}
