import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { can } from "#contract/access/rights";
import { isTransaction, type PayoutChangeBody } from "#contract/campaigns/payouts-api";
import { CAMPAIGN_PAYOUT_LIST_LIMIT } from "#contract/campaigns/campaigns";
import { UI_MSG } from "#contract/core/messages-ui";
import { apiFor, pageNotFound, type ApiClient } from "~/services/api.server";
import { redirectWithToast } from "~/services/toast.server";
import { loadStreamChat, streamChatAction } from "~/services/stream-chat.server";
import { CAMPAIGN_PAGE } from "~/lib/campaigns";
import {
  ACCEPTED_TABS,
  acceptedHref,
  type AcceptedAnswer,
  type AcceptedTab,
  type CommissionDraftRow,
} from "~/lib/accepted-influencer";

// The accepted-influencer page (spec 3 §2 Accepted-influencer page; §3 payout terms, Transaction; §4 Transactions):
// the influencer's card, the Payments card (fee, free products, sales commission) and the transactions. Every change
// is a plain POST to the page; the URL carries the tab, the product drawer and the edit / delete steps.

const ID = /^[0-9a-f]{24}$/;
/** products the drawer lists per search */
const DRAWER_PRODUCTS = 20;
/** the sub-category look-up's pages (100 a page; spec 3 §9: categories limit 500) */
const SUBCATEGORY_PAGES = 5;

async function door(request: Request, params: LoaderFunctionArgs["params"]) {
  const { api, user } = await apiFor(request, CAMPAIGN_PAGE);
  // spec 3 §6: staff follow the campaign module: 'view' reads, 'edit' changes
  if (!can(user, "campaign:view") && !can(user, "campaign:edit")) throw pageNotFound();
  const { campaignId = "", influencerId = "" } = params;
  if (!ID.test(campaignId) || !ID.test(influencerId)) throw pageNotFound();
  const campaign = await api.get(`campaign/${campaignId}`);
  if (campaign.httpStatus === 404) throw pageNotFound();
  if (!campaign.success) throw json({ message: campaign.message }, { status: campaign.httpStatus });
  // the page is for an influencer accepted in the campaign; anyone else is 'Page not found'
  const accepted = await api.get(`campaign/influencer/${campaignId}`, { type: "accepted", limit: 100 });
  const member = accepted.success ? accepted.data.find((row) => row.influencer._id === influencerId) : undefined;
  if (!member) throw pageNotFound();
  return { api, user, campaign: campaign.data, member, canEdit: can(user, "campaign:edit") };
}

/** Age in whole years on `today` from a YYYY-MM-DD date of birth; null when unknown. */
export function ageFrom(dob: string | null | undefined, today = new Date()): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(dob ?? "");
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  let age = today.getUTCFullYear() - y;
  if (today.getUTCMonth() + 1 < mo || (today.getUTCMonth() + 1 === mo && today.getUTCDate() < d)) age -= 1;
  return age >= 0 ? age : null;
}

/** The shop's sub-categories: the catalogue's leaves under the shop's departments, A to Z. */
async function shopSubcategories(api: ApiClient, shopId: string) {
  const shop = await api.get(`shop/getdetails/${shopId}`);
  const departments = new Set(shop.success ? shop.data.categories.map((c) => c._id) : []);
  const options: { value: string; label: string }[] = [];
  for (let page = 1; page <= SUBCATEGORY_PAGES; page += 1) {
    const result = await api.get("category/subcategory-list", { page, limit: 100 });
    if (!result.success) break;
    for (const s of result.data)
      if (departments.has(s.parent.parent._id))
        options.push({ value: s._id, label: `${s.parent.parent.name} › ${s.parent.name} › ${s.name}` });
    if (!result.isNext) break;
  }
  return options;
}

/** The product drawer (?drawer=products&search=…&product=…): the shop's products, and the chosen one's variations. */
async function productDrawer(api: ApiClient, shopId: string, search: URLSearchParams) {
  const q = search.get("search") ?? "";
  const products = await api.get("product", { shopId, search: q, limit: DRAWER_PRODUCTS });
  const productId = search.get("product") ?? "";
  const chosen = ID.test(productId) ? await api.get(`product/${productId}`) : null;
  return {
    search: q,
    products: products.success
      ? products.data.map((p) => ({
          _id: p._id,
          name: p.name,
          defaultImage: p.defaultImage,
          stock: p.stock,
          price: p.price,
          hasVariations: p.isVariationAvailable,
        }))
      : [],
    error: products.success ? null : products.message,
    chosen:
      chosen?.success && chosen.data.shopId === shopId
        ? {
            _id: chosen.data._id,
            name: chosen.data.name,
            stock: chosen.data.stock,
            variations: chosen.data.isVariationAvailable
              ? chosen.data.variations.map((v) => ({ _id: v._id, variantName: v.variantName, stock: v.stock }))
              : [],
          }
        : null,
  };
}

