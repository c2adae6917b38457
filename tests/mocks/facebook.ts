import { HttpResponse, http } from "msw";
import { mockIdentity, mockToken, parseMockToken, tokenCode } from "./identity";

/**
 * Facebook's token exchange (Graph v14.0, as remix-auth-facebook calls it) and the profile at `/me`
 * (unversioned for remix-auth-facebook, v14.0 for our API). The profile always has `picture`:
 * remix-auth-facebook fails without it. An unverified address is returned as no `email` at all.
 */
const profile = ({ request }: { request: Request }) => {
  const code = tokenCode("facebook", request);
  if (!code) {
    return HttpResponse.json(
      { error: { message: "Invalid OAuth access token.", type: "OAuthException", code: 190 } },
      { status: 400 },
    );
  }
  const who = mockIdentity(code);
  return HttpResponse.json({
    id: who.id,
    name: who.name,
    first_name: who.givenName,
    last_name: who.familyName,
    ...(who.verified ? { email: who.email } : {}),
    picture: {
      data: { url: "https://platform-lookaside.fbsbx.com/mock-picture", width: 50, height: 50, is_silhouette: false },
    },
  });
};

export const facebookHandlers = [
  http.post("https://graph.facebook.com/v14.0/oauth/access_token", async ({ request }) => {
    const form = new URLSearchParams(await request.text());
    const code = form.get("code");
    if (!code || !form.get("client_id") || !form.get("client_secret") || !form.get("redirect_uri")) {
      return HttpResponse.json(
        { error: { message: "Missing redirect_uri parameter.", type: "OAuthException", code: 191 } },
        { status: 400 },
      );
    }
    if (code === "invalid")
      return HttpResponse.json(
        { error: { message: "Invalid verification code format.", type: "OAuthException", code: 100 } },
        { status: 400 },
      );
    return HttpResponse.json({
      access_token: mockToken("facebook", code, form.get("client_id")!),
      token_type: "bearer",
      expires_in: 5183944,
    });
  }),
  // debug_token tells which app a user token was issued to; it needs our app token `id|secret`
  http.get("https://graph.facebook.com/v14.0/debug_token", ({ request }) => {
    const url = new URL(request.url);
    if (!/^[^|]+\|.+$/.test(url.searchParams.get("access_token") ?? "")) {
      return HttpResponse.json(
        { error: { message: "Invalid OAuth access token.", type: "OAuthException", code: 190 } },
        { status: 400 },
      );
    }
    const token = parseMockToken("facebook", url.searchParams.get("input_token") ?? "");
    if (!token)
      return HttpResponse.json({
        data: { is_valid: false, error: { code: 190, message: "Invalid OAuth access token." } },
      });
    return HttpResponse.json({
      data: {
        app_id: token.clientId,
        type: "USER",
        is_valid: true,
        user_id: mockIdentity(token.code).id,
        scopes: ["email", "public_profile"],
      },
    });
  }),
  http.get("https://graph.facebook.com/me", profile),
  http.get("https://graph.facebook.com/v14.0/me", profile),
];
