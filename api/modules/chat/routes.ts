import { can } from "#contract/access/rights";
import {
  chatMuteBodySchema,
  customerChatBodySchema,
  type ChatMuteBody,
  type CustomerChatBody,
  chatDataBodySchema,
  orderChatBodySchema,
  orderChatQuerySchema,
  type ChatDataBody,
  type ChatTokenData,
  type ChatUnreadData,
  type OrderChatBody,
  type OrderChatQuery,
} from "#contract/chat/chat-api";
import { ANY_SIGNED_IN } from "#api/platform/auth/actor";
import { forbidden, ok } from "#api/platform/http/http";
import type { RouteDef } from "#api/platform/http/router";
import type { Context } from "hono";
import type { ApiEnv } from "#api/platform/http/router";
import type { Actor } from "#api/platform/auth/actor";
import type { Deps } from "#api/platform/deps";
import { chatProvider, signChatToken } from "./tokens";
import { chatUserById } from "./service";
import { chatData, findOrderChat, muteViewer, openCustomerChat, openOrderChat, unreadOf } from "./product";

/** The caller's chat user id: a console user's (staff need the chat module), or the app's customer's or influencer's. */
function chatUserId(c: Context<ApiEnv>, actor: Actor | null) {
  const userId = actor?.id ?? c.get("appCaller")?.id;
  if (!userId || (actor && !can(actor, "chat:any"))) throw forbidden();
  return userId;
}

/** The caller as a chat user: a console user (staff need the chat module) or the app's customer or influencer. */
async function chatCaller(c: Context<ApiEnv>, deps: Deps, actor: Actor | null) {
  const user = await chatUserById(deps, chatUserId(c, actor));
  if (!user) throw forbidden();
  return user;
}

// spec 1 §7, spec 3 §7 Chat: GET chat/token. Any console user (staff need the chat module) and the mobile app's
// customers and influencers (their bearer tokens) get a token for their own chat user.
export const chatRoutes: RouteDef[] = [
  {
    method: "get",
    path: "/chat/token",
    summary:
      "The signed-in user's chat token, with the chat service's key and address (Stream's client connects with them)",
    policy: ANY_SIGNED_IN,
    async handler({ c, deps, actor }) {
      const userId = chatUserId(c, actor);
      const provider = chatProvider(deps.env);
      const data: ChatTokenData = {
        token: signChatToken(provider.secret, userId, deps.now()),
        apiKey: provider.apiKey,
        baseURL: provider.baseURL(new URL(c.req.url).origin),
        userId,
      };
      return ok(data);
    },
  } as RouteDef<undefined, undefined, true>,
  {
    method: "get",
    path: "/chat/unread",
    summary:
      "The signed-in user's unread messages over their chats (total) and the chats holding any (channels); live streams' chats are left out. Console users (staff need the chat module) and the app's customers and influencers",
    policy: ANY_SIGNED_IN,
    async handler({ c, deps, actor }) {
      const data: ChatUnreadData = await unreadOf(deps, chatUserId(c, actor));
      return ok(data);
    },
  } as RouteDef<undefined, undefined, true>,
  {
    method: "post",
    path: "/chat",
    summary:
      "The chat (a team channel) of an order with one of its shops, made on the first call: orderId, shopId, userId (the buyer). The shop's owner, its staff with direct chat, an admin, or the buyer in the app; answers the channel's cid, id, type and data",
    policy: ANY_SIGNED_IN,
    body: orderChatBodySchema,
    async handler({ c, deps, actor, body }) {
      return ok(await openOrderChat(deps, await chatCaller(c, deps, actor), body));
    },
  } as RouteDef<OrderChatBody, undefined, true>,
  {
    method: "get",
    path: "/chat/chat-request",
    summary:
      "The chat of an order with one of its shops, if it was opened: cusId (the buyer), shopId, orderId; the same rights as POST chat",
    policy: ANY_SIGNED_IN,
    query: orderChatQuerySchema,
    async handler({ c, deps, actor, query }) {
      const caller = await chatCaller(c, deps, actor);
      return ok(
        await findOrderChat(deps, caller, { orderId: query.orderId, shopId: query.shopId, userId: query.cusId }),
      );
    },
  } as RouteDef<undefined, OrderChatQuery, true>,
  {
    method: "post",
    path: "/chat/get-data",
    summary:
      "The chat list's display data of channels by cid (at most 30): each readable channel's descriptor, its members (name, image, role) and the order a team channel is about; channels the caller may not read are left out",
    policy: ANY_SIGNED_IN,
    body: chatDataBodySchema,
    async handler({ c, deps, actor, body }) {
      return ok(await chatData(deps, await chatCaller(c, deps, actor), body));
    },
  } as RouteDef<ChatDataBody, undefined, true>,
  {
    method: "post",
    path: "/chat/customer",
    summary:
      "The one-to-one (messaging) chat of a customer (memberId) and a console user (userId), made on the first call: from the console the signed-in user (staff need direct chat) with a customer of their shop; from the app the customer with a shop's user. 400 when the customer never signed in to the mobile app",
    policy: ANY_SIGNED_IN,
    body: customerChatBodySchema,
    async handler({ c, deps, actor, body }) {
      return ok(await openCustomerChat(deps, actor, await chatCaller(c, deps, actor), body));
    },
  } as RouteDef<CustomerChatBody, undefined, true>,
  {
    method: "post",
    path: "/chat/mute",
    summary:
      "Mutes (muted true) or unmutes a viewer in a stream's live chat: the shop's owner, its staff with stream chat, or an admin. A muted viewer's messages to that chat are refused (403, code 17)",
    policy: ANY_SIGNED_IN,
    body: chatMuteBodySchema,
    async handler({ c, deps, actor, body }) {
      return ok(await muteViewer(deps, await chatCaller(c, deps, actor), body));
    },
  } as RouteDef<ChatMuteBody, undefined, true>,
];
