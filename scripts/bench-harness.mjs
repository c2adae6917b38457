// The harness of the list benchmarks (`npm run bench:list` in scripts/bench-list.mjs, `npm run bench:products` in
// scripts/bench-products.mjs): each of them keeps only what it measures (how it fills its table, its targets and URL
// kinds) and imports the rest from here.
//
// createBench() reads the environment (the benchmark's row count, BENCH_REQUESTS, BENCH_CONCURRENCY, BENCH_WARMUP,
// BENCH_SOLO, BENCH_PORT, BUILD_DIR, BENCH_PG) and arms the clean-up on SIGINT, SIGTERM and SIGHUP. Its run() creates
// a fresh PostgreSQL database (liveshop_bench_<timestamp>_<pid> on BENCH_PG, starting the local cluster if nothing
// answers on 127.0.0.1:5432), starts the production server on it through scripts/start.mjs (which builds into
// BUILD_DIR when stale, then migrates and seeds the demo data) in its own process group, hands the database to the
// benchmark, and at the end, also on failure or Ctrl-C, stops the server and drops the database (keeps it with
// BENCH_KEEP=1, to study its plans in psql; it logs the name). measureTargets()
// sends, per target, a warm-up, BENCH_SOLO requests per URL kind from a single client, then BENCH_REQUESTS from
// BENCH_CONCURRENCY clients (no think time), each timed from sending to the last byte; report() prints the
// percentiles per URL kind and overall, the CPU each request cost (from /proc) and the verdict against the budget of
// ARCHITECTURE §8, and gives the exit code (1 when a budgeted page's overall p95 is over budget or any request failed).
/* global fetch, AbortSignal */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import postgres from "postgres";

export const BUDGET_P95_MS = 100; // ARCHITECTURE §8
export const ADMIN = { email: "admin@liveshop.test", password: "Admin#2026" };
export const OWNER = { email: "owner@liveshop.test", password: "Owner#2026" };
export const STAFF = { email: "staff@liveshop.test", password: "Staff#2026" };
export const percentile = (sorted, p) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

export const CHROME_HEADERS = {
  "user-agent":
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8",
  "accept-language": "en-AU,en;q=0.9",
  "accept-encoding": "gzip, deflate, br",
  "sec-fetch-dest": "document",
  "sec-fetch-mode": "navigate",
  "sec-fetch-site": "none",
};
export const API_HEADERS = { accept: "application/json", "accept-encoding": "gzip, deflate, br" };

/**
 * The URL kinds of a list (each [label, () => query string]; requests cycle through them): the default page, a random
 * page 1–50, then the list's own `kinds`, then 100 per page.
 */
/** A query parameter written into the SQL, for a plan a reader can run again. */
const sqlLiteral = (v) =>
  v === null ? "null" : typeof v === "number" ? String(v) : `'${String(v).replace(/'/g, "''")}'`;

/**
 * EXPLAIN (ANALYZE, BUFFERS) of one query a call ran (`client`: a postgres.js connection): its execution time, the
 * shared buffers of its top node, and the query with its parameters and plan as Markdown.
 */
export async function explainQuery(client, text, params) {
  const plan = (await client.unsafe(`explain (analyze, buffers) ${text}`, params)).map((p) => p["QUERY PLAN"]);
  const ms = Number(plan.find((l) => l.startsWith("Execution Time"))?.match(/[\d.]+/)[0] ?? 0);
  const top = plan.find((l) => /^\s*Buffers:/.test(l)) ?? "";
  const buffers = [...top.matchAll(/(hit|read|dirtied|written)=(\d+)/g)].reduce((n, m) => n + Number(m[2]), 0);
  const sql = text.replace(/\$(\d+)/g, (_, n) => sqlLiteral(params[n - 1]));
  return { ms, buffers, markdown: ["```sql", sql, "```", "```", ...plan, "```", ""] };
}

export const listKinds = (...kinds) => [
  ["default", () => ""],
  ["page 1–50", () => `page=${1 + Math.floor(Math.random() * 50)}`],
  ...kinds,
  ["limit 100", () => "limit=100"],
];

