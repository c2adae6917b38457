import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError } from "#server-shared/settings";
import { loadConfig } from "./config.server";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "liveshop-web-config-"));

describe("the web tier's configuration", () => {
  it("has the documented defaults and keeps the generated session secret where the API reads it", () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.BRAND_NAME).toBe("LiveShop");
    expect(config.API_URL).toBeUndefined();
    expect(readFileSync(path.join(dir, "session-secret"), "utf8")).toBe(config.SESSION_SECRET);
  });

  it("stops with a message naming the bad variable", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: "console" })).toThrow(EnvError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: "console" })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), API_URL: "not a url" })).toThrow(/API_URL/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), INFLUENCER_SOCIAL_IDS_REQUIRED: "yes" })).toThrow(
      /INFLUENCER_SOCIAL_IDS_REQUIRED/,
    );
  });

  it("treats empty variables as not configured", () => {
    const config = loadConfig({ DATA_DIR: dataDir(), GOOGLE_CLIENT_ID: "", EMBED_SCRIPT_URL: " " });
    expect(config.GOOGLE_CLIENT_ID).toBeUndefined();
    expect(config.EMBED_SCRIPT_URL).toBeUndefined();
  });
});