export async function acceptedInfluencerLoader({ request, params }: LoaderFunctionArgs) {
  const { api, user, campaign, member, canEdit } = await door(request, params);
  const url = new URL(request.url);
  const tab: AcceptedTab = ACCEPTED_TABS.find((t) => t === url.searchParams.get("tab")) ?? "portfolio";
  const campaignId = campaign._id;
  const influencerId = member.influencer._id;
  const [profile, terms, outline, payments] = await Promise.all([
    api.get(`user/influencer/${influencerId}`),
    api.get(`campaign/payout/${campaignId}/${influencerId}`),
    api.get("campaign/payment-outline", { campaignId, limit: CAMPAIGN_PAYOUT_LIST_LIMIT }),
    api.get("campaign/payment", { campaignId, influencerId, isPayment: "true", limit: CAMPAIGN_PAYOUT_LIST_LIMIT }),
  ]);
  const transactions = payments.success ? payments.data.filter(isTransaction) : [];
  // the Streams tab: this influencer's streams in the campaign; ?dialog=view&id=… opens the viewer over them
  const streams =
    tab === "streams"
      ? await api.post("live-stream/list", undefined, {
          campaignId,
          streamer: influencerId,
          limit: 100,
          sort: "startDateAndTime",
          sortType: "desc",
        })
      : null;
  const viewId = url.searchParams.get("dialog") === "view" ? (url.searchParams.get("id") ?? "") : "";
  const viewed = tab === "streams" && ID.test(viewId) ? await api.get(`live-stream/${viewId}`) : null;
  const drawerOpen = canEdit && url.searchParams.get("drawer") === "products";
  // the viewer's live chat (spec 3 §2), as on the stream lists
  const chat = await loadStreamChat(api, request, user, viewed?.success ? viewed.data : null);
  return json(
    {
      campaign: { _id: campaignId, title: campaign.title, shopId: campaign.shopId },
      tab,
      canEdit,
      // the card: the full profile where the caller may read it, else the membership row's image, name and email
      influencer: {
        _id: influencerId,
        name: `${member.influencer.fName} ${member.influencer.lName}`.trim(),
        email: member.influencer.email,
        image: member.influencer.image,
        bio: profile.success ? profile.data.bio : null,
        age: profile.success ? ageFrom(profile.data.dob) : null,
        portfolio: profile.success ? profile.data.portfolio : [],
      },
      terms: terms.success ? terms.data : null,
      termsError: terms.success ? null : terms.message,
      payout: outline.success ? (outline.data.find((row) => row.influencerId === influencerId) ?? null) : null,
      transactions,
      transactionsError: payments.success ? null : payments.message,
      streams: streams ? (streams.success ? streams.data : []) : [],
      streamsError: streams && !streams.success ? streams.message : null,
      viewed: viewed?.success ? viewed.data : null,
      chat,
      subcategories: canEdit ? await shopSubcategories(api, campaign.shopId) : [],
      drawer: drawerOpen ? await productDrawer(api, campaign.shopId, url.searchParams) : null,
    },
    { headers: api.headers },
  );
}

const text = (form: FormData, key: string) => String(form.get(key) ?? "").trim();

/** The Sales Commission rows as the form sends them (subCategory[i], commission[i]), in order. */
export function commissionRowsOf(form: FormData): CommissionDraftRow[] {
  const categories = form.getAll("subCategory").map(String);
  const commissions = form.getAll("commission").map(String);
  return categories.map((subCategory, i) => ({ subCategory, commission: (commissions[i] ?? "").trim() }));
}

/** The API's refusal of a commission list as per-row messages (its errors name `salesCommission.{i}.{field}`). */
function rowErrors(errors: Record<string, string[]> | undefined) {
  const out: Record<string, string> = {};
  for (const [key, messages] of Object.entries(errors ?? {})) {
    const m = /^salesCommission\.(\d+)\.(subCategory|commission)$/.exec(key);
    if (m && messages[0]) out[`${m[1]}.${m[2]}`] = messages[0];
  }
  return out;
}

