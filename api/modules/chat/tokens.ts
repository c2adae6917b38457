import { createHmac, timingSafeEqual } from "node:crypto";
import type { Env } from "#api/platform/env";

// Chat tokens (ADR 0066): the JWTs Stream's server SDK makes, HS256 with the chat secret and a `user_id` claim, so
// the official `stream-chat` client connects with them to our embedded service or, when keyed, to Stream itself.

/** Where the embedded service answers Stream's chat API on our own server (REST under it, the WebSocket at /connect). */
export const CHAT_BASE_PATH = "/api/chat-service";
/** The application key of the embedded service (spec 1 §10: a fixed key); Stream's own when configured. */
export const EMBEDDED_API_KEY = "liveshop-chat";
/** Stream's API host, where the client goes when STREAM_API_KEY and STREAM_API_SECRET are set. */
export const STREAM_BASE_URL = "https://chat.stream-io-api.com";
/** A token holds for a day; the pages and the apps ask GET chat/token for a new one on each start. */
export const TOKEN_TTL_SECONDS = 24 * 60 * 60;

export interface ChatProvider {
  mode: "embedded" | "stream";
  apiKey: string;
  secret: string;
  /** the client's base URL for a request that came to `origin` */
  baseURL(origin: string): string;
}

/**
 * The chat service the clients talk to: Stream when both its keys are set, else ours. The embedded secret is
 * CHAT_SECRET, or one derived from SESSION_SECRET (every process of a server shares it, and it survives restarts).
 */
export function chatProvider(
  env: Pick<Env, "CHAT_SECRET" | "SESSION_SECRET" | "STREAM_API_KEY" | "STREAM_API_SECRET" | "PUBLIC_URL">,
): ChatProvider {
  if (env.STREAM_API_KEY && env.STREAM_API_SECRET)
    return {
      mode: "stream",
      apiKey: env.STREAM_API_KEY,
      secret: env.STREAM_API_SECRET,
      baseURL: () => STREAM_BASE_URL,
    };
  const secret = env.CHAT_SECRET ?? createHmac("sha256", env.SESSION_SECRET).update("chat tokens").digest("base64url");
  return {
    mode: "embedded",
    apiKey: EMBEDDED_API_KEY,
    secret,
    baseURL: (origin) => `${env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : origin}${CHAT_BASE_PATH}`,
  };
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");
const HEADER = base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
const signature = (secret: string, signed: string) => createHmac("sha256", secret).update(signed).digest();

/** A user token as Stream's server SDK signs it: HS256, `user_id`, with its issue and expiry times. */
export function signChatToken(secret: string, userId: string, now: Date) {
  const iat = Math.floor(now.getTime() / 1000);
  const payload = base64url(JSON.stringify({ user_id: userId, iat, exp: iat + TOKEN_TTL_SECONDS }));
  const signed = `${HEADER}.${payload}`;
  return `${signed}.${signature(secret, signed).toString("base64url")}`;
}

export type TokenCheck = { userId: string } | { error: "invalid" | "expired" };

/** Checks a token's signature (HS256 only) and expiry, and reads its `user_id`. */
export function verifyChatToken(secret: string, token: string, now: Date): TokenCheck {
  const parts = token.split(".");
  if (parts.length !== 3) return { error: "invalid" };
  const [header, payload, sig] = parts;
  let claims: { user_id?: unknown; exp?: unknown };
  try {
    if (JSON.parse(Buffer.from(header, "base64url").toString()).alg !== "HS256") return { error: "invalid" };
    claims = JSON.parse(Buffer.from(payload, "base64url").toString());
  } catch {
    return { error: "invalid" };
  }
  const expected = signature(secret, `${header}.${payload}`);
  const given = Buffer.from(sig, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { error: "invalid" };
  if (typeof claims.user_id !== "string" || !claims.user_id) return { error: "invalid" };
  if (typeof claims.exp === "number" && claims.exp * 1000 <= now.getTime()) return { error: "expired" };
  return { userId: claims.user_id };
}
