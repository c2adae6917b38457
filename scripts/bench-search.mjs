// `npm run bench:search`: how fast the console's search box (GET /api/search, what the search page and the Ctrl-K
// palette call; ADR 0069) answers at 1,000,000 orders in PostgreSQL, as an admin, as the owner of the largest shop and
// as its staff, per kind of term: an order number (#n and plain digits), a customer's full name, e-mail and phone, a
// product's name, a broad first name and two letters.
//
// How: the harness of scripts/bench-harness.mjs (a fresh database liveshop_bench_<timestamp> on 127.0.0.1:5432, user
// postgres; the production server on it, migrated and seeded with the demo data), then bench:orders' own generator
// (scripts/bench-orders-data.mjs) fills BENCH_ORDERS orders (1,000,000) with a customer per ten. Per caller: a warm-up,
// BENCH_SOLO requests per kind from one client (p50 and p95: each kind's own cost), then BENCH_REQUESTS from
// BENCH_CONCURRENCY clients. The bound: each kind's single-client p95 under BENCH_BOUND ms (50). Exits 1
// when a kind misses it or any request failed; the server is stopped and the database dropped at the end.
//
// Environment: BENCH_ORDERS (1000000), BENCH_REQUESTS (400), BENCH_CONCURRENCY (20), BENCH_WARMUP (50), BENCH_SOLO
// (20), BENCH_BOUND (50), BENCH_PORT (3714), BUILD_DIR (build-benchsearch), BENCH_PG.
import os from "node:os";
import { ADMIN, API_HEADERS, createBench, OWNER, STAFF } from "./bench-harness.mjs";
import { fillOrders, findable, prepare } from "./bench-orders-data.mjs";

const API_PATH = "/api/search";
const BOUND_MS = Number(process.env.BENCH_BOUND ?? 50);

/** What the current caller can find: set before each caller's run, read by the kinds. */
const seen = { orders: [], buyers: [], products: [] };
const any = (list) => list[Math.floor(Math.random() * list.length)];
const q = (term) => `q=${encodeURIComponent(term)}`;

const KINDS = [
  ["order #number", () => q(`#${any(seen.orders)}`)],
  ["order digits", () => q(String(any(seen.orders)))],
  ["customer name", () => q(any(seen.buyers).name)],
  ["customer e-mail", () => q(any(seen.buyers).email)],
  ["customer phone", () => q(any(seen.buyers).mobile)],
  ["product name", () => q(any(seen.products))],
  ["first name", () => q(any(seen.buyers).name.split(" ")[0])],
  ["two letters", () => q(any(["an", "li", "er", "ma", "ch"]))],
];

const bench = createBench({
  name: "bench:search",
  rowsVar: "BENCH_ORDERS",
  rows: 1_000_000,
  port: 3714,
  buildDir: "build-benchsearch",
  kinds: KINDS,
  defaults: { requests: 400, warmup: 50, solo: 20 },
});
const { ROWS, log } = bench;

const fmt = (v) => (Number.isFinite(v) ? v.toFixed(1) : "–");

await bench.run(async ({ sql }) => {
  const db = await sql.reserve();
  try {
    const setup = await prepare(db);
    const who = async (account, label) => {
      const [u] = await db`select u.id, u.role from users u where u.email = ${account.email}`;
      const [staffRow] = await db`select shop_id from shop_staff where user_id = ${u.id}`;
      const shopId = u.role === "admin" ? null : (staffRow?.shop_id ?? setup.shops[0].id);
      return { label, shopId, headers: { ...API_HEADERS, cookie: await bench.signIn(account) } };
    };
    const callers = [
      await who(ADMIN, "admin"),
      await who(OWNER, "owner (largest shop)"),
      await who(STAFF, "staff (largest shop)"),
    ];
    const have = await fillOrders(db, setup, ROWS, log);
    const results = [];
    for (const caller of callers) {
      Object.assign(seen, await findable(db, caller.shopId));
      seen.products = (
        await db`select name from products where deleted_at is null ${caller.shopId ? db`and shop_id = ${caller.shopId}` : db``} order by random() limit 50`
      ).map((p) => p.name);
      const probe = await bench.getJson(`${API_PATH}?${q("a")}`, caller.headers);
      log(`${caller.label}: kinds ${probe.data.groups.map((g) => g.kind).join(", ")}`);
      const [{ target, summary }] = await bench.measureTargets([
        { title: `GET ${API_PATH} as ${caller.label}`, path: API_PATH, headers: caller.headers, page: false },
      ]);
      results.push({ caller, target, summary });
    }
    await bench.report(
      `orders: ${have}`,
      results.map(({ target, summary }) => ({ target, summary })),
    );
    const [load1] = os.loadavg();
    console.log(
      `\nGET ${API_PATH} at ${have} orders: single-client p50/p95 (ms) per kind (bound: p95 < ${BOUND_MS} ms); load average ${load1.toFixed(2)} on ${os.availableParallelism()} cores`,
    );
    let misses = 0;
    for (const { caller, summary } of results)
      for (const row of summary.rows.filter((r) => r.kind !== "overall")) {
        const ok = row.soloP95 < BOUND_MS;
        if (!ok) misses++;
        console.log(
          `${caller.label.padEnd(22)} ${row.kind.padEnd(16)} p50 ${fmt(row.solo).padStart(7)}  p95 ${fmt(row.soloP95).padStart(7)}  20-client p95 ${fmt(row.p95).padStart(7)}${ok ? "" : "  MISS"}`,
        );
      }
    const failed = results.reduce((n, r) => n + r.summary.failures.length, 0);
    console.log(
      `\n${misses ? `${misses} kind(s) MISS the bound` : "Every kind holds the bound"}; ${failed} failed requests`,
    );
    return misses || failed ? 1 : 0;
  } finally {
    db.release();
  }
});
