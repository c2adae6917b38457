// `npm run bench:products`: how fast the server-rendered product lists answer with a large products table, against
// the budget of ARCHITECTURE §8 (p95 under 100 ms at 20 concurrent clients on this machine).
//
// How (the harness of scripts/bench-list.mjs): creates a fresh PostgreSQL database (liveshop_bench_<timestamp> on
// 127.0.0.1:5432, user postgres), starts the production server on it through scripts/start.mjs (which builds into
// BUILD_DIR when stale, then migrates and seeds the demo data, products included), bulk-inserts products in SQL
// (INSERT ... SELECT FROM generate_series) up to BENCH_PRODUCTS rows — 80% in the demo owner's shop (Harbour
// Threads), the rest over the other shops, each in one of its shop's departments → category → leaf, a third with
// 3 variation rows (Color × Size), every SKU registered in product_skus, 1% soft-deleted — ANALYZEs, and signs in
// as the demo owner and the demo admin. Then, for each target, after a warm-up, BENCH_REQUESTS full-document GETs
// from BENCH_CONCURRENCY clients over loopback, cycling through a mix of URL kinds (default, a random page 1–50,
// the four sorts, a name search, a SKU search, 100 per page); each client sends its next request as soon as the
// last one answered. Targets: /app/products as the owner, /app/shop/{Harbour Threads}/products as the admin
// (both budgeted), and GET /api/product as the owner (JSON only, not budgeted). Each request is timed from
// sending to the last byte of the (compressed, streamed) HTML, with the session cookie and a desktop Chrome
// user agent; anything but a 200 is an error (redirects are not followed). BENCH_SOLO requests per kind are
// also sent from a single client first: their p50 is each kind's own cost. Prints requests, errors,
// p50/p95/p99/max and requests/s per URL kind and overall, and the CPU each request cost the app server,
// PostgreSQL and the load generator (from /proc). Exits 1 when a page's overall p95 is over budget or any
// request failed. The server is stopped and the database dropped at the end, also on failure or Ctrl-C.
//
// Environment: BENCH_PRODUCTS (100000), BENCH_REQUESTS (2000), BENCH_CONCURRENCY (20), BENCH_WARMUP (200),
// BENCH_SOLO (10), BENCH_PORT (3711), BUILD_DIR (build-benchproducts),
// BENCH_SQL (SQL run after the fill and before ANALYZE, e.g. an index to try before writing its migration),
// BENCH_PG (postgres://postgres@127.0.0.1:5432/postgres: the server the bench database is created on).
/* global fetch, AbortSignal */
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
const ROWS = int("BENCH_PRODUCTS", 100_000);
const REQUESTS = int("BENCH_REQUESTS", 2000);
const CONCURRENCY = int("BENCH_CONCURRENCY", 20);
const WARMUP = int("BENCH_WARMUP", 200);
const SOLO = int("BENCH_SOLO", 10); // requests per URL kind from a single client
const PORT = int("BENCH_PORT", 3711);
const BUILD_DIR = process.env.BUILD_DIR || "build-benchproducts";
const PG_ADMIN_URL = process.env.BENCH_PG || "postgres://postgres@127.0.0.1:5432/postgres";
const BUDGET_P95_MS = 100; // ARCHITECTURE §8
const ORIGIN = `http://localhost:${PORT}`;
const ADMIN = { email: "admin@liveshop.test", password: "Admin#2026" };
const OWNER = { email: "owner@liveshop.test", password: "Owner#2026" };

// ─── What this benchmark measures ────────────────────────────────────────────────────────────────
const TABLE = "products";
const SEARCH = "linen"; // a descriptor in about one name in twelve
const SKU_SEARCH = "-10004"; // the bench SKUs are <prefix>-<1000000 + row>: rows 40–49, 400–499, 4000–4999, 40000–49999
/** URL kinds, each a query string (pages and API read the same parameters); requests cycle through them. */
const KINDS = [
  ["default", () => ""],
  ["page 1–50", () => `page=${1 + Math.floor(Math.random() * 50)}`],
  ["sort name asc", () => "sort=name&sortType=asc"],
  ["sort price desc", () => "sort=price&sortType=desc"],
  ["sort stock asc", () => "sort=stock&sortType=asc"],
  ["sort createdAt asc", () => "sort=createdAt&sortType=asc"],
  [`search "${SEARCH}"`, () => `search=${SEARCH}`],
  [`search SKU "${SKU_SEARCH}"`, () => `search=${SKU_SEARCH}`],
  ["limit 100", () => "limit=100"],
];

