// `npm run bench:list`: how fast the server-rendered users list answers with a large users table, against
// the budget of ARCHITECTURE §8 (p95 under 100 ms at 20 concurrent clients on this machine).
//
// How: creates a fresh PostgreSQL database (liveshop_bench_<timestamp> on 127.0.0.1:5432, user postgres),
// starts the production server on it through scripts/start.mjs (which builds into BUILD_DIR when stale,
// then migrates and seeds the demo data), bulk-inserts users in SQL (INSERT ... SELECT FROM
// generate_series) up to BENCH_USERS rows, ANALYZEs, and signs in as the demo admin. Then, after a
// warm-up, BENCH_REQUESTS full-document GETs of /app/user-list from BENCH_CONCURRENCY clients over
// loopback, cycling through a mix of URL kinds (default, a random page 1–50, sorts, filters, a search,
// 100 per page); each client sends its next request as soon as the last one answered (no think time, so
// at 20 clients a p95 under 100 ms means serving about 200 pages/s). Each request is timed from sending
// to the last byte of the (compressed, streamed) HTML, with the session cookie and a desktop Chrome user
// agent (isbot would otherwise switch to the non-streaming render); anything but a 200 is an error
// (redirects are not followed). Under load every kind queues behind the others, so BENCH_SOLO requests
// per kind are also sent from a single client first: their p50 is each kind's own cost. The same runs
// then go to GET /api/user/list, to separate the API's time from rendering (not budgeted).
// Prints requests, errors, p50/p95/p99/max and requests/s (a kind's: its share) per URL kind and
// overall, and the CPU each request cost the app server, PostgreSQL and the load generator (from /proc).
// Exits 1 when the page's overall p95 is over budget or any request failed. The server is stopped and
// the database dropped at the end, also on failure or Ctrl-C. The load generator shares the machine's
// cores with the server and PostgreSQL (its share is printed), so latencies are slightly pessimistic.
//
// Environment: BENCH_USERS (100000), BENCH_REQUESTS (2000), BENCH_CONCURRENCY (20), BENCH_WARMUP (200),
// BENCH_SOLO (10), BENCH_PORT (3710), BUILD_DIR (build-benchlist),
// BENCH_PG (postgres://postgres@127.0.0.1:5432/postgres: the server the bench database is created on).
//
// Later list benchmarks (orders, products) copy this file and change the part marked "What this
// benchmark measures"; the rest is the harness.
/* global fetch, AbortSignal */
import { hash } from "@node-rs/argon2";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import postgres from "postgres";

const int = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} must be a positive integer (got ${process.env[name]}).`);
    process.exit(2);
  }
  return value;
};
const ROWS = int("BENCH_USERS", 100_000);
const REQUESTS = int("BENCH_REQUESTS", 2000);
const CONCURRENCY = int("BENCH_CONCURRENCY", 20);
const WARMUP = int("BENCH_WARMUP", 200);
const SOLO = int("BENCH_SOLO", 10); // requests per URL kind from a single client
const PORT = int("BENCH_PORT", 3710);
const BUILD_DIR = process.env.BUILD_DIR || "build-benchlist";
const PG_ADMIN_URL = process.env.BENCH_PG || "postgres://postgres@127.0.0.1:5432/postgres";
const BUDGET_P95_MS = 100; // ARCHITECTURE §8
const ORIGIN = `http://localhost:${PORT}`;
const ADMIN = { email: "admin@liveshop.test", password: "Admin#2026" };

