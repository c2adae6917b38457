import { and, inArray, isNull, sql } from "drizzle-orm";
import type { Context } from "hono";
import { z } from "zod";
import { MSG } from "#contract/core/messages";
import { users } from "#api/db/schema";
import type { Deps } from "#api/platform/deps";
import { ApiError, badRequest, forbidden } from "#api/platform/http/http";
import { log } from "#api/platform/log";
import { signIn } from "./service";

// the providers' fixed endpoints (ARCHITECTURE §9); tests and MOCKS=true answer them with MSW
export const GOOGLE_USERINFO_URL = "https://www.googleapis.com/oauth2/v3/userinfo";
export const FACEBOOK_ME_URL = "https://graph.facebook.com/v14.0/me?fields=id,name,email,picture";
export const GOOGLE_TOKENINFO_URL = "https://oauth2.googleapis.com/tokeninfo";
export const FACEBOOK_DEBUG_TOKEN_URL = "https://graph.facebook.com/v14.0/debug_token";

const idList = (...values: (string | undefined)[]) =>
  values
    .flatMap((v) => (v ?? "").split(","))
    .map((v) => v.trim())
    .filter(Boolean);

/** `POST auth/google/shopOwner` and `auth/facebook/shopOwner`: the provider's access token, from the web callback or a mobile app. */
export const ssoSchema = z.object({
  accessToken: z.string({ error: MSG.ssoFailed }).trim().min(1, MSG.ssoFailed).max(4096, MSG.ssoFailed),
});

/** What a provider vouches for: an e-mail address, and whether it has verified it. */
interface ProviderIdentity {
  email?: string;
  verified: boolean;
}

/** Asks the provider who the token belongs to; we never trust an e-mail sent to us by the client. */
async function askProvider(url: string, accessToken?: string): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    const headers: Record<string, string> = accessToken ? { authorization: `Bearer ${accessToken}` } : {};
    response = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    log.error("Single sign-on provider unreachable", error);
    throw new ApiError(500, MSG.ssoFailed);
  }
  // a rejected, expired or foreign token
  if (!response.ok) throw badRequest(MSG.ssoFailed);
  return (await response.json().catch(() => ({}))) as Record<string, unknown>;
}

/**
 * A token must have been issued to one of our apps (the web client or a listed mobile client):
 * otherwise any app a person once signed in to could sign in here as them.
 */
async function googleIdentity(deps: Deps, accessToken: string): Promise<ProviderIdentity> {
  const ours = idList(deps.env.GOOGLE_CLIENT_ID, deps.env.GOOGLE_ALLOWED_CLIENT_IDS);
  if (!ours.length) throw badRequest(MSG.ssoFailed);
  const grant = await askProvider(`${GOOGLE_TOKENINFO_URL}?access_token=${encodeURIComponent(accessToken)}`);
  if (!ours.includes(String(grant.aud)) && !ours.includes(String(grant.azp))) throw badRequest(MSG.ssoFailed);
  const info = await askProvider(GOOGLE_USERINFO_URL, accessToken);
  return {
    email: typeof info.email === "string" ? info.email : undefined,
    verified: info.email_verified === true || info.email_verified === "true",
  };
}

// Facebook returns `email` only for an address its owner has confirmed
async function facebookIdentity(deps: Deps, accessToken: string): Promise<ProviderIdentity> {
  const { FACEBOOK_CLIENT_ID: appId, FACEBOOK_CLIENT_SECRET: secret } = deps.env;
  const ours = idList(appId, deps.env.FACEBOOK_ALLOWED_APP_IDS);
  if (!appId || !secret) throw badRequest(MSG.ssoFailed);
  const query = new URLSearchParams({ input_token: accessToken, access_token: `${appId}|${secret}` });
  const grant = (await askProvider(`${FACEBOOK_DEBUG_TOKEN_URL}?${query}`)).data as
    { app_id?: string; is_valid?: boolean } | undefined;
  if (!grant?.is_valid || !ours.includes(String(grant.app_id))) throw badRequest(MSG.ssoFailed);
  const info = await askProvider(FACEBOOK_ME_URL, accessToken);
  const email = typeof info.email === "string" && info.email ? info.email : undefined;
  return { email, verified: !!email };
}

/**
 * Signs in the live shop owner or staff member whose e-mail the provider has verified.
 * Single sign-on never creates accounts (ARCHITECTURE §5).
 */
async function signInWithIdentity(deps: Deps, c: Context, identity: ProviderIdentity) {
  if (!identity.email || !identity.verified) throw badRequest(MSG.ssoEmailUnverified);
  const [user] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = ${identity.email.toLowerCase()}`,
        isNull(users.deletedAt),
        inArray(users.role, ["shopOwner", "staff"]),
      ),
    );
  if (!user) throw forbidden(MSG.ssoNoAccount);
  return signIn(deps, c, user.id);
}

export const googleSignIn = async (deps: Deps, c: Context, accessToken: string) =>
  signInWithIdentity(deps, c, await googleIdentity(deps, accessToken));

export const facebookSignIn = async (deps: Deps, c: Context, accessToken: string) =>
  signInWithIdentity(deps, c, await facebookIdentity(deps, accessToken));