/** The free product the drawer's form sends: a quantity, or one per variation (variation[i], quantity[i]). */
function freeProductOf(form: FormData): NonNullable<PayoutChangeBody["freeProduct"]> {
  const productId = text(form, "productId");
  const variationIds = form.getAll("variationId").map(String);
  if (!variationIds.length) return { productId, quantity: text(form, "quantity") };
  const quantities = form.getAll("quantity").map(String);
  return {
    productId,
    variations: variationIds.map((variationId, i) => ({
      variationId,
      quantity: quantities[i]?.trim() || "0",
    })),
  };
}

const answer = (body: AcceptedAnswer, status: number, headers: Headers) => json(body, { status, headers });

export async function acceptedInfluencerAction({ request, params }: ActionFunctionArgs) {
  const { api, user, campaign, member, canEdit } = await door(request, params);
  // the Streams tab's viewer: its live chat's forms (for whoever has 'stream chat', also staff who only read the terms)
  const chat = await streamChatAction(api, user, request);
  if (chat) return chat;
  if (!canEdit) throw pageNotFound();
  const url = new URL(request.url);
  const form = await request.formData();
  // without JavaScript a commission row's Remove names its row: commission-remove-row-{i}
  const [intent, removeAt] = text(form, "intent").startsWith("commission-remove-row-")
    ? ["commission-remove-row", Number(text(form, "intent").slice("commission-remove-row-".length))]
    : [text(form, "intent"), -1];
  const campaignId = campaign._id;
  const influencerId = member.influencer._id;
  const tab = url.searchParams.get("tab");
  const back = acceptedHref(campaignId, influencerId, { tab });
  const payout = `campaign/payout/${campaignId}/${influencerId}` as const;
  const done = (message: string, to = back) => redirectWithToast(to, { type: "success", message }, api.headers);

  switch (intent) {
    case "fee": {
      const result = await api.put(payout, { fee: text(form, "fee") });
      // the autosave (a fetcher) reads the answer in place; a plain POST returns to the page with the toast
      if (form.get("autosave") === "1" || !result.success)
        return answer(
          { intent, ok: result.success, message: result.message, fee: text(form, "fee") },
          result.success ? 200 : result.httpStatus,
          api.headers,
        );
      return done(result.message);
    }
    case "add-product":
    case "remove-product": {
      const freeProduct =
        intent === "add-product"
          ? freeProductOf(form)
          : {
              productId: text(form, "productId"),
              ...(text(form, "variationId") ? { variationId: text(form, "variationId") } : {}),
            };
      const result = await api.put(payout, { action: intent, freeProduct });
      if (!result.success)
        return answer({ intent, ok: false, message: result.message }, result.httpStatus, api.headers);
      return done(result.message);
    }
    case "commission-add-row":
    case "commission-remove-row":
    case "commission": {
      const rows = commissionRowsOf(form);
      // Add Row and Remove change the draft (without JavaScript they come back from here); Save saves the whole list
      if (intent === "commission-add-row")
        return answer({ intent, ok: true, rows: [...rows, { subCategory: "", commission: "" }] }, 200, api.headers);
      if (intent === "commission-remove-row") {
        return answer({ intent, ok: true, rows: rows.filter((_, i) => i !== removeAt) }, 200, api.headers);
      }
      const result = await api.put(payout, { salesCommission: rows });
      if (!result.success)
        return answer(
          { intent, ok: false, message: result.message, rows, rowErrors: rowErrors(result.errors) },
          result.httpStatus,
          api.headers,
        );
      return done(result.message);
    }
    case "add-payment":
    case "edit-payment": {
      const body = { amount: text(form, "amount"), note: text(form, "note") };
      const id = text(form, "transactionId");
      const result =
        intent === "add-payment"
          ? await api.post("campaign/payment", { ...body, campaignId, influencerId, isPayment: true })
          : await api.put(`campaign/payment/${ID.test(id) ? id : "none"}`, {
              ...body,
              transactionId: id,
              campaignId,
              influencerId,
            });
      if (!result.success)
        return answer(
          {
            intent,
            ok: false,
            message: result.message,
            amount: body.amount,
            note: body.note,
            fieldErrors: result.errors,
          },
          result.httpStatus,
          api.headers,
        );
      return done(result.message);
    }
    case "delete-payment": {
      const id = text(form, "transactionId");
      const result = await api.delete(`campaign/payment/${ID.test(id) ? id : "none"}`, {
        transactionId: id,
        campaignId,
        influencerId,
      });
      if (!result.success) return redirectWithToast(back, { type: "error", message: result.message }, api.headers);
      // spec 3 §8: 'Transaction Deleted'
      return done(result.message);
    }
    default:
      return answer({ intent, ok: false, message: UI_MSG.somethingWrong }, 400, api.headers);
  }
}