// ─── What this benchmark measures ────────────────────────────────────────────────────────────────
const PAGE_PATH = "/app/user-list";
const API_PATH = "/api/user/list";
const TABLE = "users";
const SEARCH = "son"; // in Johnson, Wilson, Anderson, Jackson, … and Jason, Madison, Allison
/** URL kinds, each a query string (page and API read the same parameters); requests cycle through them. */
const KINDS = [
  ["default", () => ""],
  ["page 1–50", () => `page=${1 + Math.floor(Math.random() * 50)}`],
  ["sort fName asc", () => "sort=fName&sortType=asc"],
  ["sort fName desc", () => "sort=fName&sortType=desc"],
  ["sort email", () => "sort=email"],
  ["role endUser", () => "role=endUser"],
  ["gender Female", () => "gender=Female"],
  [`search "${SEARCH}"`, () => `search=${SEARCH}`],
  ["limit 100", () => "limit=100"],
];

const FEMALE = ["Olivia", "Charlotte", "Amelia", "Isla", "Mia", "Ava", "Grace", "Chloe", "Willow", "Matilda", "Ella", "Sophie", "Emily", "Zoe", "Ruby", "Harper", "Lily", "Evie", "Sienna", "Madison", "Allison", "Hannah", "Lucy", "Sarah", "Jessica", "Priya", "Mei", "Aisha", "Maya", "Leah"];
const MALE = ["Oliver", "Noah", "Jack", "William", "Leo", "Lucas", "Thomas", "Henry", "Charlie", "James", "Liam", "Ethan", "Mason", "Hudson", "Lachlan", "Jason", "Samuel", "Harrison", "Daniel", "Ryan", "Joshua", "Benjamin", "Arjun", "Wei", "Omar", "Luca", "Mateo", "Isaac", "Max", "Archie"];
const SURNAMES = ["Smith", "Jones", "Williams", "Brown", "Wilson", "Taylor", "Johnson", "White", "Martin", "Anderson", "Thompson", "Nguyen", "Thomas", "Walker", "Harris", "Lee", "Ryan", "Robinson", "Kelly", "King", "Davis", "Wright", "Evans", "Roberts", "Green", "Hall", "Wood", "Jackson", "Clarke", "Patel", "Khan", "Lewis", "James", "Phillips", "Mitchell", "Campbell", "Young", "Allen", "Scott", "Watson", "Singh", "Chen", "Wang", "Li", "Murphy", "O'Brien", "Hughes", "Edwards", "Turner", "Baker", "Morris", "Cooper", "Harrison", "Collins", "Stewart", "Nelson", "Richardson", "Cook", "Bell", "Ward"];
const STREETS = ["George St", "Collins St", "Queen St", "King William St", "Hay St", "Elizabeth St", "Bourke St", "Pitt St", "Adelaide St", "Murray St"];
const CITIES = ["Sydney NSW 2000", "Melbourne VIC 3000", "Brisbane QLD 4000", "Perth WA 6000", "Adelaide SA 5000", "Hobart TAS 7000", "Canberra ACT 2601", "Darwin NT 0800", "Newcastle NSW 2300", "Geelong VIC 3220"];
const PROVIDERS = ["example.com", "example.net", "example.org", "mail.test"];

/**
 * Users `from`..`from + n - 1`: 85% customers, 15% influencers (a third each Pending, Approved, Rejected),
 * about 48% female, 48% male, 4% other; created over the last year; ids of 24 hex characters (time, then
 * the row number, then noise); unique e-mails (5% have none) and unique phones per country code (80% +61,
 * 10% +64, 5% +44, 5% +1); half with an address; 1% soft-deleted. One argon2 hash for every row, so rows
 * are as wide as real ones. ON CONFLICT DO NOTHING skips the rare clash with a seeded demo phone or e-mail.
 */
