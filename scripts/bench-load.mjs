// `npm run bench:load`: every list page and its API call under load, side by side (budget: p95 < 100 ms at 20
// concurrent clients for the page and for its call, docs/architecture.md).
//
// How (the harness of scripts/bench-harness.mjs): a fresh PostgreSQL database (liveshop_bench_<timestamp> on
// 127.0.0.1:5432, user postgres) with the demo data only, the production server started on it through
// scripts/start.mjs (building into BUILD_DIR when stale; on PostgreSQL it runs WEB_CONCURRENCY workers, one per core
// by default). Then, for each list page (scripts/bench-lists.mjs), autocannon with BENCH_CONNECTIONS clients (20, no
// think time) for BENCH_SECONDS (20) on the page (the full HTML document, desktop Chrome headers, session cookie,
// compressed), then the same on the list call its loader makes (same query, same cookie), after a short warm-up of
// each. Every response's time is kept (autocannon's own table has no p95), so p50/p95/p99 are exact; errors are
// connection errors, timeouts and non-200 answers. The CPU of the app server (all its processes) and of the rest
// (essentially PostgreSQL: the machine's busy time less the server and this load generator) is read from /proc and
// printed in cores. Exits 1 when a p95 is at or over the budget or a request failed. The server is stopped and the
// database dropped at the end, also on failure or Ctrl-C.
//
// Environment: BENCH_SECONDS (20), BENCH_CONNECTIONS (20), BENCH_WARMUP_SECONDS (3), BENCH_ONLY (a comma-separated
// list of list names, e.g. "customers,orders (owner)"), BENCH_PORT (3714), BUILD_DIR (build-benchload), BENCH_PG
// (postgres://postgres@127.0.0.1:5432/postgres), WEB_CONCURRENCY (the server's worker count), BENCH_FIRST_VISIT (1:
// every page as a first visit, its stylesheets in the document; by default as a browser after its first page).
import os from "node:os";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import { ADMIN, API_HEADERS, BUDGET_P95_MS, CHROME_HEADERS, createBench, OWNER, percentile } from "./bench-harness.mjs";
import { listPages, moreListPages } from "./bench-lists.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS || 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 20);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS || 3);
const ONLY = process.env.BENCH_ONLY?.split(",").map((s) => s.trim());

const bench = createBench({
  name: "bench:load",
  rowsVar: "BENCH_LOAD_ROWS",
  port: 3714,
  buildDir: "build-benchload",
  kinds: [],
});
const { log } = bench;

