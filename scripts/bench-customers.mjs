// `npm run bench:customers`: the customers list's call (GET /api/user/list?buyerId=…, what /app/customers loads) at
// the demo's size and at BENCH_ORDERS orders (1,000,000) with BENCH_CUSTOMERS customers (200,000), as the demo owner
// (their shop's customers) and as an admin (every customer), for each sort and a search. The bound: every query the
// call runs takes under BENCH_SQL_BOUND ms (5) of SQL execution in all, at both sizes (ADR 0075: the figures are kept
// in `customer_figures`, so a page is read from indexes in the order asked).
//
// How (the harness of scripts/bench-harness.mjs, the data of scripts/bench-orders-data.mjs): a fresh PostgreSQL
// database with the demo data, the production server on it; at each size, per caller and kind, the API's own
// listCustomers() is called in-process with a query logger and every query it ran is run again under EXPLAIN (ANALYZE,
// BUFFERS): the sum of their execution times is the call's SQL time. Then BENCH_SOLO requests per kind from one client
// through HTTP (p50/p95: what the call costs with the server around it). The plans are written to BENCH_EXPLAIN_OUT.
// Exits 1 when a call's SQL is over the bound or a request failed; the database is dropped at the end.
//
// Environment: BENCH_ORDERS (1000000), BENCH_CUSTOMERS (200000), BENCH_SOLO (50), BENCH_WARMUP (20),
// BENCH_SQL_BOUND (5), BENCH_PORT (3717), BUILD_DIR (build-benchcustomers), BENCH_EXPLAIN_OUT
// (bench-customers-explain.md in BUILD_DIR), BENCH_PG (postgres://postgres@127.0.0.1:5432/postgres).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { URLSearchParams } from "node:url";
import { ADMIN, API_HEADERS, OWNER, createBench, explainQuery, percentile } from "./bench-harness.mjs";
import { fillOrders, prepare } from "./bench-orders-data.mjs";

const SQL_BOUND = Number(process.env.BENCH_SQL_BOUND || 5);
const SOLO = Number(process.env.BENCH_SOLO || 50);
const WARMUP = Number(process.env.BENCH_WARMUP || 20);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS || 200_000);

/** The kinds of call: each sort the page offers (newest first, as the page asks), and a search by a first name. */
const KINDS = [
  ["newest customer", ""],
  ["name A–Z", "sort=fName&sortType=asc"],
  ["most spent", "sort=spent&sortType=desc"],
  ["most orders", "sort=orderCount&sortType=desc"],
  ["last order", "sort=lastOrderAt&sortType=desc"],
  ["page 20", "page=20"],
  ["search 'emma'", "search=emma"],
];

const bench = createBench({
  name: "bench:customers",
  rowsVar: "BENCH_ORDERS",
  rows: 1_000_000,
  port: 3717,
  buildDir: "build-benchcustomers",
  kinds: [],
});
const { ROWS, log } = bench;

/** Per caller and kind: the call's SQL time and buffers (EXPLAIN ANALYZE of every query it ran) and its plans. */
async function explainAll(callers, size) {
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const postgres = (await import("postgres")).default;
  const schema = await import("../api/db/schema/index.ts");
  const { listCustomers } = await import("../api/modules/customers/list.ts");
  const { userListWithBuyersQuerySchema } = await import("../contract/customers/customer-list-api.ts");
  const client = postgres(bench.dbUrl, { max: 1, onnotice: () => {} });
  let captured = [];
  const orm = drizzle(client, { schema, logger: { logQuery: (query, params) => captured.push({ query, params }) } });
  const out = [`### ${size}`, ""];
  const stats = new Map();
  for (const caller of callers) {
    out.push(`#### As ${caller.label}`, "");
    for (const [kind, qs] of KINDS) {
      const q = userListWithBuyersQuerySchema.parse({
        ...Object.fromEntries(new URLSearchParams(qs)),
        buyerId: caller.buyerId,
      });
      captured = [];
      const page = await listCustomers({ db: orm }, caller.actor, q);
      let ms = 0;
      let buffers = 0;
      const plans = [];
      for (const { query: text, params } of captured) {
        if (/^explain /i.test(text)) continue;
        const explained = await explainQuery(client, text, params);
        ms += explained.ms;
        buffers += explained.buffers;
        plans.push(...explained.markdown);
      }
      stats.set(`${caller.label}|${kind}`, { ms, buffers, count: page.count, estimated: !!page.countEstimated });
      out.push(`##### ${kind}: \`?${qs}\` (SQL ${ms.toFixed(2)} ms, ${buffers} buffers)`, "", ...plans);
    }
  }
  await client.end({ timeout: 5 });
  return { markdown: out.join("\n"), stats };
}