function insertUsers(sql, from, n, passwordHash) {
  const arr = (values) => sql.array(values);
  return sql`
    with g as (
      select i, random() as r_role, random() as r_sex, random() as r_cc, random() as r_mail, random() as r_del,
        now() - random() * interval '365 days' as created
      from generate_series(${from}::int, ${from + n - 1}::int) as i
    ), p as (
      select g.*,
        case when r_sex < 0.48 then 'Female' when r_sex < 0.96 then 'Male' else 'Others' end as gender,
        case when r_role < 0.85 then 'endUser' else 'influencer' end as role,
        case when r_cc < 0.80 then '+61' when r_cc < 0.90 then '+64' when r_cc < 0.95 then '+44' else '+1' end as cc,
        lpad(((i::bigint * 48271) % 100000000)::text, 8, '0') as digits
      from g
    ), q as (
      select p.*,
        case when gender = 'Female' then (${arr(FEMALE)}::text[])[1 + (i * 7) % ${FEMALE.length}]
             when gender = 'Male' then (${arr(MALE)}::text[])[1 + (i * 11) % ${MALE.length}]
             else (${arr([...FEMALE, ...MALE])}::text[])[1 + (i * 13) % ${FEMALE.length + MALE.length}] end as f_name,
        (${arr(SURNAMES)}::text[])[1 + (i * 17 + i / 97) % ${SURNAMES.length}] as l_name
      from p
    )
    insert into users (id, f_name, l_name, email, country_code, mobile, country_flag, image, gender, customize_gender,
                       role, status, password_hash, address, created_at, updated_at, deleted_at)
    select
      lpad(to_hex(extract(epoch from created)::int), 8, '0') || lpad(to_hex(i), 6, '0') || left(md5(i::text), 10),
      f_name, l_name,
      case when r_mail < 0.05 then null
           else lower(regexp_replace(f_name || '.' || l_name, '[^A-Za-z.]', '', 'g')) || i || '@' || (${arr(PROVIDERS)}::text[])[1 + i % ${PROVIDERS.length}] end,
      cc,
      case cc when '+61' then '4' || digits when '+64' then '2' || digits when '+44' then '7' || digits || (i % 10)
              else '2' || (i % 8 + 2) || digits end,
      case cc when '+61' then 'AU' when '+64' then 'NZ' when '+44' then 'GB' else 'US' end,
      null,
      gender,
      case when gender = 'Others' then (array['Non-binary', 'Prefer not to say', 'Genderfluid'])[1 + i % 3] end,
      role,
      case when role = 'influencer' then (array['Pending', 'Approved', 'Rejected'])[1 + i % 3] else 'Approved' end,
      ${passwordHash},
      case when i % 2 = 0 then (1 + i % 199) || ' ' || (${arr(STREETS)}::text[])[1 + i % ${STREETS.length}] || ', '
                              || (${arr(CITIES)}::text[])[1 + (i / 10) % ${CITIES.length}] || ', Australia' end,
      created, created,
      case when r_del < 0.01 then created + interval '1 day' end
    from q
    on conflict do nothing`;
}
// ─────────────────────────────────────────────────────────────────────────────────────────────────

const CHROME_HEADERS = {
  "user-agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8",
  "accept-language": "en-AU,en;q=0.9",
  "accept-encoding": "gzip, deflate, br",
  "sec-fetch-dest": "document",
  "sec-fetch-mode": "navigate",
  "sec-fetch-site": "none",
};

const log = (message) => console.log(`[bench:list] ${message}`);
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
let dataDir = null;

// ─── Set-up and clean-up ─────────────────────────────────────────────────────────────────────────
function ensurePostgres() {
  const ready = () => spawnSync("pg_isready", ["-h", "127.0.0.1", "-p", "5432", "-q"]).status === 0;
  if (ready()) return;
  const versions = spawnSync("ls", ["/etc/postgresql"], { encoding: "utf8" }).stdout.trim().split(/\s+/).filter(Boolean);
  if (!versions.length) throw new Error("PostgreSQL is not running on 127.0.0.1:5432 and no local cluster was found");
  log(`starting PostgreSQL ${versions.at(-1)}`);
  spawnSync("pg_ctlcluster", ["--skip-systemctl-redirect", versions.at(-1), "main", "start"], { stdio: "inherit" });
  if (!ready()) throw new Error("PostgreSQL did not start on 127.0.0.1:5432");
}

