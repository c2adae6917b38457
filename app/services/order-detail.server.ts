// The order detail (spec 2 §2 Order detail, §3 Order, §4 line statuses and quick tags): its loader.
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { ORDER_UI_MSG } from "#contract/orders/messages-orders-ui";
import { UI_MSG } from "#contract/core/messages-ui";
import { LINE_DIALOG_STATUSES, QUICK_TAGS } from "#contract/orders/order-views";
import { can } from "#contract/access/rights";
import { z } from "#contract/core/zod";
import type { LineStatusAnswer } from "~/components/order/LineStatusDialog";
import { safeRedirect } from "~/lib/redirect";
import { apiFor, pageNotFound, type ApiClient } from "./api.server";
import { replyWithApiRefusal } from "./forms.server";
import { ORDERS_DOOR } from "./orders.server";
import { redirectWithToast } from "./toast.server";

/**
 * Where Back leads (spec 2 §2): the campaign's dashboard when the link says it came from one (`?campaign=<id>`),
 * else the list the user came from (`?back=`, our own console paths only), else the order list. With JavaScript the
 * page goes back one page instead, unless it came from a campaign.
 */
export function backHref(url: URL) {
  const campaign = url.searchParams.get("campaign");
  if (campaign && /^[\w-]{1,64}$/.test(campaign))
    return { href: `/app/campaigns/${campaign}/dashboard`, campaign: true };
  return { href: safeRedirect(url.searchParams.get("back"), "/app/orders"), campaign: false };
}

export async function orderDetailLoader({ request, params }: LoaderFunctionArgs) {
  const { api, user } = await apiFor(request, ORDERS_DOOR);
  const id = params.id ?? "";
  // another shop's order answers 404 like one that does not exist: the page's 'Page not found'
  if (!/^[0-9a-f]{24}$/.test(id)) throw pageNotFound();
  const order = await api.get(`order/${id}`, { isWeb: "true" });
  if (order.httpStatus === 404) throw pageNotFound();
  const url = new URL(request.url);
  return json(
    {
      order: order.success ? order.data : null,
      error: order.success ? null : order.message,
      back: backHref(url),
      // spec 2 §6: staff need 'order status edit' to see the line and quick-tag controls; the API decides again
      canEdit: can(user, "order:status-edit"),
      // spec 2 Order detail: the Chat tag (hidden when the buyer is an influencer); staff need direct chat
      canChat: can(user, "chat:direct-chat"),
    },
    { headers: api.headers },
  );
}

/** The dialog's form: the line it is about (hidden fields), the status chosen, and the reason a refund needs. */
const lineStatusForm = z
  .object({
    intent: z.literal("line-status"),
    lineId: z.string().trim().min(1).max(64),
    productId: z.string().trim().min(1).max(64),
    shopId: z.string().trim().min(1).max(64),
    shopStatus: z.enum(LINE_DIALOG_STATUSES, { error: ORDER_UI_MSG.lineStatusRequired }),
    reason: z.string().trim().max(500).optional(),
  })
  .superRefine((form, ctx) => {
    if (form.shopStatus === "Refunded" && !form.reason)
      ctx.addIssue({ code: "custom", path: ["reason"], message: ORDER_UI_MSG.refundReasonRequired });
  });
/** What the dialog shows of its own (the rest of the form, the line it is about, is not the person's to mend). */
const DIALOG_FIELDS = ["shopStatus", "reason"];
const quickTagForm = z.object({
  intent: z.literal("quick-tag"),
  shopId: z.string().trim().min(1).max(64),
  shopStatus: z.enum(QUICK_TAGS),
});

const chatForm = z.object({ intent: z.literal("chat"), shopId: z.string().trim().min(1).max(64) });

/**
 * The Chat tag (spec 2 §7 POST chat): opens the order's chat with the shop, {orderId, shopId, userId: the buyer}, and
 * goes to it on the chat screen; a refusal comes back as a toast.
 */
async function openOrderChat(api: ApiClient, orderId: string, shopId: string, back: string) {
  const order = await api.get(`order/${orderId}`, { isWeb: "true" });
  if (!order.success) return redirectWithToast(back, { type: "error", message: order.message }, api.headers);
  const opened = await api.post("chat", { orderId, shopId, userId: order.data.data.buyerId._id });
  if (!opened.success)
    return redirectWithToast(back, { type: "error", message: opened.message || UI_MSG.somethingWrong }, api.headers);
  return redirect(`/app/chat?channel=${encodeURIComponent(opened.data.cid)}`, { headers: api.headers });
}

/** The detail's own address without the status dialog: where a change lands (the order reloads, spec 2 §4). */
const detailHref = (url: URL) => {
  const params = new URLSearchParams(url.search);
  params.delete("dialog");
  params.delete("line");
  const search = params.toString();
  return `${url.pathname}${search ? `?${search}` : ""}`;
};

/**
 * The line status dialog and the quick tags post here. Found and On Hold go to PUT order/{orderId} with the line;
 * Refunded (with its reason, spec 2 §5) to PUT payment/refund, which refunds the line once and marks it; a quick tag
 * to PUT order/{orderId} with {shopStatus, orderId, shopId}. Success: the detail reloads with the server's message as a
 * toast; a refusal: the dialog shows the server's message (spec 2 §8), or the quick tag's refusal comes as a toast.
 */
export async function orderDetailAction({ request, params }: ActionFunctionArgs) {
  const { api } = await apiFor(request, ORDERS_DOOR);
  const orderId = params.id ?? "";
  if (!/^[0-9a-f]{24}$/.test(orderId)) throw pageNotFound();
  const url = new URL(request.url);
  const back = detailHref(url);
  const formData = await request.formData();
  const chat = chatForm.safeParse(Object.fromEntries(formData));
  if (chat.success) return openOrderChat(api, orderId, chat.data.shopId, back);
  const tag = quickTagForm.safeParse(Object.fromEntries(formData));
  if (tag.success) {
    const result = await api.put(`order/${orderId}`, {
      shopStatus: tag.data.shopStatus,
      orderId,
      shopId: tag.data.shopId,
    });
    return redirectWithToast(
      back,
      { type: result.success ? "success" : "error", message: result.message || UI_MSG.somethingWrong },
      api.headers,
    );
  }
  const submission = parseWithZod(formData, { schema: lineStatusForm });
  const refused = (result: LineStatusAnswer["result"], status = 400) =>
    json<LineStatusAnswer>({ intent: "line-status", result }, { status, headers: api.headers });
  if (submission.status !== "success") {
    const mendable = Object.keys(submission.error ?? {}).every((name) => DIALOG_FIELDS.includes(name));
    return refused(mendable ? submission.reply() : submission.reply({ formErrors: [UI_MSG.somethingWrong] }));
  }
  const { lineId, productId, shopId, shopStatus, reason } = submission.value;
  const result =
    shopStatus === "Refunded"
      ? await api.put("payment/refund", { orderId, productsEntryId: [lineId], reason })
      : await api.put(`order/${orderId}`, { shopStatus, orderId, shopId, productId, _id: lineId });
  if (!result.success) {
    const refusal = { message: result.message || UI_MSG.somethingWrong, errors: result.errors };
    return refused(
      replyWithApiRefusal(submission, refusal, ["reason"]),
      result.httpStatus >= 400 && result.httpStatus < 500 ? result.httpStatus : 400,
    );
  }
  return redirectWithToast(back, { type: "success", message: result.message }, api.headers);
}
