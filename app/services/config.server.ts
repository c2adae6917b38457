import path from "node:path";
import { readSettings, sessionSecret, SETTINGS } from "#server-shared/settings";

/** The variables the web tier reads (the API reads its own in api/platform/env.ts); .env.example explains each one. */
const WEB_SETTINGS = SETTINGS.pick({
  NODE_ENV: true,
  DATA_DIR: true,
  SESSION_SECRET: true,
  BRAND_NAME: true,
  PUBLIC_URL: true,
  API_URL: true,
  EMBED_SCRIPT_URL: true,
  S3_BUCKET: true,
  S3_REGION: true,
  S3_ENDPOINT: true,
  S3_PUBLIC_URL: true,
  TWILIO_ACCOUNT_SID: true,
  GOOGLE_CLIENT_ID: true,
  GOOGLE_CLIENT_SECRET: true,
  FACEBOOK_CLIENT_ID: true,
  FACEBOOK_CLIENT_SECRET: true,
  INFLUENCER_SOCIAL_IDS_REQUIRED: true,
});

/** Reads and validates the web tier's settings; a bad value stops the start with a message naming the variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env) {
  const settings = readSettings(WEB_SETTINGS, source);
  return { ...settings, SESSION_SECRET: sessionSecret(settings.SESSION_SECRET, path.resolve(settings.DATA_DIR)) };
}

export type WebConfig = ReturnType<typeof loadConfig>;

let cached: WebConfig | undefined;
/** The web tier's configuration, read once (server.mjs reads it at start, so a bad value never waits for a request). */
export function config(): WebConfig {
  cached ??= loadConfig();
  return cached;
}
