import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FacebookStrategy } from "remix-auth-facebook";
import { GoogleStrategy } from "remix-auth-google";
import { MSG } from "#contract/core/messages";
import { secureCookies } from "#server-shared/settings";
import { ApiClient, homeFor } from "~/services/api.server";
import { redirectWithToast } from "~/services/toast.server";
import { config } from "./config.server";
import { safeRedirect } from "~/lib/redirect";

export type SsoProvider = "google" | "facebook";

/** Google and Facebook single sign-on exist only when their client ids are configured (ARCHITECTURE §6). */
export function ssoEnabled(provider: SsoProvider) {
  const e = config();
  return provider === "google"
    ? !!(e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET)
    : !!(e.FACEBOOK_CLIENT_ID && e.FACEBOOK_CLIENT_SECRET);
}

// The OAuth state (and where to go afterwards) lives in this signed cookie for the round trip to the provider.
// SameSite=Lax: it must come back on the provider's top-level redirect to our callback.
function oauthStorage() {
  const e = config();
  return createCookieSessionStorage({
    cookie: {
      name: "ls_oauth",
      path: "/auth",
      httpOnly: true,
      sameSite: "lax",
      secure: secureCookies(e),
      maxAge: 10 * 60,
      secrets: [e.SESSION_SECRET],
    },
  });
}

/**
 * remix-auth-facebook sends people to facebook.com; the content-security-policy's form-action allows
 * www.facebook.com (app/entry.server.tsx), Facebook's canonical host for the same dialog.
 */
class FacebookDialogStrategy<User> extends FacebookStrategy<User> {
  constructor(...args: ConstructorParameters<typeof FacebookStrategy<User>>) {
    super(...args);
    this.authorizationURL = "https://www.facebook.com/v14.0/dialog/oauth";
  }
}

/**
 * The authenticator for one request: its strategies' callback URLs come from PUBLIC_URL, or the request's origin.
 * The verify step keeps only the provider's access token: our API checks it with the provider itself.
 */
function authenticatorFor(request: Request) {
  const e = config();
  const storage = oauthStorage();
  const authenticator = new Authenticator<string>(storage, { throwOnError: true });
  const origin = e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : new URL(request.url).origin;
  const keepToken = async ({ accessToken }: { accessToken: string }) => accessToken;
  if (ssoEnabled("google")) {
    authenticator.use(
      new GoogleStrategy(
        {
          clientID: e.GOOGLE_CLIENT_ID!,
          clientSecret: e.GOOGLE_CLIENT_SECRET!,
          callbackURL: `${origin}/auth/google/callback`,
          prompt: "select_account",
        },
        keepToken,
      ),
    );
  }
  if (ssoEnabled("facebook")) {
    authenticator.use(
      new FacebookDialogStrategy(
        {
          clientID: e.FACEBOOK_CLIENT_ID!,
          clientSecret: e.FACEBOOK_CLIENT_SECRET!,
          callbackURL: `${origin}/auth/facebook/callback`,
        },
        keepToken,
      ),
    );
  }
  return { authenticator, storage };
}

/** The login page's "Continue with …" form posts here: remember where to go, then send the browser to the provider. */
export async function startSso(provider: SsoProvider, request: Request): Promise<Response> {
  const { authenticator, storage } = authenticatorFor(request);
  const form = await request.formData();
  const session = await storage.getSession(request.headers.get("Cookie"));
  session.set("redirectTo", safeRedirect(form.get("redirectTo"), ""));
  // the strategy reads and extends the same session, so hand it the one that holds redirectTo
  const withSession = new Request(request.url, {
    headers: { Cookie: (await storage.commitSession(session)).split(";")[0] },
  });
  try {
    await authenticator.authenticate(provider, withSession);
  } catch (response) {
    if (response instanceof Response) return response;
    throw response;
  }
  return redirect("/auth/login");
}

/**
 * The provider sends the browser back here with a code: the strategy checks the state and exchanges the code,
 * then our API verifies the token, matches the e-mail to a shop account and opens the session.
 */
export async function finishSso(provider: SsoProvider, request: Request): Promise<Response> {
  const { authenticator, storage } = authenticatorFor(request);
  const session = await storage.getSession(request.headers.get("Cookie"));
  const redirectTo: unknown = session.get("redirectTo");
  const remembered = typeof redirectTo === "string" ? redirectTo : "";
  const headers = new Headers({ "Set-Cookie": await storage.destroySession(session) });
  const loginUrl = remembered ? `/auth/login?redirectTo=${encodeURIComponent(remembered)}` : "/auth/login";

  let accessToken: string;
  try {
    accessToken = await authenticator.authenticate(provider, request);
  } catch (error) {
    if (error instanceof Response && error.status >= 300 && error.status < 400) throw error;
    // refused at the provider, a forged or stale state, or a failed code exchange
    return redirectWithToast(loginUrl, { type: "error", message: MSG.ssoFailed }, headers);
  }
  const api = new ApiClient(request);
  const result = await api.post(`auth/${provider}/shopOwner`, { accessToken });
  for (const cookie of api.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  if (!result.success) return redirectWithToast(loginUrl, { type: "error", message: result.message }, headers);
  return redirect(safeRedirect(remembered, homeFor(result.data.user)), { headers });
}
