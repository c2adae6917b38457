// `npm run bench:slowlink`: what a user on a slow link sees first (budget: first contentful paint ≤ 1.0 s on Slow 4G
// with 4× CPU slowdown, on every page; docs/architecture.md §8).
//
// How (the harness of scripts/bench-harness.mjs): a fresh PostgreSQL database with the demo data, the production
// server started on it through scripts/start.mjs (building into BUILD_DIR when stale). Then Chromium (/usr/bin/chromium,
// or CHROMIUM_PATH) opens each page BENCH_RUNS times (3), each time in a new browser context (a cold cache, as on a
// first visit), signed in by its session cookie, with the network throttled through the DevTools protocol to 1.6 Mb/s
// down, 750 kb/s up and 150 ms round trip, and the CPU slowed 4×. Per page it prints the medians of: first contentful
// paint, DOMContentLoaded, hydration (when the root marks html[data-hydrated]), and the bytes on the wire by type
// (document, stylesheet, script, other). Exits 1 when a page's median FCP is over the budget or a page failed.
// A first visit gets the page's stylesheets inside the document (ADR 0067); each run also opens the page as a browser
// that has the build's `ls_css` cookie but an empty cache (the stylesheets linked in the head, as every visit was
// before ADR 0067), interleaved with the first visits so both meet the same machine: the "linked" columns.
//
// Environment: SEED_ORDERS (300 demo orders), BENCH_RUNS (3), BENCH_ONLY (a comma-separated list of page names), BENCH_PORT (3716), BUILD_DIR
// (build-benchslow), BENCH_PG (postgres://postgres@127.0.0.1:5432/postgres), CHROMIUM_PATH.
/* global document, fetch, window, performance, MutationObserver */
import os from "node:os";
import { chromium } from "@playwright/test";
import { ADMIN, OWNER, createBench } from "./bench-harness.mjs";

const FCP_BUDGET_MS = 1000;
// a first paint does not depend on how many orders the demo has (a page shows 10): the e2e servers' 300 seed quickly
process.env.SEED_ORDERS ??= "300";
const RUNS = Number(process.env.BENCH_RUNS || 3);
const ONLY = process.env.BENCH_ONLY?.split(",").map((s) => s.trim());
/** Chrome DevTools' "Slow 4G" profile: 1.6 Mb/s down, 750 kb/s up, 150 ms round trip; 4× CPU. */
const NETWORK = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const CPU_SLOWDOWN = 4;

const bench = createBench({
  name: "bench:slowlink",
  rowsVar: "BENCH_SLOWLINK_ROWS",
  port: 3716,
  buildDir: "build-benchslow",
  kinds: [],
});
const { log } = bench;

/** Records when the root marks the document hydrated (performance.now(), ms since navigation). */
const HYDRATION_PROBE = () => {
  const mark = () => {
    if (document.documentElement.hasAttribute("data-hydrated") && !window.__hydratedAt)
      window.__hydratedAt = performance.now();
  };
  new MutationObserver(mark).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });
};

const median = (values) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * One cold visit of `path` with the session `cookie` (or none) and, for a linked visit, the build's `ls_css` cookie:
 * paint and load times, and the bytes by resource type.
 */
async function visit(browser, path, cookie, cssCookie = null) {
  const context = await browser.newContext({
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    viewport: { width: 1366, height: 768 },
  });
  try {
    for (const c of [cookie, cssCookie].filter(Boolean)) {
      const [name, value] = c.split(/=(.*)/s);
      await context.addCookies([{ name, value, url: bench.ORIGIN }]);
    }
    await context.addInitScript(HYDRATION_PROBE);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", NETWORK);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    const types = new Map();
    const bytes = { document: 0, stylesheet: 0, script: 0, other: 0 };
    cdp.on("Network.responseReceived", (e) => types.set(e.requestId, e.type));
    cdp.on("Network.loadingFinished", (e) => {
      const type = (types.get(e.requestId) ?? "other").toLowerCase();
      bytes[type in bytes ? type : "other"] += e.encodedDataLength;
    });
    const response = await page.goto(`${bench.ORIGIN}${path}`, { waitUntil: "load", timeout: 120_000 });
    if (response?.status() !== 200) throw new Error(`${path} answered ${response?.status()}`);
    await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 120_000 });
    const times = await page.evaluate(() => {
      const nav = performance.getEntriesByType("navigation")[0];
      const fcp = performance.getEntriesByName("first-contentful-paint")[0];
      return { fcp: fcp?.startTime ?? NaN, dcl: nav?.domContentLoadedEventEnd ?? NaN, hydrated: window.__hydratedAt };
    });
    // the last bytes (late chunks) are counted once the network is quiet
    await page.waitForLoadState("networkidle", { timeout: 60_000 }).catch(() => {});
    return { ...times, bytes };
  } finally {
    await context.close();
  }
}