const PLACES = ["Byron", "Noosa", "Hobart", "Cottesloe", "Torquay", "Daintree", "Kiama", "Lorne", "Mosman", "Fremantle", "Broome", "Yarra", "Otway", "Barossa", "Tamar", "Mornington", "Whitsunday", "Freycinet", "Ningaloo", "Grampians", "Cronulla", "Avoca", "Esperance", "Margaret"];
const DESCRIPTORS = ["Linen", "Cotton", "Merino", "Organic", "Recycled", "Washed", "Relaxed", "Tailored", "Classic", "Everyday", "Coastal", "Weekend", "Vintage", "Heritage", "Ribbed", "Soft", "Woven", "Textured", "Lightweight", "Signature", "Studio", "Trail", "Daily", "Bright"];
const COLOURS = ["Black", "White", "Navy", "Red", "Green", "Blue"];
const SIZES = ["S", "M", "L"];

/** Each live shop's leaves (department, category, sub-category and the leaf's name), a picture, the brands. */
async function catalogue(sql) {
  const shops = await sql`
    select s.id, s.name, u.email from shops s join users u on u.id = s.owner_id where s.deleted_at is null order by s.created_at, s.name`;
  const leaves = await sql`
    select sc.shop_id, d.id as department_id, c.id as category_id, l.id as leaf_id, l.name as leaf
    from shop_categories sc
    join categories d on d.id = sc.category_id
    join categories c on c.parent_id = d.id
    join categories l on l.parent_id = c.id
    order by d.name, c.name, l.name`;
  const pictures = await sql`select distinct on (shop_id) shop_id, images from products where deleted_at is null order by shop_id, created_at`;
  const brands = (await sql`select id from brands order by name`).map((b) => b.id);
  const [colour] = await sql`select id from attributes where name = 'Color'`;
  const [size] = await sql`select id from attributes where name = 'Size'`;
  return shops.map((shop) => ({
    ...shop,
    leaves: leaves.filter((l) => l.shop_id === shop.id),
    images: pictures.find((p) => p.shop_id === shop.id)?.images ?? [],
    brands,
    variationList: { Color: { list: COLOURS.slice(0, 1), type: "dropdown", id: colour?.id ?? "" }, Size: { list: SIZES, type: "dropdown", id: size?.id ?? "" } },
  }));
}

/**
 * Products `from`..`from + n - 1` of one shop: names "<place> <descriptor> <leaf>", prices 9.95–249.95, stock
 * 0–200 (5% sold out), created over the last year; every third (by row number) with three variation rows
 * (one colour × S, M, L) and its price range; 1% soft-deleted. SKUs <prefix>-<1000000 + row> for products and
 * <prefix>-<2000000 + 3 × row + k> for variations, all in product_skus. Ids of 24 hex characters (time, then the
 * row number, then noise), like the app's.
 */
