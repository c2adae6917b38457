import { loginSchema } from "#contract/auth";
import { MSG } from "#contract/messages";
import { ANY_CONSOLE_USER } from "#api/platform/actor";
import { ApiError, ok } from "#api/platform/http";
import { publicRoute, route } from "#api/platform/router";
import { isCrossSite } from "#api/platform/security";
import { clearedSessionCookie, endSession } from "#api/platform/sessions";
import { currentUser, loginWithPassword } from "./service";

export const authRoutes = [
  publicRoute({
    method: "post",
    path: "/auth/login",
    summary: "Sign in with e-mail and password; sets the session cookie and returns the token and the logged user",
    body: loginSchema,
    handler: async ({ deps, c, body }) => ok(await loginWithPassword(deps, c, body.email, body.password), MSG.loginSuccess),
  }),
  route({
    method: "get",
    path: "/auth/isLoggedIn",
    summary: "The logged user: _id, fName, lName, image, role{role}, shop{_id}, userType",
    policy: ANY_CONSOLE_USER,
    handler: async ({ deps, actor }) => ok(await currentUser(deps, actor)),
  }),
  route({
    method: "get",
    path: "/auth/logout",
    summary: "Sign out (kept for the contract; refused when the browser marks it cross-site)",
    policy: ANY_CONSOLE_USER,
    handler: async ({ deps, actor, c }) => {
      if (isCrossSite(c.req.raw, deps.env.PUBLIC_URL)) throw new ApiError(403, MSG.crossSite);
      await endSession(deps, actor.sessionId);
      c.header("Set-Cookie", clearedSessionCookie(deps), { append: true });
      return ok(null, MSG.logoutSuccess);
    },
  }),
  route({
    method: "post",
    path: "/auth/logout",
    summary: "Sign out: ends this session on the server",
    policy: ANY_CONSOLE_USER,
    handler: async ({ deps, actor, c }) => {
      await endSession(deps, actor.sessionId);
      c.header("Set-Cookie", clearedSessionCookie(deps), { append: true });
      return ok(null, MSG.logoutSuccess);
    },
  }),
];
