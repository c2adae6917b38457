import { and, inArray, isNull, sql } from "drizzle-orm";
import type { Context } from "hono";
import { z } from "zod";
import { MSG } from "#contract/messages";
import { users } from "#api/db/schema";
import type { Deps } from "#api/platform/deps";
import { ApiError, badRequest, forbidden, ok } from "#api/platform/http";
import { log } from "#api/platform/log";
import { signIn } from "./service";

// the providers' fixed endpoints (ARCHITECTURE §9); tests and MOCKS=true answer them with MSW
export const GOOGLE_USERINFO_URL = "https://www.googleapis.com/oauth2/v3/userinfo";
export const FACEBOOK_ME_URL = "https://graph.facebook.com/v14.0/me?fields=id,name,email,picture";

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
async function askProvider(url: string, accessToken: string): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { authorization: `Bearer ${accessToken}` }, signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    log.error("Single sign-on provider unreachable", error);
    throw new ApiError(500, MSG.ssoFailed);
  }
  // a rejected, expired or foreign token
  if (!response.ok) throw badRequest(MSG.ssoFailed);
  return (await response.json().catch(() => ({}))) as Record<string, unknown>;
}

async function googleIdentity(accessToken: string): Promise<ProviderIdentity> {
  const info = await askProvider(GOOGLE_USERINFO_URL, accessToken);
  return { email: typeof info.email === "string" ? info.email : undefined, verified: info.email_verified === true || info.email_verified === "true" };
}

// Facebook returns `email` only for an address its owner has confirmed
async function facebookIdentity(accessToken: string): Promise<ProviderIdentity> {
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
    .where(and(sql`lower(${users.email}) = ${identity.email.toLowerCase()}`, isNull(users.deletedAt), inArray(users.role, ["shopOwner", "staff"])));
  if (!user) throw forbidden(MSG.ssoNoAccount);
  return ok(await signIn(deps, c, user.id), MSG.loginSuccess);
}

export const googleSignIn = async (deps: Deps, c: Context, accessToken: string) =>
  signInWithIdentity(deps, c, await googleIdentity(accessToken));

export const facebookSignIn = async (deps: Deps, c: Context, accessToken: string) =>
  signInWithIdentity(deps, c, await facebookIdentity(accessToken));
