import { can } from "#contract/access/rights";
import {
  chatDataBodySchema,
  orderChatBodySchema,
  orderChatQuerySchema,
  type ChatDataBody,
  type ChatTokenData,
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
import { chatData, findOrderChat, openOrderChat } from "./product";

/** The caller as a chat user: a console user (staff need the chat module) or the app's customer or influencer. */
async function chatCaller(c: Context<ApiEnv>, deps: Deps, actor: Actor | null) {
  const userId = actor?.id ?? c.get("appCaller")?.id;
  if (!userId || (actor && !can(actor, "chat:any"))) throw forbidden();
  const user = await chatUserById(deps, userId);
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
      const userId = actor?.id ?? c.get("appCaller")?.id;
      if (!userId) throw forbidden();
      if (actor && !can(actor, "chat:any")) throw forbidden();
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
];