await bench.run(async ({ sql }) => {
  const admin = await bench.signIn(ADMIN);
  const owner = await bench.signIn(OWNER);
  const firstId = async (apiPath, cookie) =>
    (await bench.getJson(apiPath, { accept: "application/json", cookie })).data[0]?._id;
  const order = await firstId("/api/order/list?limit=1", owner);
  const customer = await firstId("/api/user/list?limit=1&buyerId=all", owner);
  const [{ version }] = await sql`select current_setting('server_version') as version`;
  const login = await fetch(`${bench.ORIGIN}/auth/login`);
  await login.arrayBuffer();
  const cssCookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith("ls_css="))
    ?.split(";")[0];
  if (!cssCookie) throw new Error("the login page set no ls_css cookie: are the stylesheets built?");
  const pages = [
    { name: "login", path: "/auth/login", cookie: null },
    { name: "register", path: "/influencer/register", cookie: null },
    { name: "user-list", path: "/app/user-list", cookie: admin },
    { name: "shop-list", path: "/app/shop-list", cookie: admin },
    { name: "category", path: "/app/category", cookie: admin },
    { name: "stream", path: "/app/stream", cookie: admin },
    { name: "orders", path: "/app/orders", cookie: owner },
    { name: "order page", path: `/app/order/${order}`, cookie: owner },
    { name: "products", path: "/app/products", cookie: owner },
    { name: "coupons", path: "/app/coupons", cookie: owner },
    { name: "customers", path: "/app/customers", cookie: owner },
    { name: "customer page", path: `/app/customer/${customer}`, cookie: owner },
    { name: "streams", path: "/app/streams", cookie: owner },
    { name: "owner's shop", path: "/app/shop", cookie: owner },
    { name: "campaigns", path: "/app/campaign", cookie: owner },
  ].filter((p) => !ONLY || ONLY.includes(p.name));

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-quic"],
  });
  const rows = [];
  try {
    for (const p of pages) {
      // one unthrottled visit first, so the server's own first-request costs are not counted
      await visit(browser, p.path, p.cookie);
      const runs = [];
      const linked = [];
      for (let i = 0; i < RUNS; i++) {
        runs.push(await visit(browser, p.path, p.cookie));
        linked.push(await visit(browser, p.path, p.cookie, cssCookie));
      }
      const row = {
        name: p.name,
        path: p.path,
        linkedFcp: median(linked.map((r) => r.fcp)),
        linkedHydrated: median(linked.map((r) => r.hydrated)),
        fcp: median(runs.map((r) => r.fcp)),
        dcl: median(runs.map((r) => r.dcl)),
        hydrated: median(runs.map((r) => r.hydrated)),
        kB: Object.fromEntries(
          ["document", "stylesheet", "script", "other"].map((t) => [t, median(runs.map((r) => r.bytes[t])) / 1024]),
        ),
      };
      rows.push(row);
      log(`${p.name}: FCP ${row.fcp.toFixed(0)} ms (linked ${row.linkedFcp.toFixed(0)} ms)`);
    }
  } finally {
    await browser.close();
  }

  const load = os.loadavg().map((l) => l.toFixed(1));
  console.log(
    `\nFirst paint on Slow 4G (1.6 Mb/s down, 750 kb/s up, 150 ms RTT) with ${CPU_SLOWDOWN}× CPU · medians of ${RUNS} cold visits` +
      `\nmachine: nproc ${os.availableParallelism()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB · Node ${process.version} · PostgreSQL ${version} · load average ${load.join(" ")}`,
  );
  const head = [
    "page",
    "FCP ms",
    "DCL ms",
    "hydrated ms",
    "HTML kB",
    "CSS kB",
    "JS kB",
    "other kB",
    "FCP ≤ 1 s",
    "linked: FCP ms",
    "hydrated ms",
  ];
  const body = rows.map((r) => [
    r.name,
    r.fcp.toFixed(0),
    r.dcl.toFixed(0),
    r.hydrated.toFixed(0),
    r.kB.document.toFixed(1),
    r.kB.stylesheet.toFixed(1),
    r.kB.script.toFixed(1),
    r.kB.other.toFixed(1),
    r.fcp <= FCP_BUDGET_MS ? "yes" : "NO",
    r.linkedFcp.toFixed(0),
    r.linkedHydrated.toFixed(0),
  ]);
  const widths = head.map((h, c) => Math.max(h.length, ...body.map((row) => row[c].length)));
  const line = (cells) =>
    cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join("  ");
  console.log(line(head));
  console.log(widths.map((w) => "─".repeat(w)).join("  "));
  for (const row of body) console.log(line(row));
  const over = rows.filter((r) => !(r.fcp <= FCP_BUDGET_MS));
  console.log(
    over.length
      ? `\n${over.length} of ${rows.length} pages over the ${FCP_BUDGET_MS} ms budget: ${over.map((r) => r.name).join(", ")}`
      : `\nEvery page within the ${FCP_BUDGET_MS} ms budget.`,
  );
  return over.length ? 1 : 0;
});