/** autocannon on one target for `seconds`; every response's time kept. */
function fire(target, seconds) {
  const times = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${bench.ORIGIN}${target.path}`,
        method: target.method ?? "GET",
        headers: target.body === undefined ? target.headers : { ...target.headers, "content-type": "application/json" },
        body: target.body === undefined ? undefined : JSON.stringify(target.body),
        connections: CONNECTIONS,
        duration: seconds,
        timeout: 30,
      },
      (error, result) => (error ? reject(error) : resolve({ result, times })),
    );
    instance.on("response", (_client, status, _bytes, ms) => times.push({ status, ms }));
  });
}

/** Measures one target: a warm-up, then the timed run with the server's and the rest's CPU over it. */
async function measure(target) {
  await fire(target, WARMUP_SECONDS);
  const cpu0 = bench.cpuNow();
  const t0 = performance.now();
  const { result, times } = await fire(target, SECONDS);
  const wall = performance.now() - t0;
  const cpu1 = bench.cpuNow();
  const ms = times.map((t) => t.ms).sort((a, b) => a - b);
  const non200 = times.filter((t) => t.status !== 200).length;
  const cores = (k) => (cpu0 && cpu1 ? (cpu1[k] - cpu0[k]) / wall : NaN);
  return {
    requests: times.length,
    errors: non200 + result.errors + result.timeouts,
    p50: percentile(ms, 50),
    p95: percentile(ms, 95),
    p99: percentile(ms, 99),
    rps: times.length / (wall / 1000),
    serverCores: cores("app"),
    restCores: cores("busy") - cores("app") - cores("generator"),
  };
}

await bench.run(async ({ sql }) => {
  const [harbour] =
    await sql`select s.id from shops s join users u on u.id = s.owner_id where u.email = ${OWNER.email}`;
  const cookies = { admin: await bench.signIn(ADMIN), owner: await bench.signIn(OWNER) };
  const lists = [...listPages(harbour.id), ...moreListPages(harbour.id)].filter(
    (list) => !ONLY || ONLY.includes(list.name),
  );
  log(
    `${lists.length} lists; per page and per API call: ${WARMUP_SECONDS} s warm-up, then ${SECONDS} s from ${CONNECTIONS} concurrent clients (autocannon)`,
  );
  const rows = [];
  for (const list of lists) {
    const cookie = cookies[list.who];
    const api = { ...list.api, headers: { ...API_HEADERS, cookie } };
    const page = await bench.browsingPage({ path: list.page, headers: { ...CHROME_HEADERS, cookie } });
    const probe = await bench.timeOnce(api);
    if (probe.status !== 200) throw new Error(`${api.method ?? "GET"} ${api.path} answered ${probe.status}`);
    log(`${list.name}: ${list.page} as ${list.who}`);
    const pageFigures = await measure(page);
    log(`${list.name}: ${api.method ?? "GET"} ${api.path.split("?")[0]}`);
    const apiFigures = await measure(api);
    rows.push({ list, page: pageFigures, api: apiFigures });
  }

  const [{ version }] = await sql`select current_setting('server_version') as version`;
  const workers = process.env.WEB_CONCURRENCY ?? `one per core (${os.availableParallelism()})`;
  console.log(
    `\nLists under load · ${CONNECTIONS} concurrent clients, ${SECONDS} s each (autocannon) · server workers: ${workers} · ${bench.FIRST_VISIT ? "first visits (stylesheets in the document)" : "returning browser (stylesheets linked)"}` +
      `\nmachine: nproc ${os.availableParallelism()} (${os.cpus()[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB · Node ${process.version} · PostgreSQL ${version} · demo data · load generator on the same machine`,
  );
  const head = [
    "list",
    "what",
    "p50 ms",
    "p95 ms",
    "p99 ms",
    "req/s",
    "errors",
    "server cores",
    "PostgreSQL+rest cores",
  ];
  const body = rows.flatMap(({ list, page, api }) =>
    [
      [list.name, `page ${list.page}`, page],
      ["", `API ${list.api.method ?? "GET"} ${list.api.path.split("?")[0]}`, api],
    ].map(([name, what, f]) => [
      name,
      what,
      f.p50.toFixed(1),
      f.p95.toFixed(1),
      f.p99.toFixed(1),
      f.rps.toFixed(0),
      String(f.errors),
      f.serverCores.toFixed(2),
      f.restCores.toFixed(2),
    ]),
  );
  const widths = head.map((h, c) => Math.max(h.length, ...body.map((row) => row[c].length)));
  const line = (cells) =>
    cells.map((cell, c) => (c < 2 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join("  ");
  console.log(line(head));
  console.log(widths.map((w) => "─".repeat(w)).join("  "));
  body.forEach((row) => console.log(line(row)));

  const over = rows.flatMap(({ list, page, api }) => [
    ...(page.p95 >= BUDGET_P95_MS ? [`${list.name} page p95 ${page.p95.toFixed(0)} ms`] : []),
    ...(api.p95 >= BUDGET_P95_MS ? [`${list.name} API p95 ${api.p95.toFixed(0)} ms`] : []),
  ]);
  const failed = rows.reduce((n, { page, api }) => n + page.errors + api.errors, 0);
  console.log(
    over.length
      ? `\nOVER BUDGET (p95 < ${BUDGET_P95_MS} ms): ${over.join(", ")}${failed ? `; ${failed} request(s) failed` : ""}`
      : `\nWithin budget: every list page and API call p95 < ${BUDGET_P95_MS} ms${failed ? `; but ${failed} request(s) failed` : ""}`,
  );
  return over.length || failed ? 1 : 0;
});
