import { createHash } from "node:crypto";

/** Mock access tokens carry the authorization code they were issued for, so the profile follows the code. */
export const mockToken = (provider: "google" | "facebook", code: string) => `mock-${provider}-token.${Buffer.from(code).toString("base64url")}`;

/** The code behind a Bearer token (or Facebook's `access_token` query), or null for a token we did not issue. */
export function tokenCode(provider: "google" | "facebook", request: Request) {
  const token = request.headers.get("authorization")?.replace(/^Bearer /i, "") ?? new URL(request.url).searchParams.get("access_token") ?? "";
  const prefix = `mock-${provider}-token.`;
  return token.startsWith(prefix) ? Buffer.from(token.slice(prefix.length), "base64url").toString() : null;
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
