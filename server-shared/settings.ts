// Server-only code that both tiers use (the web tier in app/ and the API in api/): app/ may not import api/ internals.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const optional = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

/** Every variable the process reads, validated once; .env.example explains each one. Each tier picks its own. */
export const SETTINGS = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optional.pipe(z.string().url().optional()),
  /** on PostgreSQL, how many server processes `npm start` runs on the port (unset: one per core); PGlite runs one */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  SESSION_SECRET: optional.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  BRAND_NAME: z.string().min(1).default("LiveShop"),
  PUBLIC_URL: optional.pipe(z.string().url().optional()),
  API_URL: optional.pipe(z.string().url().optional()),
  S3_BUCKET: optional,
  S3_REGION: z.string().default("ap-southeast-2"),
  S3_ENDPOINT: optional.pipe(z.string().url().optional()),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).default("false"),
  S3_PUBLIC_URL: optional.pipe(z.string().url().optional()),
  TWILIO_ACCOUNT_SID: optional,
  TWILIO_AUTH_TOKEN: optional,
  TWILIO_FROM: optional,
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  /** further client ids (e.g. the mobile apps') whose Google tokens the API accepts, comma-separated */
  GOOGLE_ALLOWED_CLIENT_IDS: optional,
  FACEBOOK_CLIENT_ID: optional,
  FACEBOOK_CLIENT_SECRET: optional,
  /** further Facebook app ids whose tokens the API accepts, comma-separated */
  FACEBOOK_ALLOWED_APP_IDS: optional,
  GOOGLE_MAPS_API_KEY: optional,
  /** payments through Stripe when set (ADR 0030); unset: the embedded ledger */
  STRIPE_SECRET_KEY: optional,
  /** the payment method confirmed on each order's PaymentIntent until the mobile app sends its own (ADR 0030) */
  STRIPE_PAYMENT_METHOD: optional.pipe(z.string().default("pm_card_visa")),
  /** another Stripe API host (e.g. a local mock); unset: api.stripe.com */
  STRIPE_API_BASE: optional.pipe(z.string().url().optional()),
  /** the embedded chat service's token secret (ADR 0066); unset: derived from SESSION_SECRET, so every process shares it */
  CHAT_SECRET: optional.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  /** chat through Stream itself when both are set (ADR 0066); unset: the embedded chat service */
  STREAM_API_KEY: optional,
  STREAM_API_SECRET: optional,
  /** the script the shop page's embed snippet loads; unset: {PUBLIC_URL}/embed.js */
  EMBED_SCRIPT_URL: optional.pipe(z.string().url().optional()),
  /** spec 1 §5 gives two readings of the public registration's social ids: true makes all four required */
  INFLUENCER_SOCIAL_IDS_REQUIRED: z.enum(["true", "false"]).default("false"),
  MOCKS: z.enum(["true", "false"]).default("false"),
  SEED: z.enum(["demo", "none"]).default("demo"),
  /** how many demo orders the demo seed places through the order service (5,200; the e2e servers place fewer) */
  SEED_ORDERS: z.coerce.number().int().min(0).max(100_000).optional(),
  /** 1: the server serves only once the whole demo seed is done (the browser tests' servers); otherwise, on PGlite, it
   * serves once the accounts, shops and catalogue are seeded and adds the orders in the background (ADR 0072) */
  SEED_WAIT: z.enum(["0", "1"]).default("0"),
  /** ADR 0012: a list's count is exact up to this many rows, PostgreSQL's estimate above (the e2e servers use a small one) */
  LIST_EXACT_COUNT: z.coerce.number().int().min(1).max(1_000_000).default(1000),
});

export class EnvError extends Error {}

/** Reads and validates the variables of `schema`; a bad value stops the start with a message naming the variable. */
export function readSettings<S extends z.ZodType>(schema: S, source: Record<string, string | undefined>): z.infer<S> {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

/** SESSION_SECRET, or one generated once and kept beside the data, so sessions and signed URLs survive restarts. */
export function sessionSecret(configured: string | undefined, dataDir: string) {
  if (configured) return configured;
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Cookies are marked Secure in production (browsers still accept them on http://localhost), unless the
 * operator declares a plain-http address with PUBLIC_URL, where a Secure cookie would never come back.
 */
export const secureCookies = (e: { NODE_ENV: string; PUBLIC_URL?: string }) =>
  e.NODE_ENV === "production" && !e.PUBLIC_URL?.startsWith("http://");
