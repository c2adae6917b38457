// `npm run bench:orders`: how fast the orders list (GET /api/order/list, the call the orders pages make) answers at
// 10,000 and at 1,000,000 orders in PostgreSQL, as an admin, as the owner of the largest shop and as its staff, with
// each filter, each sort and each kind of search ("Demo data and scale"; docs/performance-history.md).
//
// How (the harness of scripts/bench-harness.mjs): creates a fresh PostgreSQL database (liveshop_bench_<timestamp> on
// 127.0.0.1:5432, user postgres), starts the production server on it through scripts/start.mjs (which builds into
// BUILD_DIR when stale, then migrates and seeds the demo data), then generates orders in SQL, server-side
// (INSERT ... SELECT over generate_series, in batches of 50,000 orders; as a bulk load does, with the foreign-key
// triggers off and the secondary indexes of orders, order_lines and order_parts built again after the load):
// customers (one per ten orders, at least 2,000), orders over the last 12 months (more of them recently), 1–4 lines
// each of the demo shops' products (45% of the orders in the demo owner's shop Harbour Threads, the rest shared by
// the other shops, one order in ten with a line of a second shop), line statuses by age (recent orders Pending,
// Found, On Hold, Awaiting Pickup, On The Way; older ones mostly Delivered; 3% of lines refunded), online and
// offline, totals and each shop's part (order_parts) as the order-placement service computes them. ANALYZE.
//
// First BENCH_SMALL orders (10,000), measured; then topped up to BENCH_ORDERS (1,000,000), measured again. At each
// size, per caller (admin@, owner@ and staff@liveshop.test): a warm-up, BENCH_SOLO requests per URL kind from a single
// client (p50 and p95: each kind's own cost), then BENCH_REQUESTS requests cycling through the kinds from
// BENCH_CONCURRENCY clients (no think time). Prints a table per size and caller, then the comparison: per caller and
// kind, the single-client p50/p95 at both sizes and their ratio, and the p95 at 20 clients. The bound: at 1,000,000
// orders each kind's single-client p95 is at most 2× its p95 at 10,000 (or within 5 ms of it, below which the
// machine's noise is larger than the query), and under BENCH_BOUND ms (100). With BENCH_EXPLAIN=1 (default) it then
// writes the EXPLAIN (ANALYZE, BUFFERS) of every query a call runs (the page, the capped count, the lines of the page's
// orders), per caller and kind, at both sizes, to BENCH_EXPLAIN_OUT, by calling the API's
// own listOrders() in-process with a query logger (hence `node --import tsx`). Exits 1 when a kind misses the bound or
// any request failed. The server is stopped and the database dropped at the end, also on failure or Ctrl-C.
//
// Environment: BENCH_ORDERS (1000000), BENCH_SMALL (10000), BENCH_REQUESTS (1000), BENCH_CONCURRENCY (20),
// BENCH_WARMUP (100), BENCH_SOLO (20), BENCH_BOUND (100), BENCH_PORT (3713), BUILD_DIR (build-benchorders),
// BENCH_SQL (SQL run after each fill and before ANALYZE, e.g. an index to try before writing its migration),
// BENCH_EXPLAIN (1), BENCH_EXPLAIN_OUT (bench-orders-explain.md in BUILD_DIR, which git ignores),
// BENCH_PG (postgres://postgres@127.0.0.1:5432/postgres: the server the bench database is created on).
/* global URLSearchParams */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { ADMIN, API_HEADERS, createBench, explainQuery, OWNER, STAFF } from "./bench-harness.mjs";
import { fillOrders, findable, prepare } from "./bench-orders-data.mjs";

// ─── What this benchmark measures ────────────────────────────────────────────────────────────────
const API_PATH = "/api/order/list";
const SMALL = Number(process.env.BENCH_SMALL ?? 10_000);
const BOUND_MS = Number(process.env.BENCH_BOUND ?? 100);
const NOISE_MS = 5;

