import { createHash } from "node:crypto";

/** The client ids the e2e server and the API tests are configured with. */
export const MOCK_CLIENT_IDS = { google: "e2e-google-client", facebook: "e2e-facebook-client" } as const;

const b64 = (v: string) => Buffer.from(v).toString("base64url");
const unb64 = (v: string) => Buffer.from(v, "base64url").toString();

/**
 * Mock access tokens carry the authorization code they were issued for (so the profile follows the code)
 * and the client id of the app they were issued to (so audience checks can be tested).
 */
export const mockToken = (
  provider: "google" | "facebook",
  code: string,
  clientId: string = MOCK_CLIENT_IDS[provider],
) => `mock-${provider}-token.${b64(code)}.${b64(clientId)}`;

/** The code and client id behind a token we issued, or null. */
export function parseMockToken(provider: "google" | "facebook", token: string) {
  const prefix = `mock-${provider}-token.`;
  if (!token.startsWith(prefix)) return null;
  const [code, clientId] = token.slice(prefix.length).split(".");
  return code && clientId ? { code: unb64(code), clientId: unb64(clientId) } : null;
}

/** The code behind a Bearer token (or Facebook's `access_token` query), or null for a token we did not issue. */
export function tokenCode(provider: "google" | "facebook", request: Request) {
  const token =
    request.headers.get("authorization")?.replace(/^Bearer /i, "") ??
    new URL(request.url).searchParams.get("access_token") ??
    "";
  return parseMockToken(provider, token)?.code ?? null;
}

/** The person a code stands for: the code is their e-mail, prefixed "unverified:" when the provider has not verified it. */
export function mockIdentity(code: string) {
  const verified = !code.startsWith("unverified:");
  const email = code.replace(/^unverified:/, "");
  const local = email.split("@")[0] ?? "user";
  return {
    id: createHash("sha256").update(email).digest("hex").slice(0, 21),
    email,
    verified,
    name: `Mock ${local}`,
    givenName: "Mock",
    familyName: local,
  };
}
