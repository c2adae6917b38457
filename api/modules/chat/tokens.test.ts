import { describe, expect, it } from "vitest";
import {
  EMBEDDED_API_KEY,
  STREAM_BASE_URL,
  TOKEN_TTL_SECONDS,
  chatProvider,
  signChatToken,
  verifyChatToken,
} from "./tokens";

// Chat tokens (ADR 0066): Stream's server-SDK tokens, signed and checked without a library.

const env = {
  SESSION_SECRET: "session-secret-session-secret-0001",
  CHAT_SECRET: undefined,
  STREAM_API_KEY: undefined,
  STREAM_API_SECRET: undefined,
  PUBLIC_URL: undefined,
};
const now = new Date("2026-11-28T10:00:00Z");

describe("the chat provider", () => {
  it("is the embedded service by default, with a secret derived from the session secret", () => {
    const p = chatProvider(env);
    expect(p).toMatchObject({ mode: "embedded", apiKey: EMBEDDED_API_KEY });
    expect(p.secret).toBe(chatProvider(env).secret);
    expect(p.secret).not.toBe(env.SESSION_SECRET);
    expect(p.baseURL("http://localhost:3000")).toBe("http://localhost:3000/api/chat-service");
    expect(chatProvider({ ...env, PUBLIC_URL: "https://shop.example/" }).baseURL("http://in-process")).toBe(
      "https://shop.example/api/chat-service",
    );
    expect(chatProvider({ ...env, CHAT_SECRET: "c".repeat(32) }).secret).toBe("c".repeat(32));
  });

  it("is Stream when both of its keys are set", () => {
    const p = chatProvider({ ...env, STREAM_API_KEY: "key", STREAM_API_SECRET: "secret" });
    expect(p).toMatchObject({ mode: "stream", apiKey: "key", secret: "secret" });
    expect(p.baseURL("http://localhost")).toBe(STREAM_BASE_URL);
    expect(chatProvider({ ...env, STREAM_API_KEY: "key" }).mode).toBe("embedded");
  });
});

describe("chat tokens", () => {
  it("signs and checks a user's token; refuses another secret, a changed payload and an expired token", () => {
    const token = signChatToken("secret", "user-1", now);
    expect(verifyChatToken("secret", token, now)).toEqual({ userId: "user-1" });
    expect(verifyChatToken("other", token, now)).toEqual({ error: "invalid" });
    const [h, , s] = token.split(".");
    const forged = `${h}.${Buffer.from(JSON.stringify({ user_id: "admin" })).toString("base64url")}.${s}`;
    expect(verifyChatToken("secret", forged, now)).toEqual({ error: "invalid" });
    const later = new Date(now.getTime() + TOKEN_TTL_SECONDS * 1000);
    expect(verifyChatToken("secret", token, later)).toEqual({ error: "expired" });
    expect(verifyChatToken("secret", "not.a.token", now)).toEqual({ error: "invalid" });
    expect(verifyChatToken("secret", "", now)).toEqual({ error: "invalid" });
  });

  it("refuses another algorithm (alg none)", () => {
    const none = Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url");
    const body = Buffer.from(JSON.stringify({ user_id: "user-1" })).toString("base64url");
    expect(verifyChatToken("secret", `${none}.${body}.`, now)).toEqual({ error: "invalid" });
  });
});