/** What the current caller can find: set before each caller's run, read by the URL kinds. */
const seen = { orders: [], buyers: [] };
const any = (list) => list[Math.floor(Math.random() * list.length)];
const day = (daysAgo) =>
  new Date(Date.now() - daysAgo * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Australia/Sydney" });

/** URL kinds, each [label, () => query string]: every sort both ways, every filter, each kind of search. */
const KINDS = [
  ["default (newest)", () => ""],
  ["page 2–50", () => `page=${2 + Math.floor(Math.random() * 49)}`],
  ["limit 100", () => "limit=100"],
  ["createdAt asc", () => "sort=createdAt&sortType=asc"],
  ["orderId desc", () => "sort=orderId&sortType=desc"],
  ["orderId asc", () => "sort=orderId&sortType=asc"],
  ["total desc", () => "sort=total&sortType=desc"],
  ["total asc", () => "sort=total&sortType=asc"],
  ["status Delivered", () => "status=Delivered"],
  ["status On Hold", () => "status=On%20Hold"],
  ["status Refunded", () => "status=Refunded"],
  ["last 30 days", () => `startDate=${day(30)}&endDate=${day(0)}`],
  ["one day", () => `startDate=${day(100)}&endDate=${day(100)}`],
  ["month+status+total", () => `startDate=${day(60)}&endDate=${day(30)}&status=Delivered&sort=total&sortType=desc`],
  ["buyerId", () => `buyerId=${any(seen.buyers).id}`],
  ["search order id", () => `search=${any(seen.orders)}`],
  ["search name", () => `search=${encodeURIComponent(any(seen.buyers).name)}`],
  ["search e-mail", () => `search=${encodeURIComponent(any(seen.buyers).email)}`],
  ["search phone", () => `search=${any(seen.buyers).mobile}`],
];

const bench = createBench({
  name: "bench:orders",
  rowsVar: "BENCH_ORDERS",
  rows: 1_000_000,
  port: 3713,
  buildDir: "build-benchorders",
  kinds: KINDS,
  defaults: { requests: 1000, warmup: 100, solo: 20 },
});
const { ROWS, log } = bench;

// ─── Measuring ───────────────────────────────────────────────────────────────────────────────────
async function measureSize(db, callers) {
  const results = [];
  for (const caller of callers) {
    Object.assign(seen, await findable(db, caller.shopId));
    const probe = await bench.getJson(API_PATH, caller.headers);
    log(`${caller.label}: ${probe.count}${probe.countEstimated ? " (estimated)" : ""} orders listed`);
    const [{ target, summary }] = await bench.measureTargets([
      { title: `GET ${API_PATH} as ${caller.label}`, path: API_PATH, headers: caller.headers, page: false },
    ]);
    results.push({ caller, target, summary, listed: probe.count });
  }
  return results;
}

const fmt = (v) => (Number.isFinite(v) ? v.toFixed(1) : "–");

function printComparison(small, large, sizes, sqlStats) {
  const head = [
    "caller",
    "URL kind",
    `${sizes[0]} p50`,
    `${sizes[0]} p95`,
    `${sizes[1]} p50`,
    `${sizes[1]} p95`,
    "p95 ×",
    `20-cl p95 ${sizes[0]}`,
    `20-cl p95 ${sizes[1]}`,
    `SQL ms ${sizes[0]}`,
    `SQL ms ${sizes[1]}`,
    `buffers ${sizes[0]}`,
    `buffers ${sizes[1]}`,
    "",
  ];
  const body = [];
  let misses = 0;
  for (const [c, { caller, summary }] of large.entries()) {
    const before = small[c].summary.rows;
    summary.rows.forEach((row, r) => {
      const s = before[r];
      const overall = row.kind === "overall";
      const ok =
        overall || ((row.soloP95 <= 2 * s.soloP95 || row.soloP95 <= s.soloP95 + NOISE_MS) && row.soloP95 < BOUND_MS);
      if (!ok) misses++;
      const [a, b] = sqlStats.map((m) => m?.get(`${caller.label}|${row.kind}`));
      body.push([
        caller.label,
        row.kind,
        fmt(s.solo),
        fmt(s.soloP95),
        fmt(row.solo),
        fmt(row.soloP95),
        overall ? "" : fmt(row.soloP95 / s.soloP95),
        fmt(s.p95),
        fmt(row.p95),
        fmt(a?.ms),
        fmt(b?.ms),
        String(a?.buffers ?? ""),
        String(b?.buffers ?? ""),
        ok ? "" : "MISS",
      ]);
    });
  }
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells) =>
    cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
  console.log(
    `\nGET ${API_PATH}: single-client p50/p95 (ms) at ${sizes[0]} and ${sizes[1]} orders, their p95 ratio, the p95 at ${process.env.BENCH_CONCURRENCY ?? 20} concurrent clients, ` +
      "and the SQL execution time and shared buffers of the call's queries (EXPLAIN ANALYZE, once)",
  );
  console.log(line(head));
  console.log(widths.map((w) => "─".repeat(w)).join("  "));
  body.forEach((b) => console.log(line(b)));
  console.log(
    `\n${misses ? `${misses} kind(s) MISS the bound` : "Every kind holds the bound"}: at ${sizes[1]} orders each kind's single-client p95 at most 2× (or ${NOISE_MS} ms above) its p95 at ${sizes[0]}, and under ${BOUND_MS} ms.`,
  );
  return misses;
}

