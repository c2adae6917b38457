import { can } from "#contract/access/rights";
import type { ChatTokenData } from "#contract/chat/chat-api";
import { ANY_SIGNED_IN } from "#api/platform/auth/actor";
import { forbidden, ok } from "#api/platform/http/http";
import type { RouteDef } from "#api/platform/http/router";
import { chatProvider, signChatToken } from "./tokens";

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
];
