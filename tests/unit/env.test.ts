import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, loadEnv, secureCookies } from "../../api/platform/env";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "liveshop-env-"));

describe("configuration (issue §1)", () => {
  it("has the documented defaults and keeps a generated session secret in DATA_DIR", () => {
    const dir = dataDir();
    const env = loadEnv({ DATA_DIR: dir });
    expect(env.PORT).toBe(3000);
    expect(env.BRAND_NAME).toBe("LiveShop");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.pgliteDir).toBe(path.join(dir, "pglite"));
    expect(env.uploadsDir).toBe(path.join(dir, "uploads"));
    expect(env.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, "session-secret"), "utf8")).toBe(env.SESSION_SECRET);
    expect(loadEnv({ DATA_DIR: dir }).SESSION_SECRET).toBe(env.SESSION_SECRET);
  });

  it("stops with a message naming the bad variable", () => {
    expect(() => loadEnv({ DATA_DIR: dataDir(), PORT: "seventy" })).toThrow(EnvError);
    expect(() => loadEnv({ DATA_DIR: dataDir(), PORT: "seventy" })).toThrow(/PORT/);
    expect(() => loadEnv({ DATA_DIR: dataDir(), DATABASE_URL: "not a url" })).toThrow(/DATABASE_URL/);
    expect(() => loadEnv({ DATA_DIR: dataDir(), SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET/);
  });

  it("treats empty provider variables as not configured", () => {
    const env = loadEnv({ DATA_DIR: dataDir(), S3_BUCKET: "", TWILIO_ACCOUNT_SID: " " });
    expect(env.S3_BUCKET).toBeUndefined();
    expect(env.TWILIO_ACCOUNT_SID).toBeUndefined();
    expect(existsSync(env.DATA_DIR)).toBe(true);
  });
});

describe("Secure cookies", () => {
  it("are Secure in production, except behind a declared plain-http address; never in development", () => {
    expect(secureCookies({ NODE_ENV: "production", PUBLIC_URL: undefined })).toBe(true);
    expect(secureCookies({ NODE_ENV: "production", PUBLIC_URL: "https://console.example" })).toBe(true);
    expect(secureCookies({ NODE_ENV: "production", PUBLIC_URL: "http://10.0.0.5:3000" })).toBe(false);
    expect(secureCookies({ NODE_ENV: "development", PUBLIC_URL: undefined })).toBe(false);
  });
});
