import { HttpResponse, http } from "msw";
import { mockIdentity, mockToken, tokenCode } from "./identity";

/**
 * Google's fixed OAuth endpoints (ARCHITECTURE §9): the token exchange and userinfo.
 * The authorization `code` picks the person: code "owner@liveshop.test" signs in as that e-mail,
 * "unverified:<e-mail>" as an address Google has not verified.
 */
export const googleHandlers = [
  http.post("https://oauth2.googleapis.com/token", async ({ request }) => {
    const form = new URLSearchParams(await request.text());
    const code = form.get("code");
    if (form.get("grant_type") !== "authorization_code" || !code || !form.get("client_id") || !form.get("client_secret") || !form.get("redirect_uri")) {
      return HttpResponse.json({ error: "invalid_request", error_description: "Missing required parameter" }, { status: 400 });
    }
    if (code === "invalid") return HttpResponse.json({ error: "invalid_grant", error_description: "Bad Request" }, { status: 400 });
    return HttpResponse.json({
      access_token: mockToken("google", code),
      expires_in: 3599,
      token_type: "Bearer",
      scope: "openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile",
      id_token: "mock-id-token",
    });
  }),
  http.get("https://www.googleapis.com/oauth2/v3/userinfo", ({ request }) => {
    const code = tokenCode("google", request);
    if (!code) return HttpResponse.json({ error: "invalid_request", error_description: "Invalid Credentials" }, { status: 401 });
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