async function startServer() {
  if (await answers(`${ORIGIN}/auth/login`, { any: true })) throw new Error(`something already answers on port ${PORT}: set BENCH_PORT`);
  dataDir = mkdtempSync(path.join(os.tmpdir(), "liveshop-bench-"));
  // pages must call the in-process API of this server, at this address
  const { API_URL: _api, PUBLIC_URL: _public, ...env } = process.env;
  // its own process group, so stopping it also stops the build or server.mjs that start.mjs runs
  server = spawn(process.execPath, ["scripts/start.mjs"], {
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...env, PORT: String(PORT), BUILD_DIR, DATABASE_URL: dbUrl, DATA_DIR: dataDir, SEED: "demo", NODE_ENV: "production" },
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
    if (dbCreated) {
      await adminSql.unsafe(`drop database if exists "${dbName}" with (force)`).then(
        () => log(`dropped database ${dbName}`),
        (error) => console.error(`[bench:list] could not drop database ${dbName}: ${error.message}`),
      );
    }
    await adminSql.end({ timeout: 5 }).catch(() => {});
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  })();
  return cleaning;
}
for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(sig, () => {
    console.error(`\n[bench:list] ${sig}: stopping the server and dropping the database…`);
    cleanUp().finally(() => process.exit(130));
  });
}

async function fillTable() {
  const count = async () => Number((await benchSql`select count(*)::int as n from ${benchSql(TABLE)}`)[0].n);
  const passwordHash = await hash(`bench-${process.pid}-${Date.now()}`);
  let have = await count();
  const started = performance.now();
  // a clash with a demo row skips that row; top up with further row numbers until the count is reached
  for (let from = 1, round = 0; have < ROWS && round < 5; round++) {
    const missing = ROWS - have;
    await insertUsers(benchSql, from, missing, passwordHash);
    from += missing;
    have = await count();
  }
  if (have < ROWS) throw new Error(`could only reach ${have} of ${ROWS} rows in ${TABLE}`);
  await benchSql.unsafe(`analyze ${TABLE}`);
  log(`${TABLE}: ${have} rows (inserted and analyzed in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return have;
}

async function signIn() {
  const res = await fetch(`${ORIGIN}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(ADMIN),
    redirect: "manual",
  });
  const body = await res.text();
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("ls_session="))?.split(";")[0];
  if (res.status !== 200 || !cookie) throw new Error(`sign-in as ${ADMIN.email} failed: HTTP ${res.status} ${body.slice(0, 300)}`);
  return cookie;
}

