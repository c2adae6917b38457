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
// to the last byte of the (compressed) HTML, with the session cookie and a desktop Chrome user
// agent, as a person's browser sends; anything but a 200 is an error
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
// The harness (database, server, sign-in, load, timing, percentiles, CPU, printing, exit codes, clean-up) is
// scripts/bench-harness.mjs, which later list benchmarks (products, orders) import too; this file keeps only what
// this benchmark measures.
import { hash } from "@node-rs/argon2";
import { performance } from "node:perf_hooks";
import { ADMIN, API_HEADERS, CHROME_HEADERS, createBench, listKinds } from "./bench-harness.mjs";

// ─── What this benchmark measures ────────────────────────────────────────────────────────────────
const PAGE_PATH = "/app/user-list";
const API_PATH = "/api/user/list";
const TABLE = "users";
const SEARCH = "son"; // in Johnson, Wilson, Anderson, Jackson, … and Jason, Madison, Allison
/** URL kinds, each a query string (page and API read the same parameters), between the default, a random page and 100 per page. */
const KINDS = listKinds(
  ["sort fName asc", () => "sort=fName&sortType=asc"],
  ["sort fName desc", () => "sort=fName&sortType=desc"],
  ["sort email", () => "sort=email"],
  ["role endUser", () => "role=endUser"],
  ["gender Female", () => "gender=Female"],
  [`search "${SEARCH}"`, () => `search=${SEARCH}`],
  // and 100 per page
);

const FEMALE = [
  "Olivia",
  "Charlotte",
  "Amelia",
  "Isla",
  "Mia",
  "Ava",
  "Grace",
  "Chloe",
  "Willow",
  "Matilda",
  "Ella",
  "Sophie",
  "Emily",
  "Zoe",
  "Ruby",
  "Harper",
  "Lily",
  "Evie",
  "Sienna",
  "Madison",
  "Allison",
  "Hannah",
  "Lucy",
  "Sarah",
  "Jessica",
  "Priya",
  "Mei",
  "Aisha",
  "Maya",
  "Leah",
];
const MALE = [
  "Oliver",
  "Noah",
  "Jack",
  "William",
  "Leo",
  "Lucas",
  "Thomas",
  "Henry",
  "Charlie",
  "James",
  "Liam",
  "Ethan",
  "Mason",
  "Hudson",
  "Lachlan",
  "Jason",
  "Samuel",
  "Harrison",
  "Daniel",
  "Ryan",
  "Joshua",
  "Benjamin",
  "Arjun",
  "Wei",
  "Omar",
  "Luca",
  "Mateo",
  "Isaac",
  "Max",
  "Archie",
];
const SURNAMES = [
  "Smith",
  "Jones",
  "Williams",
  "Brown",
  "Wilson",
  "Taylor",
  "Johnson",
  "White",
  "Martin",
  "Anderson",
  "Thompson",
  "Nguyen",
  "Thomas",
  "Walker",
  "Harris",
  "Lee",
  "Ryan",
  "Robinson",
  "Kelly",
  "King",
  "Davis",
  "Wright",
  "Evans",
  "Roberts",
  "Green",
  "Hall",
  "Wood",
  "Jackson",
  "Clarke",
  "Patel",
  "Khan",
  "Lewis",
  "James",
  "Phillips",
  "Mitchell",
  "Campbell",
  "Young",
  "Allen",
  "Scott",
  "Watson",
  "Singh",
  "Chen",
  "Wang",
  "Li",
  "Murphy",
  "O'Brien",
  "Hughes",
  "Edwards",
  "Turner",
  "Baker",
  "Morris",
  "Cooper",
  "Harrison",
  "Collins",
  "Stewart",
  "Nelson",
  "Richardson",
  "Cook",
  "Bell",
  "Ward",
];
const STREETS = [
  "George St",
  "Collins St",
  "Queen St",
  "King William St",
  "Hay St",
  "Elizabeth St",
  "Bourke St",
  "Pitt St",
  "Adelaide St",
  "Murray St",
];
const CITIES = [
  "Sydney NSW 2000",
  "Melbourne VIC 3000",
  "Brisbane QLD 4000",
  "Perth WA 6000",
  "Adelaide SA 5000",
  "Hobart TAS 7000",
  "Canberra ACT 2601",
  "Darwin NT 0800",
  "Newcastle NSW 2300",
  "Geelong VIC 3220",
];
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

const bench = createBench({
  name: "bench:list",
  rowsVar: "BENCH_USERS",
  port: 3710,
  buildDir: "build-benchlist",
  kinds: KINDS,
});
const { ROWS, log } = bench;

async function fillTable(sql) {
  const count = async () => Number((await sql`select count(*)::int as n from ${sql(TABLE)}`)[0].n);
  const passwordHash = await hash(`bench-${process.pid}-${Date.now()}`);
  let have = await count();
  const started = performance.now();
  // a clash with a demo row skips that row; top up with further row numbers until the count is reached
  for (let from = 1, round = 0; have < ROWS && round < 5; round++) {
    const missing = ROWS - have;
    await insertUsers(sql, from, missing, passwordHash);
    from += missing;
    have = await count();
  }
  if (have < ROWS) throw new Error(`could only reach ${have} of ${ROWS} rows in ${TABLE}`);
  await sql.unsafe(`analyze ${TABLE}`);
  log(`${TABLE}: ${have} rows (inserted and analyzed in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return have;
}
// ─────────────────────────────────────────────────────────────────────────────────────────────────

await bench.run(async ({ sql }) => {
  const rows = await fillTable(sql);
  const cookie = await bench.signIn(ADMIN);
  const page = {
    title: `GET ${PAGE_PATH}`,
    path: PAGE_PATH,
    headers: { ...CHROME_HEADERS, cookie },
    page: true,
    label: "page",
  };
  const api = { title: `GET ${API_PATH}`, path: API_PATH, headers: { ...API_HEADERS, cookie }, page: false };
  // the page must really be the list, and the API must agree on how many users it lists
  await bench.probePage(page);
  const listed = await bench.getJson(API_PATH, api.headers);
  const summaries = await bench.measureTargets([page, api], { planOnce: true });
  return bench.report(`${TABLE}: ${rows} rows, ${listed.count} listed (live, not admins)`, summaries);
});
