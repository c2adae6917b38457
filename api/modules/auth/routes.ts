import { loginSchema } from "#contract/access/auth";
import { MSG } from "#contract/core/messages";
import { ANY_CONSOLE_USER } from "#api/platform/auth/actor";
import { ApiError, ok } from "#api/platform/http/http";
import { publicRoute, route } from "#api/platform/http/router";
import { isCrossSite } from "#server-shared/security";
import { clearedSessionCookie, endSession } from "#api/platform/auth/sessions";
import { currentUser, loginWithPassword } from "./service";
import { sendOtpSchema, verifyOtpSchema } from "#contract/phone/otp-api";
import { sendCustomerOtp, sendShopOwnerOtp, verifyCustomerOtp, verifyShopOwnerOtp } from "./otp";
import { facebookSignIn, googleSignIn, ssoSchema } from "./sso";

export const authRoutes = [
  publicRoute({
    method: "post",
    path: "/auth/login",
    summary: "Sign in with e-mail and password; sets the session cookie and returns the token and the logged user",
    body: loginSchema,
    handler: async ({ deps, c, body }) =>
      ok(await loginWithPassword(deps, c, body.email, body.password), MSG.loginSuccess),
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
  publicRoute({
    method: "post",
    path: "/auth/send-otp/shopOwner",
    summary:
      "Text a 6-digit sign-in code to a shop owner's or staff member's phone: {countryFlag or countryCode, mobile}",
    body: sendOtpSchema,
    handler: async ({ deps, c, body }) => ok(await sendShopOwnerOtp(deps, c, body), MSG.otpSentIfAccount),
  }),
  publicRoute({
    method: "post",
    path: "/auth/verify-otp/shopOwner",
    summary:
      "Sign in with the texted code: {countryFlag or countryCode, mobile, otp}; sets the session cookie like auth/login",
    body: verifyOtpSchema,
    handler: async ({ deps, c, body }) => ok(await verifyShopOwnerOtp(deps, c, body), MSG.loginSuccess),
  }),
  publicRoute({
    method: "post",
    path: "/auth/send-otp/customer",
    summary:
      "The mobile app: text a 6-digit sign-in code to a customer's phone: {countryFlag or countryCode, mobile}; the same answer whether or not a customer uses the number",
    body: sendOtpSchema,
    handler: async ({ deps, c, body }) => ok(await sendCustomerOtp(deps, c, body), MSG.otpSentIfCustomer),
  }),
  publicRoute({
    method: "post",
    path: "/auth/verify-otp/customer",
    summary:
      "The mobile app: sign a customer in with the texted code; answers a bearer token that only customer-facing calls accept",
    body: verifyOtpSchema,
    handler: async ({ deps, c, body }) => ok(await verifyCustomerOtp(deps, c, body), MSG.loginSuccess),
  }),
  publicRoute({
    method: "post",
    path: "/auth/google/shopOwner",
    summary:
      "Google single sign-on: {accessToken}; the API asks Google whose token it is and signs in the shop account with that verified e-mail",
    body: ssoSchema,
    handler: async ({ deps, c, body }) => ok(await googleSignIn(deps, c, body.accessToken), MSG.loginSuccess),
  }),
  publicRoute({
    method: "post",
    path: "/auth/facebook/shopOwner",
    summary:
      "Facebook single sign-on: {accessToken}; the API asks the Graph API whose token it is and signs in the shop account with that e-mail",
    body: ssoSchema,
    handler: async ({ deps, c, body }) => ok(await facebookSignIn(deps, c, body.accessToken), MSG.loginSuccess),
  }),
];
