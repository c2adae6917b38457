// Server-only code that both tiers use (the web tier in app/ and the API in api/): app/ may not import api/ internals.
/**
 * Headers every response carries (ARCHITECTURE §1, issue: security from the start).
 * Documents get a full policy with a per-request script nonce; everything else gets a closed one.
 */
export const BASE_SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
};

/**
 * Strict-Transport-Security for a production server whose public address is https (a browser then never tries plain
 * http again for a year); none in development or behind a plain-http address, where it would lock browsers out.
 */
export function transportSecurity(env: { NODE_ENV?: string; PUBLIC_URL?: string }): Record<string, string> {
  return env.NODE_ENV === "production" && env.PUBLIC_URL?.startsWith("https://")
    ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" }
    : {};
}

/** Hosts outside ours that a page may talk to: only storage and sign-on providers that are configured. */
export interface CspHosts {
  storage?: string;
  formActions?: string[];
}

export function documentCsp(nonce: string, hosts: CspHosts = {}, dev = false) {
  const storage = hosts.storage ? ` ${hosts.storage}` : "";
  const script = dev ? `'self' 'nonce-${nonce}' 'unsafe-inline' 'unsafe-eval'` : `'self' 'nonce-${nonce}'`;
  return [
    "default-src 'self'",
    `script-src ${script}`,
    // Radix Themes sets inline style attributes
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${storage}`,
    `media-src 'self' blob:${storage}`,
    `connect-src 'self'${storage}${dev ? " ws: wss:" : ""}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${hosts.formActions?.length ? ` ${hosts.formActions.join(" ")}` : ""}`,
    "frame-ancestors 'none'",
  ].join("; ");
}

/** For JSON and files: nothing may run, nothing may frame it. */
export const CLOSED_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

/**
 * A state-changing request sent by a page of another site is refused (login CSRF and the like).
 * Requests without Origin or Sec-Fetch-Site (scripts, mobile apps) carry no ambient browser intent.
 */
export function isCrossSiteWrite(request: Request, publicUrl?: string) {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return false;
  return isCrossSite(request, publicUrl);
}

export function isCrossSite(request: Request, publicUrl?: string) {
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite === "cross-site") return true;
  const origin = request.headers.get("origin");
  if (!origin || origin === "null") return origin === "null";
  const allowed = new Set([new URL(request.url).origin]);
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  if (host) {
    allowed.add(`http://${host}`);
    allowed.add(`https://${host}`);
  }
  if (publicUrl) allowed.add(new URL(publicUrl).origin);
  return !allowed.has(origin);
}
