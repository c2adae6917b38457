// The customer page (spec 2 §2 Customer detail, §3 Customer, §4 Lists, §7 Customer; ADR 0035): its loader
// and the action of its forms (wishlist add and remove, note add and remove, the Chat tab's send).
import { parse, type SubmissionResult } from "@conform-to/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { UI_MSG } from "#contract/core/messages-ui";
import { can } from "#contract/access/rights";
import { CUSTOMER_CHAT, PAGE_SIZE, PICKER, tabOf, CUSTOMER_ACCESS, type CustomerTab } from "~/lib/customer-page";
import { CHAT_PARAMS } from "~/lib/chat";
import { LIST_DEFAULT_SORT } from "~/lib/url-state";
import { ORDERS_ACCESS } from "~/lib/orders";
import { apiFor, listQuery, pageNotFound, type ApiClient } from "./api.server";
import { chatSendAction, chatSession, loadChannel, markChannelRead } from "./chat.server";
import { handleIntent, replyWithApiRefusal } from "./forms.server";
import { redirectWithToast } from "./toast.server";

const isId = (id: string | undefined): id is string => !!id && /^[0-9a-f]{24}$/.test(id);

/** The open tab's list: 10 purchases or wishlist entries, or 5 notes, a page (spec 2 §9). */
function tabList(
  api: Awaited<ReturnType<typeof apiFor>>["api"],
  request: Request,
  id: string,
  tab: Exclude<CustomerTab, "chat">,
) {
  const query = { ...listQuery(request, { ...LIST_DEFAULT_SORT, limit: PAGE_SIZE[tab] }), search: undefined };
  if (tab === "purchases")
    return api.get("user/purchases", { ...query, customerId: id }).then((r) => ({ tab, ...r }) as const);
  if (tab === "wishlist") return api.get(`user/wishlist/${id}`, query).then((r) => ({ tab, ...r }) as const);
  return api.get(`user/notes/${id}`, query).then((r) => ({ tab, ...r }) as const);
}

/** 'Select Products': the shop's products with isInWishList for this customer, searched, 10 more at a time. */
function pickerProducts(api: Awaited<ReturnType<typeof apiFor>>["api"], search: URLSearchParams, id: string) {
  const shown = Math.min(100, Math.max(PAGE_SIZE.picker, Number(search.get(PICKER.shown)) || PAGE_SIZE.picker));
  return api.get("product", {
    customerId: id,
    search: search.get(PICKER.search)?.trim() || undefined,
    limit: shown,
    skip: 0,
    sort: "createdAt",
    sortType: "desc",
  });
}

/**
 * The Chat tab's channel (spec 2 §2 Chat tab, §7 POST chat/customer): the one-to-one `messaging` channel of the
 * customer and the signed-in user, made on first opening; its newest messages (or those before `?before=`), marked
 * read when the newest are shown. A customer who never signed in to the app: the API's message ('This customer is
 * not using the {product} mobile app...', the product named), in `error`.
 */
async function customerChat(api: ApiClient, request: Request, customerId: string) {
  const chat = await chatSession(api, request);
  if (!chat) throw pageNotFound();
  const opened = await api.post("chat/customer", { memberId: customerId, userId: chat.token.userId });
  if (opened.httpStatus === 404) throw pageNotFound();
  if (!opened.success) return { channel: null, error: opened.message || UI_MSG.somethingWrong, before: null };
  const before = new URL(request.url).searchParams.get(CHAT_PARAMS.before);
  const channel = await loadChannel(chat, opened.data.cid, before);
  if (!before) await markChannelRead(chat, channel.cid);
  return { channel, error: null, before };
}

