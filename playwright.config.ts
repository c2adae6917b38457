import { readdirSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
/**
 * The suite runs on E2E_SERVERS servers at once (2 by default), each with its own fresh database seeded with the demo
 * data and one worker of its own, so files that change the demo data never meet. Each spec file always goes to the
 * same server: files are dealt out by their usual run time (seconds on the CI machine; 30 for a file not listed), the
 * longest first, each to the server with the least so far.
 */
const SERVERS = Math.max(1, Number(process.env.E2E_SERVERS ?? 2));
const SECONDS: Record<string, number> = {
  // the audit log (ADR 0071)
  audit: 30,
  "shop-info": 160,
  "products-list": 120,
  "product-add": 110,
  "product-edit": 110,
  categories: 100,
  registration: 100,
  influencers: 90,
  shops: 75,
  shell: 65,
  staff: 60,
  settings: 60,
  attributes: 55,
  "phone-and-sso": 50,
  auth: 50,
  "user-list": 45,
  brands: 45,
  commission: 45,
  security: 40,
  forms: 40,
  a11y: 40,
  layout: 30,
  "demo-pages": 15,
  chat: 40,
  coupons: 45,
  "shop-sales": 40,
  orders: 35,
  // the customer page
  "customer-page": 40,
  // customers list and add flow
  "customers-list": 45,
  // streams
  "stream-edit": 60,
  // streams
  streams: 45,
  // the embed script
  embed: 20,
  // the live room
  "stream-live-room": 20,
  "stream-promote": 60,
  // the stream viewer's live chat
  "chat-viewer": 60,
  // an invitation accepted through the app door, an order during a campaign stream on the dashboard
  "campaign-journey": 40,
  // every list's Export CSV
  "csv-export": 40,
  // the campaign pages' stream viewer chat
  "campaign-chat": 70,
  // the console's search box and its Ctrl-K palette
  search: 30,
};
function dealFiles(servers: number) {
  const files = readdirSync(path.join(import.meta.dirname, "tests/e2e"))
    .filter((f) => f.endsWith(".spec.ts"))
    .sort();
  const weight = (f: string) => SECONDS[f.replace(/\.spec\.ts$/, "")] ?? 30;
  const shards = Array.from({ length: servers }, () => ({
    files: [] as string[],
    seconds: 0,
  }));
  for (const file of files.sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lightest = shards.reduce((min, s) => (s.seconds < min.seconds ? s : min));
    lightest.files.push(file);
    lightest.seconds += weight(file);
  }
  return shards.map((s) => s.files);
}
const serverUrl = (i: number) => `http://localhost:${PORT + i}`;
export const BASE_URL = serverUrl(0);

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: SERVERS,
  retries: 0,
  // two servers and two browsers share the machine: bounds with room for a busy one (no retries: a failure is a defect)
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // one project per server, one worker each: the tests of a file run in order, on their own server
  projects: dealFiles(SERVERS).map((files, i) => ({
    name: SERVERS === 1 ? "chromium" : `server ${i + 1}`,
    testMatch: files,
    workers: 1,
    use: { baseURL: serverUrl(i) },
  })),
  use: {
    // the desktop browser people use, not HeadlessChrome (ARCHITECTURE §9)
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    screenshot: "only-on-failure",
    trace: "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  // scripts/e2e-servers.mjs builds the app if the build is stale, then starts the SERVERS servers at once, each on
  // a fresh database it seeds with the demo data (PORT + i, DATA_DIR and PUBLIC_URL are its own), and says when all
  // of them answer
  webServer: {
    command: "node scripts/e2e-servers.mjs",
    wait: { stdout: /e2e servers ready/ },
    timeout: 480_000,
    reuseExistingServer: false,
    stdout: "pipe" as const,
    env: {
      E2E_PORT: String(PORT),
      E2E_SERVERS: String(SERVERS),
      NODE_ENV: "production",
      SEED: "demo",
      // the demo's orders through the order service: enough for every screen, few enough to start each server quickly
      SEED_ORDERS: "300",
      // lists count exactly up to 280 rows: the admin's orders (300 and more) are estimated, so their deep pages are tested
      // (ADR 0012); every other demo list stays below it
      LIST_EXACT_COUNT: "280",
      // the tests stand in for a reverse proxy: a spec that spends per-address limits (phone codes: 20 per address in
      // 15 minutes) names its own client address in X-Forwarded-For, so specs sharing a server never spend each other's
      TRUST_PROXY: "true",
      // MSW inside the server answers Google, Facebook and Twilio (services this machine cannot reach)
      MOCKS: "true",
      GOOGLE_CLIENT_ID: "e2e-google-client",
      GOOGLE_CLIENT_SECRET: "e2e-google-secret",
      FACEBOOK_CLIENT_ID: "e2e-facebook-client",
      FACEBOOK_CLIENT_SECRET: "e2e-facebook-secret",
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
    },
  },
});