// ─── EXPLAIN (ANALYZE, BUFFERS) of each query, through the API's own code ────────────────────────
/**
 * Calls the API's own listOrders() in-process for each caller and kind, with a query logger, and runs EXPLAIN
 * (ANALYZE, BUFFERS) on every query it made (the planner-only estimate of a count above 1,000 excepted, ADR 0012).
 * Returns the plans as Markdown (staff's are the owner's queries for the same shop, and the lines of a page's orders
 * are one query shape: each is written once) and, per caller and kind, the SQL execution time and shared buffers of
 * the whole call: what the database did, apart from the machine's other load.
 */
async function explainAll(db, callers, size) {
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const postgres = (await import("postgres")).default;
  const schema = await import("../api/db/schema/index.ts");
  const { listOrders } = await import("../api/modules/orders/list.ts");
  const { orderListQuerySchema } = await import("../contract/orders/order-views-api");
  const client = postgres(bench.dbUrl, { max: 1, onnotice: () => {} });
  let captured = [];
  const orm = drizzle(client, { schema, logger: { logQuery: (query, params) => captured.push({ query, params }) } });
  const out = [`### At ${size} orders`, ""];
  const stats = new Map();
  const written = new Set();
  for (const caller of callers) {
    Object.assign(seen, await findable(db, caller.shopId));
    const writes = !caller.label.startsWith("staff");
    if (writes) out.push(`#### As ${caller.label}`, "");
    for (const [kind, query] of KINDS) {
      const qs = query();
      const q = orderListQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs)));
      captured = [];
      await listOrders({ db: orm }, caller.actor, q);
      let ms = 0;
      let buffers = 0;
      const plans = [];
      for (const { query: text, params } of captured) {
        if (/^explain /i.test(text)) continue;
        const explained = await explainQuery(client, text, params);
        ms += explained.ms;
        buffers += explained.buffers;
        const shape = `${caller.shopId ?? "all"}:${text.startsWith('select "order_lines"') ? "lines" : text}`;
        if (written.has(shape)) continue;
        written.add(shape);
        plans.push(...explained.markdown);
      }
      stats.set(`${caller.label}|${kind}`, { ms, buffers });
      if (writes)
        out.push(
          `##### ${kind}: \`?${qs}\` (SQL ${ms.toFixed(1)} ms, ${buffers} buffers)`,
          "",
          ...(plans.length ? plans : ["The same queries as above.", ""]),
        );
    }
  }
  await client.end({ timeout: 5 });
  return { markdown: out.join("\n"), stats };
}

// ─────────────────────────────────────────────────────────────────────────────────────────────────
await bench.run(async ({ sql }) => {
  const db = await sql.reserve();
  try {
    const setup = await prepare(db);
    const who = async (account, label) => {
      const [u] = await db`select u.id, u.role from users u where u.email = ${account.email}`;
      const [staffRow] = await db`select shop_id from shop_staff where user_id = ${u.id}`;
      const shopId = u.role === "admin" ? null : (staffRow?.shop_id ?? setup.shops[0].id);
      const cookie = await bench.signIn(account);
      const permissions = new Set(
        (await db`select permission from staff_permissions where user_id = ${u.id}`).map((r) => r.permission),
      );
      return {
        label,
        shopId,
        headers: { ...API_HEADERS, cookie },
        actor: { id: u.id, role: u.role, shopId, permissions, sessionId: "bench" },
      };
    };
    const callers = [
      await who(ADMIN, "admin"),
      await who(OWNER, "owner (largest shop)"),
      await who(STAFF, "staff (largest shop)"),
    ];
    const sizes = [SMALL, ROWS];
    const results = [];
    const explained = [];
    for (const size of sizes) {
      const have = await fillOrders(db, setup, size, log);
      results.push(await measureSize(db, callers));
      await bench.report(
        `orders: ${have}`,
        results.at(-1).map(({ target, summary }) => ({ target, summary })),
      );
      if (process.env.BENCH_EXPLAIN !== "0") explained.push(await explainAll(db, callers, have));
    }
    const misses = printComparison(results[0], results[1], sizes, [explained[0]?.stats, explained[1]?.stats]);
    if (explained.length) {
      const file =
        process.env.BENCH_EXPLAIN_OUT ||
        path.join(process.env.BUILD_DIR || "build-benchorders", "bench-orders-explain.md");
      writeFileSync(
        file,
        [
          `Written by \`npm run bench:orders\` on ${new Date().toISOString()}.`,
          "",
          ...explained.map((e) => e.markdown),
        ].join("\n"),
      );
      log(`EXPLAIN (ANALYZE, BUFFERS) of each query written to ${file}`);
    }
    const failed = results.flat().reduce((n, r) => n + r.summary.failures.length, 0);
    return misses || failed ? 1 : 0;
  } finally {
    db.release();
  }
});