export async function customerPageLoader({ request, params }: LoaderFunctionArgs) {
  const { api, user } = await apiFor(request, CUSTOMER_ACCESS);
  // the page needs the customer module's 'view' (staff); another shop's customer is 404 like one that does not exist
  if (!can(user, "customer:view") || !isId(params.customerId)) throw pageNotFound();
  const id = params.customerId;
  const search = new URL(request.url).searchParams;
  const tab = tabOf(search.get("tab"));
  const canChat = can(user, CUSTOMER_CHAT);
  if (tab === "chat" && !canChat) throw pageNotFound();
  const canWrite = can(user, "customer:add");
  const pickerOpen = tab === "wishlist" && canWrite && search.get("drawer") === PICKER.drawer;
  const [customer, list, picker] = await Promise.all([
    api.get(`user/customer/${id}`),
    tab === "chat" ? null : tabList(api, request, id, tab),
    pickerOpen ? pickerProducts(api, search, id) : null,
  ]);
  if (customer.httpStatus === 404) throw pageNotFound();
  // the customer first (another shop's is 404 before any channel is made)
  const chat = tab === "chat" ? await customerChat(api, request, id) : null;
  // spec 2 §8: a failed customer-history load shows nothing (and is only logged)
  if (list && !list.success) console.error(`customer ${tab} failed (${list.httpStatus}): ${list.message}`);
  return json(
    {
      customer: customer.success ? customer.data : null,
      customerError: customer.success ? null : customer.message,
      tab,
      purchases:
        list?.tab === "purchases" && list.success
          ? { rows: list.data, count: list.count ?? 0, isNext: !!list.isNext }
          : null,
      wishlist:
        list?.tab === "wishlist" && list.success
          ? { rows: list.data, count: list.count ?? 0, isNext: !!list.isNext }
          : null,
      notes:
        list?.tab === "notes" && list.success
          ? { rows: list.data, count: list.count ?? 0, isNext: !!list.isNext }
          : null,
      picker: picker
        ? {
            rows: picker.success ? picker.data : [],
            isNext: picker.success && !!picker.isNext,
            error: picker.success ? null : picker.message,
          }
        : null,
      chat,
      canWrite,
      canChat,
      // the order page's own gate (staff need the order module): without it the purchases show their orders unlinked
      canOpenOrders: can(user, ORDERS_ACCESS),
    },
    { headers: api.headers },
  );
}

/** What a refused note answers: the note form's reply, the API's message on the note field when it is about the note. */
export interface NoteAnswer {
  note: SubmissionResult<string[]>;
}

/**
 * The page's forms, told apart by `intent`: `wishlist` (prodId, action) from the wishlist and the picker, `note-add`
 * and `note-remove`. Success: back to the same address (the picker stays open, both lists reload: spec 2 §4 Lists)
 * with the API's message as a toast; a refused note: its message on the form ('Please Enter Note!').
 */
export async function customerPageAction({ request, params }: ActionFunctionArgs) {
  const { api, user } = await apiFor(request, CUSTOMER_ACCESS);
  if (!isId(params.customerId)) throw pageNotFound();
  const cusId = params.customerId;
  const url = new URL(request.url);
  // the Chat tab's one form: ChannelPane's send (text or a file), to this customer's channel only
  if (tabOf(url.searchParams.get("tab")) === "chat") {
    if (!can(user, "customer:view") || !can(user, CUSTOMER_CHAT)) throw pageNotFound();
    const opened = await api.post("chat/customer", { memberId: cusId, userId: user._id });
    if (opened.httpStatus === 404) throw pageNotFound();
    if (!opened.success) return json({ error: opened.message || UI_MSG.somethingWrong }, { status: opened.httpStatus });
    return chatSendAction(api, request, opened.data.cid);
  }
  const here = `${url.pathname}${url.search}`;
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? "");
  const toast = (result: { success: boolean; message: string }, to = here) =>
    redirectWithToast(
      to,
      { type: result.success ? "success" : "error", message: result.message || UI_MSG.somethingWrong },
      api.headers,
    );
  return handleIntent(
    form,
    {
      wishlist: async () =>
        toast(await api.put("user/wishlist", { prodId: field("prodId"), action: field("action"), customerId: cusId })),
      "note-add": async () => {
        const result = await api.put("user/notes", { action: "add", cusId, note: field("note") });
        if (!result.success)
          return json<NoteAnswer>(
            {
              note: replyWithApiRefusal(
                parse(form, { resolve: (value) => ({ value }) }),
                {
                  message: result.message || UI_MSG.somethingWrong,
                  errors: result.errors?.note?.length ? { note: [result.errors.note[0]] } : undefined,
                },
                ["note"],
              ),
            },
            {
              status: result.httpStatus >= 400 && result.httpStatus < 500 ? result.httpStatus : 400,
              headers: api.headers,
            },
          );
        // the new note is the newest: the first page of the notes
        const to = new URL(url);
        to.searchParams.delete("page");
        return toast(result, `${to.pathname}${to.search}`);
      },
      "note-remove": async () =>
        toast(await api.put("user/notes", { action: "remove", cusId, noteId: field("noteId") })),
    },
    () =>
      json<NoteAnswer>(
        { note: parse(form, { resolve: () => ({ error: { "": [UI_MSG.somethingWrong] } }) }).reply() },
        { status: 400, headers: api.headers },
      ),
  );
}