async function insertProducts(sql, shop, from, n) {
  const arr = (values) => sql.array(values);
  const leaves = shop.leaves;
  const images = JSON.stringify(shop.images);
  await sql`
    with g as (
      select i, random() as r_price, random() as r_stock, random() as r_del, random() as r_step,
        now() - random() * interval '365 days' as created
      from generate_series(${from}::int, ${from + n - 1}::int) as i
    ), p as (
      select g.*,
        1 + (i * 7 + i / 13) % ${leaves.length} as leaf_no,
        (${arr(PLACES)}::text[])[1 + (i * 5) % ${PLACES.length}] || ' ' || (${arr(DESCRIPTORS)}::text[])[1 + (i * 11 + i / 17) % ${DESCRIPTORS.length}] as words,
        (9 + floor(r_price * 241))::int * 100 + 95 as price,
        case when r_stock < 0.05 then 0 else (1 + floor(r_stock * 200))::int end as stock,
        i % 3 = 1 as has_variations
      from g
    ), q as (
      select p.*, words || ' ' || (${arr(leaves.map((l) => l.leaf))}::text[])[leaf_no] as name,
        upper(rpad(left(regexp_replace(words, '[^A-Za-z]', '', 'g'), 3), 3, 'X')) as prefix,
        lpad(to_hex(extract(epoch from created)::int), 8, '0') || lpad(to_hex(i), 6, '0') || left(md5(${shop.id} || i::text), 10) as id
      from p
    ), ins as (
      insert into products (id, shop_id, name, description, tags, brand_id, department_id, category_id, subcategory_id, attr,
                            images, videos, default_image, size_chart_image, is_variation_available, variation_list, default_variant,
                            price_cents, min_cents, max_cents, currency, stock, sku, created_at, updated_at, deleted_at)
      select id, ${shop.id}, name, name || ', shown live in our studio.', '["bench"]'::jsonb,
        (${arr(shop.brands)}::text[])[1 + i % ${shop.brands.length}],
        (${arr(leaves.map((l) => l.department_id))}::text[])[leaf_no],
        (${arr(leaves.map((l) => l.category_id))}::text[])[leaf_no],
        (${arr(leaves.map((l) => l.leaf_id))}::text[])[leaf_no],
        '{}'::jsonb, ${images}::jsonb, '[]'::jsonb, ${images}::jsonb ->> 0,
        case when has_variations then ${images}::jsonb ->> 0 end,
        has_variations,
        case when has_variations then ${JSON.stringify(shop.variationList)}::jsonb else '{}'::jsonb end,
        case when has_variations then 'Black_S' end,
        price,
        case when has_variations then price end,
        case when has_variations then price + 1000 end,
        'AUD',
        case when has_variations then stock * 3 else stock end,
        case when has_variations then null else prefix || '-' || (1000000 + i) end,
        created, created,
        case when r_del < 0.01 then created + interval '1 day' end
      from q
      on conflict do nothing
      returning id, shop_id, sku, is_variation_available, price_cents, stock, default_image, created_at
    ), v as (
      insert into product_variations (id, product_id, variant, variant_details, sku, price_cents, stock, image, position, created_at, updated_at)
      select left(ins.id, 14) || left(md5(ins.id || k::text), 10), ins.id, 'Black_' || (array['S', 'M', 'L'])[k],
        jsonb_build_object('Color', 'Black', 'Size', (array['S', 'M', 'L'])[k]),
        q.prefix || '-' || (2000000 + 3 * q.i + k), ins.price_cents + (k - 1) * 500, q.stock, ins.default_image, k - 1, ins.created_at, ins.created_at
      from ins join q on q.id = ins.id cross join generate_series(1, 3) as k
      where ins.is_variation_available
      returning id, product_id, sku
    ), s1 as (
      insert into product_skus (shop_id, sku, product_id, variation_id)
      select shop_id, sku, id, null from ins where sku is not null
      on conflict do nothing
    )
    insert into product_skus (shop_id, sku, product_id, variation_id)
    select ${shop.id}, v.sku, v.product_id, v.id from v
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

const log = (message) => console.log(`[bench:products] ${message}`);
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
        (error) => console.error(`[bench:products] could not drop database ${dbName}: ${error.message}`),
      );
    }
    await adminSql.end({ timeout: 5 }).catch(() => {});
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  })();
  return cleaning;
}
for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(sig, () => {
    console.error(`\n[bench:products] ${sig}: stopping the server and dropping the database…`);
    cleanUp().finally(() => process.exit(130));
  });
}

async function fillTable() {
  const count = async () => Number((await benchSql`select count(*)::int as n from ${benchSql(TABLE)}`)[0].n);
  const started = performance.now();
  const shops = (await catalogue(benchSql)).filter((s) => s.leaves.length);
  const demo = shops.find((s) => s.email === OWNER.email);
  if (!demo) throw new Error(`no live shop of ${OWNER.email} with departments`);
  const missing = ROWS - (await count());
  // 80% in the demo owner's shop, the rest shared by the others; row numbers never repeat across shops
  const others = shops.filter((s) => s !== demo);
  const shares = [[demo, Math.round(missing * (others.length ? 0.8 : 1))]];
  others.forEach((s, i) => shares.push([s, Math.floor((missing - shares[0][1]) / others.length) + (i < (missing - shares[0][1]) % others.length ? 1 : 0)]));
  let from = 1;
  for (const [shop, n] of shares) {
    // in slices, so one statement's intermediate rows stay small
    for (let done = 0; done < n; done += 20_000) {
      const size = Math.min(20_000, n - done);
      await insertProducts(benchSql, shop, from, size);
      from += size;
    }
  }
  const have = await count();
  if (have < ROWS) throw new Error(`could only reach ${have} of ${ROWS} rows in ${TABLE}`);
  if (process.env.BENCH_SQL) {
    log(`BENCH_SQL: ${process.env.BENCH_SQL}`);
    await benchSql.unsafe(process.env.BENCH_SQL);
  }
  await benchSql.unsafe("analyze products; analyze product_variations; analyze product_skus");
  const [v] = await benchSql`select count(*)::int as n from product_variations`;
  const [mine] = await benchSql`select count(*)::int as n from products where shop_id = ${demo.id} and deleted_at is null`;
  log(`${TABLE}: ${have} rows (${mine.n} live in ${demo.name}), ${v.n} variation rows (inserted and analyzed in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return { rows: have, shop: demo, listed: mine.n };
}

async function signIn(who) {
  const res = await fetch(`${ORIGIN}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(who),
    redirect: "manual",
  });
  const body = await res.text();
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("ls_session="))?.split(";")[0];
  if (res.status !== 200 || !cookie) throw new Error(`sign-in as ${who.email} failed: HTTP ${res.status} ${body.slice(0, 300)}`);
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
  const { rows, shop, listed } = await fillTable();
  const [ownerCookie, adminCookie] = [await signIn(OWNER), await signIn(ADMIN)];

  const targets = [
    { title: `GET /app/products as ${OWNER.email}`, path: "/app/products", headers: { ...CHROME_HEADERS, cookie: ownerCookie }, page: true },
    { title: `GET /app/shop/${shop.id}/products as ${ADMIN.email}`, path: `/app/shop/${shop.id}/products`, headers: { ...CHROME_HEADERS, cookie: adminCookie }, page: true },
    { title: `GET /api/product as ${OWNER.email}`, path: "/api/product", headers: { accept: "application/json", "accept-encoding": "gzip, deflate, br", cookie: ownerCookie }, page: false },
  ];
  // the pages must really be the list, and the API must agree on how many products the shop lists
  for (const target of targets.filter((t) => t.page)) {
    const probe = await fetch(`${ORIGIN}${target.path}`, { headers: target.headers, redirect: "manual" });
    const html = await probe.text();
    if (probe.status !== 200 || !html.includes("<h1")) throw new Error(`GET ${target.path} answered ${probe.status}:\n${html.slice(0, 500)}\n${serverOutput()}`);
  }
  const api = await (await fetch(`${ORIGIN}/api/product`, { headers: targets[2].headers })).json();
  if (!api.success) throw new Error(`GET /api/product failed: ${JSON.stringify(api).slice(0, 300)}`);

  const plan = `${WARMUP} warm-up requests, ${SOLO} per kind from 1 client, then ${REQUESTS} from ${CONCURRENCY} concurrent clients`;
  const summaries = [];
  for (const target of targets) {
    log(`${target.path}: ${plan}`);
    summaries.push({ target, summary: await measure(`${ORIGIN}${target.path}`, target.headers) });
  }

  const [{ version }] = await benchSql`select current_setting('server_version') as version`;
  console.log(
    `\n${TABLE}: ${rows} rows, ${listed} live in ${shop.name} (API count ${api.count}${api.countEstimated ? ", estimated" : ""}) · ${CONCURRENCY} concurrent clients · ${REQUESTS} requests per run after ${WARMUP} warm-up` +
      `\nmachine: nproc ${os.availableParallelism()} (${os.cpus()[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB · Node ${process.version} · PostgreSQL ${version} · load generator on the same machine`,
  );
  for (const { target, summary } of summaries) {
    printTable(`${target.title} — ${target.page ? `server-rendered HTML document (budget: p95 < ${BUDGET_P95_MS} ms, ARCHITECTURE §8)` : "JSON only, for comparison (not budgeted)"}`, summary);
  }

  const failed = summaries.reduce((n, { summary }) => n + summary.failures.length, 0);
  const pages = summaries.filter(({ target }) => target.page);
  const overBudget = pages.some(({ summary }) => summary.overall.p95 >= BUDGET_P95_MS);
  console.log(
    `\n${overBudget ? "OVER BUDGET" : "Within budget"}: ` +
      pages.map(({ target, summary }) => `${target.path} p95 ${summary.overall.p95.toFixed(1)} ms ${summary.overall.p95 >= BUDGET_P95_MS ? "≥" : "<"} ${BUDGET_P95_MS} ms`).join("; ") +
      (failed ? `; ${failed} request(s) failed` : "; no failed requests"),
  );
  exitCode = overBudget || failed ? 1 : 0;
} catch (error) {
  console.error(`[bench:products] ${error.stack ?? error}`);
} finally {
  await cleanUp();
}
process.exit(exitCode);