/** BENCH_SOLO sequential requests per kind after a warm-up: p50/p95 in ms. */
async function timeAll(callers) {
  const times = new Map();
  for (const caller of callers)
    for (const [kind, qs] of KINDS) {
      const target = {
        path: `/api/user/list?buyerId=${caller.buyerId}${qs ? `&${qs}` : ""}`,
        headers: caller.headers,
      };
      for (let i = 0; i < WARMUP; i++) await bench.timeOnce(target);
      const ms = [];
      for (let i = 0; i < SOLO; i++) {
        const { ms: one, status } = await bench.timeOnce(target);
        if (status !== 200) throw new Error(`GET ${target.path} answered ${status}`);
        ms.push(one);
      }
      ms.sort((a, b) => a - b);
      times.set(`${caller.label}|${kind}`, { p50: percentile(ms, 50), p95: percentile(ms, 95) });
    }
  return times;
}

await bench.run(async ({ sql }) => {
  const db = await sql.reserve();
  const sections = [];
  const rows = [];
  try {
    const setup = await prepare(db);
    const who = async (account, label) => {
      const [u] = await db`select id, role from users where email = ${account.email}`;
      const shopId = u.role === "admin" ? null : setup.shops[0].id;
      const permissions = new Set();
      return {
        label,
        buyerId: shopId ?? "all",
        headers: { ...API_HEADERS, cookie: await bench.signIn(account) },
        actor: { id: u.id, role: u.role, shopId, permissions, sessionId: "bench" },
      };
    };
    const callers = [await who(OWNER, "owner (Harbour Threads)"), await who(ADMIN, "admin (every customer)")];
    const measure = async (size) => {
      const [{ n: customers }] = await db`select count(*)::int as n from users where role = 'endUser'`;
      const [{ n: orders }] = await db`select count(*)::int as n from orders`;
      const label = `${size}: ${orders.toLocaleString("en")} orders, ${customers.toLocaleString("en")} customers`;
      log(`${label}: EXPLAIN ANALYZE of every query, then ${SOLO} requests per kind`);
      const { markdown, stats } = await explainAll(callers, label);
      const times = await timeAll(callers);
      sections.push(markdown);
      for (const caller of callers)
        for (const [kind] of KINDS) {
          const key = `${caller.label}|${kind}`;
          rows.push({ size, caller: caller.label, kind, ...stats.get(key), ...times.get(key) });
        }
    };
    // the statistics autovacuum gathers within a minute of the seed (the plans of a freshly seeded database guess)
    await db`analyze`;
    await measure("demo");
    setup.customerCount = CUSTOMERS;
    await fillOrders(db, setup, ROWS, log);
    await measure("large");
  } finally {
    db.release();
  }

  const out = path.resolve(
    process.env.BENCH_EXPLAIN_OUT ||
      path.join(process.env.BUILD_DIR || "build-benchcustomers", "bench-customers-explain.md"),
  );
  writeFileSync(out, `# bench:customers: the plans\n\n${sections.join("\n\n")}\n`);
  console.log(`\nThe customers list's call · SQL bound ${SQL_BOUND} ms · plans in ${out}`);
  const head = ["size", "caller", "kind", "listed", "SQL ms", "buffers", "HTTP p50 ms", "HTTP p95 ms"];
  const body = rows.map((r) => [
    r.size,
    r.caller,
    r.kind,
    `${r.estimated ? "~" : ""}${r.count}`,
    r.ms.toFixed(2),
    String(r.buffers),
    r.p50.toFixed(1),
    r.p95.toFixed(1),
  ]);
  const widths = head.map((h, c) => Math.max(h.length, ...body.map((row) => row[c].length)));
  for (const row of [head, widths.map((w) => "─".repeat(w)), ...body])
    console.log(row.map((cell, c) => (c < 3 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join("  "));
  const over = rows.filter((r) => r.ms >= SQL_BOUND);
  if (over.length) {
    console.log(
      `\nOVER ${SQL_BOUND} ms of SQL: ${over.map((r) => `${r.size} ${r.caller} ${r.kind} ${r.ms.toFixed(2)} ms`).join(", ")}`,
    );
    return 1;
  }
  console.log(`\nEvery call's SQL under ${SQL_BOUND} ms at both sizes.`);
  return 0;
});
