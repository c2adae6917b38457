// `npm run bench:ssr`: what server rendering costs on top of the API, for every list page (ARCHITECTURE budget:
// a list page's p50 at most 2 × the p50 of its own API call, sequential, one run; see docs/architecture.md).
//
// How (the harness of scripts/bench-harness.mjs): a fresh PostgreSQL database (liveshop_bench_<timestamp> on
// 127.0.0.1:5432, user postgres) with the demo data only, the production server started on it through
// scripts/start.mjs (building into BUILD_DIR when stale). Then, from a single client, one request at a time: for
// each list page a warm-up, then BENCH_SOLO rounds of "the page, then its API call", alternating so both see the
// same machine (this machine is shared). The page is the full HTML document (desktop Chrome agent, session
// cookie, compressed, timed to its last byte); the API call is the list call the page's loader makes, with the
// same query (page 1, 10 per page, createdAt descending) and the same cookie. Prints each p50 and the ratio, with
// /terms (a static page) for scale, and the server's CPU per request of each (steadier on a shared machine); exits 1
// when a ratio is over BENCH_SSR_RATIO or a request fails. The server is stopped and the database dropped at the
// end, also on failure or Ctrl-C.
//
// Environment: BENCH_SOLO (200 rounds per page), BENCH_WARMUP (30), BENCH_PORT (3712), BUILD_DIR (build-benchssr),
// BENCH_SSR_RATIO (2), BENCH_PG (postgres://postgres@127.0.0.1:5432/postgres), BENCH_FIRST_VISIT (1: the page as a
// first visit, its stylesheets in the document; by default as a browser after its first page, ADR 0067).
import { ADMIN, API_HEADERS, CHROME_HEADERS, createBench, OWNER, percentile } from "./bench-harness.mjs";
import { listPages } from "./bench-lists.mjs";

const ROUNDS = Number(process.env.BENCH_SOLO || 200);
const WARMUP = Number(process.env.BENCH_WARMUP || 30);
const MAX_RATIO = Number(process.env.BENCH_SSR_RATIO || 2);
const bench = createBench({
  name: "bench:ssr",
  rowsVar: "BENCH_SSR_ROWS",
  port: 3712,
  buildDir: "build-benchssr",
  kinds: [],
});
const { log } = bench;

await bench.run(async ({ sql }) => {
  const [harbour] =
    await sql`select s.id from shops s join users u on u.id = s.owner_id where u.email = ${OWNER.email}`;
  const cookies = { admin: await bench.signIn(ADMIN), owner: await bench.signIn(OWNER) };
  const failures = [];
  const timed = async (target) => {
    const { ms, status } = await bench.timeOnce(target);
    if (status !== 200) failures.push(`${target.method ?? "GET"} ${target.path}: ${status}`);
    return ms;
  };
  const p50 = (samples) =>
    percentile(
      [...samples].sort((a, b) => a - b),
      50,
    );

  const terms = { path: "/terms", headers: CHROME_HEADERS };
  for (let i = 0; i < WARMUP; i++) await timed(terms);
  const termsMs = [];
  for (let i = 0; i < ROUNDS; i++) termsMs.push(await timed(terms));

  log(
    `sequential, 1 client: per list page ${WARMUP} warm-up rounds, then ${ROUNDS} rounds of the page and its API call`,
  );
  const rows = [];
  for (const list of listPages(harbour.id)) {
    const cookie = cookies[list.who];
    const page = await bench.browsingPage({ path: list.page, headers: { ...CHROME_HEADERS, cookie } });
    const api = { ...list.api, headers: { ...API_HEADERS, cookie } };
    const pageMs = [];
    const apiMs = [];
    const cpu = { page: 0, api: 0 };
    for (let i = 0; i < WARMUP + ROUNDS; i++) {
      const c0 = bench.serverCpuMs();
      const p = await timed(page);
      const c1 = bench.serverCpuMs();
      const a = await timed(api);
      const c2 = bench.serverCpuMs();
      if (i < WARMUP) continue;
      pageMs.push(p);
      apiMs.push(a);
      cpu.page += c1 - c0;
      cpu.api += c2 - c1;
    }
    rows.push({
      name: list.name,
      page: list.page,
      api: `${api.method ?? "GET"} ${api.path.split("?")[0]}`,
      pageP50: p50(pageMs),
      apiP50: p50(apiMs),
      pageCpu: cpu.page / ROUNDS,
      apiCpu: cpu.api / ROUNDS,
    });
  }

  const [{ version }] = await sql`select current_setting('server_version') as version`;
  console.log(
    `\nServer rendering cost · sequential, 1 client, ${ROUNDS} rounds · Node ${process.version} · PostgreSQL ${version} · demo data`,
  );
  // the server's CPU per request (from /proc, 10 ms ticks averaged over the rounds) says the same as the p50s with less
  // noise from whatever else the machine runs; the budget is on the p50s
  const head = ["list page", "page p50 ms", "API call", "API p50 ms", "page / API", "server CPU ms page / API"];
  const body = rows.map((r) => [
    r.page,
    r.pageP50.toFixed(1),
    r.api,
    r.apiP50.toFixed(1),
    `${(r.pageP50 / r.apiP50).toFixed(2)}×`,
    `${r.pageCpu.toFixed(1)} / ${r.apiCpu.toFixed(1)} = ${(r.pageCpu / r.apiCpu).toFixed(2)}×`,
  ]);
  const widths = head.map((h, c) => Math.max(h.length, ...body.map((row) => row[c].length)));
  const line = (cells) =>
    cells.map((cell, c) => (c === 0 || c === 2 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join("  ");
  console.log(line(head));
  console.log(widths.map((w) => "─".repeat(w)).join("  "));
  body.forEach((row) => console.log(line(row)));
  console.log(`/terms (static page, for scale): p50 ${p50(termsMs).toFixed(1)} ms`);

  const over = rows.filter((r) => r.pageP50 > MAX_RATIO * r.apiP50);
  for (const f of failures.slice(0, 10)) console.log(`  failed: ${f}`);
  console.log(
    over.length
      ? `\nOVER BUDGET: ${over.map((r) => `${r.name} ${(r.pageP50 / r.apiP50).toFixed(2)}×`).join(", ")} > ${MAX_RATIO}×`
      : `\nWithin budget: every list page at most ${MAX_RATIO}× its API call`,
  );
  return over.length || failures.length ? 1 : 0;
});