// ─── The load ────────────────────────────────────────────────────────────────────────────────────
/** `total` requests from `clients` clients, request i of kind i mod KINDS; returns samples, wall time, CPU. */
async function load(base, headers, total, clients = CONCURRENCY) {
  const samples = [];
  let next = 0;
  const cpu0 = cpuNow();
  const started = performance.now();
  const client = async () => {
    while (next < total) {
      const i = next++;
      const [kind, query] = KINDS[i % KINDS.length];
      const qs = query();
      const t0 = performance.now();
      let status;
      try {
        const res = await fetch(`${base}${qs ? `?${qs}` : ""}`, { headers, redirect: "manual", signal: AbortSignal.timeout(30_000) });
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

const percentile = (sorted, p) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
function summarize(samples, seconds) {
  const rows = [...KINDS.map(([kind]) => kind), "overall"].map((kind) => {
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
  const solo = summarize((await load(url, headers, SOLO * KINDS.length, 1)).samples, 1);
  const run = await load(url, headers, REQUESTS);
  const summary = summarize(run.samples, run.seconds);
  summary.rows.forEach((row, r) => (row.solo = solo.rows[r].p50));
  return { ...summary, failures: [...solo.failures, ...summary.failures], cpu: run.cpu };
}

function printTable(title, { rows, failures, cpu }) {
  const head = ["URL kind", "requests", "errors", "p50 ms", "p95 ms", "p99 ms", "max ms", "req/s", "1-client p50 ms"];
  const body = rows.map((r) => [r.kind, r.requests, r.errors, ...[r.p50, r.p95, r.p99, r.max, r.rps, r.solo].map((v) => v.toFixed(1))].map(String));
  const widths = head.map((h, c) => Math.max(h.length, ...body.map((row) => row[c].length)));
  const line = (cells) => cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join("  ");
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
    console.log(`CPU per request: app server ${cpu.app.toFixed(1)} ms · PostgreSQL and the rest ${rest.toFixed(1)} ms · load generator ${cpu.generator.toFixed(1)} ms`);
  }
}

// ─── Main ────────────────────────────────────────────────────────────────────────────────────────
let exitCode = 1;
try {
  ensurePostgres();
  await adminSql.unsafe(`create database "${dbName}"`);
  dbCreated = true;
  log(`created database ${dbName}; starting the server on port ${PORT} (BUILD_DIR=${BUILD_DIR}, building if stale)`);
  const serverOutput = await startServer();
  benchSql = postgres(dbUrl, { max: 2, onnotice: () => {} });
  const rows = await fillTable();
  const cookie = await signIn();

  const pageHeaders = { ...CHROME_HEADERS, cookie };
  const apiHeaders = { accept: "application/json", "accept-encoding": "gzip, deflate, br", cookie };
  // the page must really be the list, and the API must agree on how many users it lists
  const probe = await fetch(`${ORIGIN}${PAGE_PATH}`, { headers: pageHeaders, redirect: "manual" });
  const html = await probe.text();
  if (probe.status !== 200 || !html.includes("<h1")) throw new Error(`GET ${PAGE_PATH} answered ${probe.status}:\n${html.slice(0, 500)}\n${serverOutput()}`);
  const listed = await (await fetch(`${ORIGIN}${API_PATH}`, { headers: apiHeaders })).json();
  if (!listed.success) throw new Error(`GET ${API_PATH} failed: ${JSON.stringify(listed).slice(0, 300)}`);

  const plan = `${WARMUP} warm-up requests, ${SOLO} per kind from 1 client, then ${REQUESTS} from ${CONCURRENCY} concurrent clients`;
  log(`${PAGE_PATH}: ${plan}`);
  const pageSummary = await measure(`${ORIGIN}${PAGE_PATH}`, pageHeaders);
  log(`${API_PATH}: the same`);
  const apiSummary = await measure(`${ORIGIN}${API_PATH}`, apiHeaders);

  const [{ version }] = await benchSql`select current_setting('server_version') as version`;
  console.log(
    `\n${TABLE}: ${rows} rows, ${listed.count} listed (live, not admins) · ${CONCURRENCY} concurrent clients · ${REQUESTS} requests per run after ${WARMUP} warm-up` +
      `\nmachine: nproc ${os.availableParallelism()} (${os.cpus()[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB · Node ${process.version} · PostgreSQL ${version} · load generator on the same machine`,
  );
  printTable(`GET ${PAGE_PATH} — server-rendered HTML document (budget: p95 < ${BUDGET_P95_MS} ms, ARCHITECTURE §8)`, pageSummary);
  printTable(`GET ${API_PATH} — JSON only, for comparison (not budgeted)`, apiSummary);

  const failed = pageSummary.failures.length + apiSummary.failures.length;
  const p95 = pageSummary.overall.p95;
  const overBudget = p95 >= BUDGET_P95_MS;
  console.log(
    `\n${overBudget ? "OVER BUDGET" : "Within budget"}: page p95 ${p95.toFixed(1)} ms ${overBudget ? "≥" : "<"} ${BUDGET_P95_MS} ms` +
      (failed ? `; ${failed} request(s) failed` : "; no failed requests"),
  );
  exitCode = overBudget || failed ? 1 : 0;
} catch (error) {
  console.error(`[bench:list] ${error.stack ?? error}`);
} finally {
  await cleanUp();
}
process.exit(exitCode);