/** BENCH_FIRST_VISIT=1: pages are asked for as a browser's first visit (their stylesheets in the document). */
const FIRST_VISIT = process.env.BENCH_FIRST_VISIT === "1";
const int = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} must be a positive integer (got ${process.env[name]}).`);
    process.exit(2);
  }
  return value;
};

/**
 * One benchmark run. `name` prefixes its messages ("bench:list"); `rowsVar` is the environment variable of its row
 * count (default `rows`, else 100000); `defaults` may change those of BENCH_REQUESTS, BENCH_WARMUP and BENCH_SOLO; `port` and `buildDir` are the defaults of BENCH_PORT and BUILD_DIR; `kinds` are its URL
 * kinds, each [label, () => query string], which requests cycle through.
 */
export function createBench({ name, rowsVar, rows = 100_000, port, buildDir, kinds, defaults = {} }) {
  const ROWS = int(rowsVar, rows);
  const REQUESTS = int("BENCH_REQUESTS", defaults.requests ?? 2000);
  const CONCURRENCY = int("BENCH_CONCURRENCY", 20);
  const WARMUP = int("BENCH_WARMUP", defaults.warmup ?? 200);
  const SOLO = int("BENCH_SOLO", defaults.solo ?? 10); // requests per URL kind from a single client
  const PORT = int("BENCH_PORT", port);
  const BUILD_DIR = process.env.BUILD_DIR || buildDir;
  const PG_ADMIN_URL = process.env.BENCH_PG || "postgres://postgres@127.0.0.1:5432/postgres";
  const ORIGIN = `http://localhost:${PORT}`;

  const log = (message) => console.log(`[${name}] ${message}`);
  const dbName = `liveshop_bench_${new Date().toISOString().replace(/\D/g, "").slice(0, 14)}_${process.pid}`;
  const dbUrl = (() => {
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${dbName}`;
    return url.href;
  })();
  const adminSql = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
  let benchSql = null;
  let dbCreated = false;
  let server = null;
  let serverOutput = () => "";
  let dataDir = null;

  // ─── Set-up and clean-up ───────────────────────────────────────────────────────────────────────
  function ensurePostgres() {
    const ready = () => spawnSync("pg_isready", ["-h", "127.0.0.1", "-p", "5432", "-q"]).status === 0;
    if (ready()) return;
    const versions = spawnSync("ls", ["/etc/postgresql"], { encoding: "utf8" })
      .stdout.trim()
      .split(/\s+/)
      .filter(Boolean);
    if (!versions.length) throw new Error("PostgreSQL is not running on 127.0.0.1:5432 and no local cluster was found");
    log(`starting PostgreSQL ${versions.at(-1)}`);
    spawnSync("pg_ctlcluster", ["--skip-systemctl-redirect", versions.at(-1), "main", "start"], { stdio: "inherit" });
    if (!ready()) throw new Error("PostgreSQL did not start on 127.0.0.1:5432");
  }

  async function startServer() {
    if (await answers(`${ORIGIN}/auth/login`, { any: true }))
      throw new Error(`something already answers on port ${PORT}: set BENCH_PORT`);
    dataDir = mkdtempSync(path.join(os.tmpdir(), "liveshop-bench-"));
    // pages must call the in-process API of this server, at this address
    const { API_URL: _api, PUBLIC_URL: _public, ...env } = process.env;
    // its own process group, so stopping it also stops the build or server.mjs that start.mjs runs
    server = spawn(process.execPath, ["scripts/start.mjs"], {
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...env,
        PORT: String(PORT),
        BUILD_DIR,
        DATABASE_URL: dbUrl,
        DATA_DIR: dataDir,
        SEED: "demo",
        NODE_ENV: "production",
      },
    });
    const exited = new Promise((resolve) => server.once("exit", (code, signal) => resolve(`${code ?? signal}`)));
    let output = "";
    const keep = (chunk) => {
      output = (output + chunk).slice(-20_000);
      // the build's progress while it runs; the server's own messages only when something goes wrong
      if (/Building|vite|built in|✓/.test(chunk)) process.stdout.write(chunk);
    };
    server.stdout.on("data", keep);
    server.stderr.on("data", keep);
    const deadline = Date.now() + 15 * 60_000;
    while (Date.now() < deadline) {
      const done = await Promise.race([exited, sleep(500).then(() => null)]);
      if (done !== null) throw new Error(`the server stopped (${done}) before answering:\n${output}`);
      if (await answers(`${ORIGIN}/auth/login`)) return () => output;
    }
    throw new Error(`the server did not answer ${ORIGIN}/auth/login within 15 minutes:\n${output}`);
  }

  /** Whether `url` answers 200 (or anything at all, with `any`). */
  async function answers(url, { any = false } = {}) {
    try {
      const res = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      return any || res.status === 200;
    } catch {
      return false;
    }
  }

  async function stopServer() {
    if (!server || server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((resolve) => server.once("exit", resolve));
    const signal = (sig) => {
      try {
        process.kill(-server.pid, sig);
      } catch {
        /* already gone */
      }
    };
    signal("SIGTERM");
    if (!(await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]))) signal("SIGKILL");
    await Promise.race([exited, sleep(2000)]);
  }

  let cleaning = null;
  function cleanUp() {
    cleaning ??= (async () => {
      await stopServer();
      if (benchSql) await benchSql.end({ timeout: 5 }).catch(() => {});
      if (dbCreated && process.env.BENCH_KEEP === "1") log(`kept database ${dbName} (BENCH_KEEP=1): drop it when done`);
      else if (dbCreated) {
        await adminSql.unsafe(`drop database if exists "${dbName}" with (force)`).then(
          () => log(`dropped database ${dbName}`),
          (error) => console.error(`[${name}] could not drop database ${dbName}: ${error.message}`),
        );
      }
      await adminSql.end({ timeout: 5 }).catch(() => {});
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    })();
    return cleaning;
  }
  for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(sig, () => {
      console.error(`\n[${name}] ${sig}: stopping the server and dropping the database…`);
      cleanUp().finally(() => process.exit(130));
    });
  }

  /** The session cookie of `who` (an e-mail and a password). */
  async function signIn(who) {
    const res = await fetch(`${ORIGIN}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(who),
      redirect: "manual",
    });
    const body = await res.text();
    const cookie = res.headers
      .getSetCookie()
      .find((c) => c.startsWith("ls_session="))
      ?.split(";")[0];
    if (res.status !== 200 || !cookie)
      throw new Error(`sign-in as ${who.email} failed: HTTP ${res.status} ${body.slice(0, 300)}`);
    return cookie;
  }

  /** Throws unless the page at `target.path` answers 200 with a heading (so it really is the list). */
  /** Checks that `target` answers its page; returns the answer's cookies. */
  async function probePage(target) {
    const probe = await fetch(`${ORIGIN}${target.path}`, { headers: target.headers, redirect: "manual" });
    const html = await probe.text();
    if (probe.status !== 200 || !html.includes("<h1"))
      throw new Error(`GET ${target.path} answered ${probe.status}:\n${html.slice(0, 500)}\n${serverOutput()}`);
    return probe.headers.getSetCookie().map((c) => c.split(";")[0]);
  }

  /**
   * `target` (a page) as a browser asks for it after its first page: with the `ls_css` cookie the first visit set, so
   * the document links its stylesheets instead of carrying them (ADR 0067). With BENCH_FIRST_VISIT=1, as a first
   * visit. Checks that the page answers.
   */
  async function browsingPage(target) {
    const css = (await probePage(target)).find((c) => c.startsWith("ls_css="));
    if (FIRST_VISIT || !css) return target;
    return {
      ...target,
      headers: { ...target.headers, cookie: [target.headers.cookie, css].filter(Boolean).join("; ") },
    };
  }

  /** The JSON answer of the API at `apiPath`; throws unless it says success. */
  async function getJson(apiPath, headers) {
    const answer = await (await fetch(`${ORIGIN}${apiPath}`, { headers })).json();
    if (!answer.success) throw new Error(`GET ${apiPath} failed: ${JSON.stringify(answer).slice(0, 300)}`);
    return answer;
  }

  /**
   * One request to `target` ({ path, headers, method, body }) timed from sending to its last byte; returns
   * { ms, status }. For sequential measurements (scripts/bench-ssr.mjs), where load() would queue requests.
   */
  async function timeOnce(target) {
    const t0 = performance.now();
    let status;
    try {
      const res = await fetch(`${ORIGIN}${target.path}`, {
        method: target.method ?? "GET",
        headers: target.body === undefined ? target.headers : { ...target.headers, "content-type": "application/json" },
        body: target.body === undefined ? undefined : JSON.stringify(target.body),
        redirect: "manual",
        signal: AbortSignal.timeout(30_000),
      });
      await res.arrayBuffer();
      status = res.status;
    } catch (error) {
      status = error.name === "TimeoutError" ? "timeout" : (error.cause?.code ?? error.message);
    }
    return { ms: performance.now() - t0, status };
  }

  // ─── The load ──────────────────────────────────────────────────────────────────────────────────
  /** `total` requests from `clients` clients, request i of kind i mod kinds; returns samples, wall time, CPU. */
  async function load(base, headers, total, clients = CONCURRENCY) {
    const samples = [];
    let next = 0;
    const cpu0 = cpuNow();
    const started = performance.now();
    const client = async () => {
      while (next < total) {
        const i = next++;
        const [kind, query] = kinds[i % kinds.length];
        const qs = query();
        const t0 = performance.now();
        let status;
        try {
          const res = await fetch(`${base}${qs ? `?${qs}` : ""}`, {
            headers,
            redirect: "manual",
            signal: AbortSignal.timeout(30_000),
          });
          await res.arrayBuffer(); // the whole (decompressed) document
          status = res.status;
        } catch (error) {
          status = error.name === "TimeoutError" ? "timeout" : (error.cause?.code ?? error.message);
        }
        samples.push({ kind, ms: performance.now() - t0, status, url: qs });
      }
    };
    await Promise.all(Array.from({ length: clients }, client));
    const seconds = (performance.now() - started) / 1000;
    const cpu1 = cpuNow();
    const cpu = cpu0 && cpu1 && Object.fromEntries(Object.keys(cpu1).map((k) => [k, (cpu1[k] - cpu0[k]) / total]));
    return { samples, seconds, cpu };
  }

  /**
   * CPU time used so far (ms, Linux /proc): the whole machine, the app server's process group, this load
   * generator. What is left (machine − server − generator) is essentially PostgreSQL.
   */
  function cpuNow() {
    try {
      const tick = 1000 / 100; // USER_HZ
      const machine = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
      const busy = (machine[0] + machine[1] + machine[2] + machine[5] + machine[6] + machine[7]) * tick;
      let app = 0;
      for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
        try {
          const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
          if (Number(fields[2]) === server.pid) app += (Number(fields[11]) + Number(fields[12])) * tick; // pgrp; utime + stime
        } catch {
          /* the process ended meanwhile */
        }
      }
      const own = process.cpuUsage();
      return { busy, app, generator: (own.user + own.system) / 1000 };
    } catch {
      return null;
    }
  }

  function summarize(samples, seconds) {
    const rows = [...kinds.map(([kind]) => kind), "overall"].map((kind) => {
      const own = kind === "overall" ? samples : samples.filter((s) => s.kind === kind);
      const ms = own.map((s) => s.ms).sort((a, b) => a - b);
      return {
        kind,
        requests: own.length,
        errors: own.filter((s) => s.status !== 200).length,
        p50: percentile(ms, 50),
        p95: percentile(ms, 95),
        p99: percentile(ms, 99),
        max: ms.at(-1) ?? NaN,
        rps: own.length / seconds,
      };
    });
    return { rows, overall: rows.at(-1), failures: samples.filter((s) => s.status !== 200) };
  }

  /** Warm-up, then SOLO requests per kind from a single client (each kind's own cost), then the load. */
  async function measure(url, headers) {
    await load(url, headers, WARMUP);
    const solo = summarize((await load(url, headers, SOLO * kinds.length, 1)).samples, 1);
    const run = await load(url, headers, REQUESTS);
    const summary = summarize(run.samples, run.seconds);
    summary.rows.forEach((row, r) => Object.assign(row, { solo: solo.rows[r].p50, soloP95: solo.rows[r].p95 }));
    return { ...summary, failures: [...solo.failures, ...summary.failures], cpu: run.cpu };
  }

  /**
   * Measures each target ({ title, path, headers, page: whether it is a budgeted page, label: its name in the
   * verdict, the path if none }) in turn; returns [{ target, summary }]. With `planOnce`, the plan is logged for the
   * first target only and the others say "the same".
   */
  async function measureTargets(targets, { planOnce = false } = {}) {
    const plan = `${WARMUP} warm-up requests, ${SOLO} per kind from 1 client, then ${REQUESTS} from ${CONCURRENCY} concurrent clients`;
    const summaries = [];
    for (const [t, target] of targets.entries()) {
      log(`${target.path}: ${planOnce && t > 0 ? "the same" : plan}`);
      summaries.push({ target, summary: await measure(`${ORIGIN}${target.path}`, target.headers) });
    }
    return summaries;
  }

  function printTable(title, { rows, failures, cpu }) {
    const head = ["URL kind", "requests", "errors", "p50 ms", "p95 ms", "p99 ms", "max ms", "req/s", "1-client p50 ms"];
    const body = rows.map((r) =>
      [r.kind, r.requests, r.errors, ...[r.p50, r.p95, r.p99, r.max, r.rps, r.solo].map((v) => v.toFixed(1))].map(
        String,
      ),
    );
    const widths = head.map((h, c) => Math.max(h.length, ...body.map((row) => row[c].length)));
    const line = (cells) =>
      cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join("  ");
    console.log(`\n${title}`);
    console.log(line(head));
    console.log(widths.map((w) => "─".repeat(w)).join("  "));
    body.forEach((row, r) => {
      if (r === body.length - 1) console.log(widths.map((w) => "─".repeat(w)).join("  "));
      console.log(line(row));
    });
    const byStatus = new Map();
    for (const f of failures) byStatus.set(`${f.status}`, [...(byStatus.get(`${f.status}`) ?? []), f]);
    for (const [status, list] of byStatus) console.log(`  ${list.length} × ${status}, e.g. ?${list[0].url}`);
    if (cpu) {
      const rest = cpu.busy - cpu.app - cpu.generator;
      console.log(
        `CPU per request: app server ${cpu.app.toFixed(1)} ms · PostgreSQL and the rest ${rest.toFixed(1)} ms · load generator ${cpu.generator.toFixed(1)} ms`,
      );
    }
  }

  /**
   * Prints what was measured (`what`: the table and its rows) on what, a table per target and the verdict; returns
   * the exit code: 1 when a budgeted page's overall p95 is over budget or any request failed.
   */
  async function report(what, summaries) {
    const [{ version }] = await benchSql`select current_setting('server_version') as version`;
    console.log(
      `\n${what} · ${CONCURRENCY} concurrent clients · ${REQUESTS} requests per run after ${WARMUP} warm-up` +
        `\nmachine: nproc ${os.availableParallelism()} (${os.cpus()[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB · Node ${process.version} · PostgreSQL ${version} · load generator on the same machine`,
    );
    for (const { target, summary } of summaries) {
      printTable(
        `${target.title} — ${target.page ? `server-rendered HTML document (budget: p95 < ${BUDGET_P95_MS} ms, ARCHITECTURE §8)` : "JSON only, for comparison (not budgeted)"}`,
        summary,
      );
    }

    const failed = summaries.reduce((n, { summary }) => n + summary.failures.length, 0);
    const pages = summaries.filter(({ target }) => target.page);
    const overBudget = pages.some(({ summary }) => summary.overall.p95 >= BUDGET_P95_MS);
    console.log(
      `\n${overBudget ? "OVER BUDGET" : "Within budget"}: ` +
        pages
          .map(
            ({ target, summary }) =>
              `${target.label ?? target.path} p95 ${summary.overall.p95.toFixed(1)} ms ${summary.overall.p95 >= BUDGET_P95_MS ? "≥" : "<"} ${BUDGET_P95_MS} ms`,
          )
          .join("; ") +
        (failed ? `; ${failed} request(s) failed` : "; no failed requests"),
    );
    return overBudget || failed ? 1 : 0;
  }

  // ─── Main ──────────────────────────────────────────────────────────────────────────────────────
  /**
   * Creates the database, starts the server, runs `main({ sql })` (which fills the table, measures and returns
   * report()'s exit code), then cleans up and exits with that code (1 if anything threw).
   */
  async function run(main) {
    let exitCode = 1;
    try {
      ensurePostgres();
      await adminSql.unsafe(`create database "${dbName}"`);
      dbCreated = true;
      log(
        `created database ${dbName}; starting the server on port ${PORT} (BUILD_DIR=${BUILD_DIR}, building if stale)`,
      );
      serverOutput = await startServer();
      benchSql = postgres(dbUrl, { max: 2, onnotice: () => {} });
      exitCode = await main({ sql: benchSql });
    } catch (error) {
      console.error(`[${name}] ${error.stack ?? error}`);
    } finally {
      await cleanUp();
    }
    process.exit(exitCode);
  }

  return {
    ROWS,
    dbUrl,
    log,
    run,
    signIn,
    probePage,
    browsingPage,
    FIRST_VISIT,
    getJson,
    measureTargets,
    report,
    timeOnce,
    serverCpuMs: () => cpuNow()?.app ?? NaN,
    cpuNow,
    ORIGIN,
  };
}
