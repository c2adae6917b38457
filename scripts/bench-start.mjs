// `npm run bench:start`: how long a fresh clone takes to serve (budget: the first 200 from http://localhost:<port>/
// within 60 s of `npm ci` finishing, docs/architecture.md).
//
// How: clones this repository's commit (BENCH_START_REF, default HEAD: committed work only) into a temporary
// directory, runs `npm ci` there and times it apart (BENCH_START_NPM_CI=reuse hard-links this checkout's
// node_modules instead, for a quick run), then runs `npm start` as a person would (no DATABASE_URL: a fresh PGlite
// database in the clone's ./data; no build yet) and asks for http://localhost:<port>/ every 100 ms, following
// redirects, until it answers 200. The phases come from what `npm start` prints, timed as each line arrives: the
// build (to vite's last "built in"), the server's start (to "Migrating the database…"), migrate, seed, and listen
// (to the first 200). The server is stopped and the directory removed at the end (BENCH_KEEP=1 keeps it), also on
// failure or Ctrl-C. Exits 1 when the first 200 came later than BENCH_START_BUDGET seconds (60).
//
// Environment: BENCH_START_REF (HEAD), BENCH_START_NPM_CI (run | reuse), BENCH_PORT (3715), BENCH_START_BUDGET (60),
// BENCH_KEEP.
/* global fetch, AbortSignal */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";

const ROOT = process.cwd();
const REF = process.env.BENCH_START_REF || "HEAD";
const PORT = Number(process.env.BENCH_PORT || 3715);
const BUDGET_S = Number(process.env.BENCH_START_BUDGET || 60);
const REUSE = process.env.BENCH_START_NPM_CI === "reuse";
const log = (message) => console.log(`[bench:start] ${message}`);

const dir = mkdtempSync(path.join(os.tmpdir(), "liveshop-bench-start-"));
const app = path.join(dir, "liveshop");
let server = null;

function run(command, args, options = {}) {
  const t0 = performance.now();
  const result = spawnSync(command, args, { stdio: ["ignore", "pipe", "pipe"], encoding: "utf8", ...options });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(" ")} failed (${result.status}):\n${result.stdout}${result.stderr}`);
  return { seconds: (performance.now() - t0) / 1000, stdout: result.stdout.trim() };
}

async function stop() {
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
  if (!(await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]))) signal("SIGKILL");
  await Promise.race([exited, sleep(2000)]);
}

let cleaning = null;
function cleanUp() {
  cleaning ??= (async () => {
    await stop();
    if (process.env.BENCH_KEEP === "1") log(`kept ${app} (BENCH_KEEP=1)`);
    else rmSync(dir, { recursive: true, force: true });
  })();
  return cleaning;
}
for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(sig, () => {
    console.error(`\n[bench:start] ${sig}: stopping the server and removing the clone…`);
    cleanUp().finally(() => process.exit(130));
  });
}

/** Whether / answers 200 (following redirects, as a browser would). */
async function answers200() {
  try {
    const res = await fetch(`http://localhost:${PORT}/`, { signal: AbortSignal.timeout(5000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

async function main() {
  if (await answers200()) throw new Error(`something already answers on port ${PORT}: set BENCH_PORT`);
  const commit = run("git", ["rev-parse", REF], { cwd: ROOT }).stdout;
  const clone = run("git", ["clone", "--quiet", "--no-checkout", ROOT, app]);
  const checkout = run("git", ["checkout", "--quiet", commit], { cwd: app });
  log(`cloned ${commit.slice(0, 10)} into ${app} in ${(clone.seconds + checkout.seconds).toFixed(1)} s`);
  let npmCi;
  if (REUSE) {
    npmCi = run("cp", ["-al", path.join(ROOT, "node_modules"), path.join(app, "node_modules")]);
    log(`node_modules hard-linked from this checkout in ${npmCi.seconds.toFixed(1)} s (BENCH_START_NPM_CI=reuse)`);
  } else {
    log("npm ci…");
    npmCi = run("npm", ["ci", "--no-audit", "--no-fund"], { cwd: app });
    log(`npm ci in ${npmCi.seconds.toFixed(1)} s`);
  }

  // as a person runs it: none of this shell's settings for the server
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) =>
        !/^(DATABASE_URL|DATA_DIR|BUILD_DIR|SEED|SEED_ORDERS|PUBLIC_URL|API_URL|WEB_CONCURRENCY|NODE_ENV|MOCKS|SESSION_SECRET)$/.test(
          k,
        ) && !k.startsWith("npm_"),
    ),
  );
  log(`npm start (PGlite in ${path.join(app, "data")}) on port ${PORT}…`);
  const t0 = performance.now();
  const marks = {};
  let output = "";
  server = spawn("npm", ["start"], {
    cwd: app,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...env, PORT: String(PORT) },
  });
  const seen = (chunk) => {
    const now = (performance.now() - t0) / 1000;
    const text = String(chunk);
    output = (output + text).slice(-20_000);
    if (/built in/.test(text)) marks.built = now; // the client build, then the server build: the last one counts
    if (/Migrating the database/.test(text)) marks.migrating ??= now;
    if (/Migrated the database/.test(text)) marks.migrated ??= now;
    if (/Seeding the demo data/.test(text)) marks.seeding ??= now;
    // the base of the demo data (the orders follow in the background once the server serves, ADR 0072), or all of it
    if (/Seeded the (accounts|demo data)/.test(text)) marks.seeded ??= now;
    if (/back office is running at/.test(text)) marks.listening ??= now;
  };
  server.stdout.on("data", seen);
  server.stderr.on("data", seen);
  const exited = new Promise((resolve) => server.once("exit", (code, signal) => resolve(`${code ?? signal}`)));
  for (;;) {
    const done = await Promise.race([exited, sleep(100).then(() => null)]);
    if (done !== null) throw new Error(`npm start stopped (${done}) before answering:\n${output}`);
    if (await answers200()) break;
  }
  const total = (performance.now() - t0) / 1000;

  const built = marks.built ?? 0;
  const ready = marks.seeded ?? marks.migrated ?? built;
  const phases = [
    ["build", built],
    ["server start (loading the build)", (marks.migrating ?? built) - built],
    ["migrate", (marks.migrated ?? 0) - (marks.migrating ?? 0)],
    ["seed (before serving; ADR 0072)", marks.seeded !== undefined ? marks.seeded - marks.seeding : 0],
    ["listen (to the first 200)", total - ready],
  ];
  console.log(
    `\nA fresh clone's first start · commit ${commit.slice(0, 10)} · PGlite · machine: nproc ${os.availableParallelism()} (${os.cpus()[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")} · Node ${process.version}`,
  );
  console.log(`${REUSE ? "node_modules (hard links)" : "npm ci"}: ${npmCi.seconds.toFixed(1)} s (apart)`);
  console.log(`npm start → first 200 from http://localhost:${PORT}/: ${total.toFixed(1)} s`);
  for (const [name, seconds] of phases) console.log(`  ${name.padEnd(34)} ${seconds.toFixed(1).padStart(6)} s`);
  const over = total > BUDGET_S;
  console.log(
    `\n${over ? "OVER BUDGET" : "Within budget"}: the first 200 ${total.toFixed(1)} s after npm start ${over ? ">" : "≤"} ${BUDGET_S} s`,
  );
  return over ? 1 : 0;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  console.error(`[bench:start] ${error.stack ?? error}`);
} finally {
  await cleanUp();
}
process.exit(exitCode);
