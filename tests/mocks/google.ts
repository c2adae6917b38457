import { HttpResponse, http } from "msw";
import { mockIdentity, mockToken, parseMockToken, tokenCode } from "./identity";

/**
 * Google's fixed OAuth endpoints (ARCHITECTURE §9): the token exchange and userinfo.
 * The authorization `code` picks the person: code "owner@liveshop.test" signs in as that e-mail,
 * "unverified:<e-mail>" as an address Google has not verified.
 */
export const googleHandlers = [
  http.post("https://oauth2.googleapis.com/token", async ({ request }) => {
    const form = new URLSearchParams(await request.text());
    const code = form.get("code");
    if (
      form.get("grant_type") !== "authorization_code" ||
      !code ||
      !form.get("client_id") ||
      !form.get("client_secret") ||
      !form.get("redirect_uri")
    ) {
      return HttpResponse.json(
        { error: "invalid_request", error_description: "Missing required parameter" },
        { status: 400 },
      );
    }
    if (code === "invalid")
      return HttpResponse.json({ error: "invalid_grant", error_description: "Bad Request" }, { status: 400 });
    return HttpResponse.json({
      access_token: mockToken("google", code, form.get("client_id")!),
      expires_in: 3599,
      token_type: "Bearer",
      scope: "openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile",
      id_token: "mock-id-token",
    });
  }),
  // tokeninfo tells which app a token was issued to (aud/azp)
  http.get("https://oauth2.googleapis.com/tokeninfo", ({ request }) => {
    const token = parseMockToken("google", new URL(request.url).searchParams.get("access_token") ?? "");
    if (!token)
      return HttpResponse.json({ error: "invalid_token", error_description: "Invalid Value" }, { status: 400 });
    const who = mockIdentity(token.code);
    return HttpResponse.json({
      azp: token.clientId,
      aud: token.clientId,
      sub: who.id,
      scope: "openid email profile",
      expires_in: "3599",
      email: who.email,
      email_verified: String(who.verified),
    });
  }),
  http.get("https://www.googleapis.com/oauth2/v3/userinfo", ({ request }) => {
    const code = tokenCode("google", request);
    if (!code)
      return HttpResponse.json({ error: "invalid_request", error_description: "Invalid Credentials" }, { status: 401 });
    const who = mockIdentity(code);
    return HttpResponse.json({
      sub: who.id,
      name: who.name,
      given_name: who.givenName,
      family_name: who.familyName,
      picture: "https://lh3.googleusercontent.com/a/mock-picture",
      email: who.email,
      email_verified: who.verified,
      locale: "en",
    });
  }),
];
