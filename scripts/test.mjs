// `npm test`: Chromium and pdftotext (installed when missing), then typecheck, lint, the production build, Vitest and
// Playwright, in that order, stopping at the first failure. The build is its own step because it catches what the
// others do not: a module the browser bundle must not hold (a route handle that imports a .server module fails it);
// Playwright's servers then find the app built. `npm run validate` (--no-install) is the same without installing.
// TEST_SUMMARY_FILE=<path> also writes the counts as JSON (.ci/run adds them to its closing line).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { ensureTestTools } from "./ensure-test-tools.mjs";

const install = !process.argv.includes("--no-install");
const reports = mkdtempSync(path.join(tmpdir(), "liveshop-test-report-"));
const VITEST_JSON = path.join(reports, "vitest.json");
const PLAYWRIGHT_JSON = path.join(reports, "playwright.json");

/** Each step runs the package.json script of the same job, so `npm run <script>` alone does the same. */
const STEPS = [
  { name: "typecheck", script: "typecheck" },
  { name: "lint", script: "lint" },
  { name: "build", script: "build", env: { NODE_ENV: "production" } },
  {
    name: "vitest",
    script: "test:unit",
    // the default reporter for people, a JSON one for the counts
    args: ["--reporter=default", "--reporter=json", `--outputFile.json=${VITEST_JSON}`],
    counts: () => {
      const r = JSON.parse(readFileSync(VITEST_JSON, "utf8"));
      return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
    },
  },
  {
    name: "playwright",
    script: "test:e2e",
    args: ["--reporter=list,json"],
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: PLAYWRIGHT_JSON },
    counts: () => {
      const { stats } = JSON.parse(readFileSync(PLAYWRIGHT_JSON, "utf8"));
      return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
    },
  },
];

const results = [];
const total = { passed: 0, failed: 0, skipped: 0 };

function readCounts(step) {
  try {
    return step.counts?.();
  } catch {
    return undefined; // the runner died before writing its report; its own output says why
  }
}

function summary() {
  console.log("\nSummary");
  for (const r of results) {
    const c = r.counts
      ? `  ${r.counts.passed} passed, ${r.counts.failed} failed${r.counts.skipped ? `, ${r.counts.skipped} skipped` : ""}`
      : "";
    console.log(`  ${r.name.padEnd(11)} ${r.ok ? "ok    " : "FAILED"} ${`${r.seconds.toFixed(1)} s`.padStart(8)}${c}`);
  }
  console.log(
    `Total: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ""}`,
  );
  if (process.env.TEST_SUMMARY_FILE)
    writeFileSync(process.env.TEST_SUMMARY_FILE, JSON.stringify({ ...total, steps: results }));
  rmSync(reports, { recursive: true, force: true });
}

if (!ensureTestTools({ install })) process.exit(1);

for (const step of STEPS) {
  console.log(`\n▶ ${step.name}: npm run ${step.script}${step.args ? ` -- ${step.args.join(" ")}` : ""}`);
  const started = performance.now();
  const run = spawnSync("npm", ["run", "--silent", step.script, ...(step.args ? ["--", ...step.args] : [])], {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1", ...step.env },
  });
  const ok = run.status === 0;
  const counts = readCounts(step);
  results.push({ name: step.name, ok, seconds: (performance.now() - started) / 1000, counts });
  if (counts) for (const k of Object.keys(total)) total[k] += counts[k];
  if (!ok) {
    // a step that failed without a failing test (a crash, a type error) still counts as one failure
    if (!counts?.failed) total.failed += 1;
    summary();
    console.error(`\n✖ ${step.name} failed (exit ${run.status ?? run.signal}); later steps were not run.`);
    process.exit(run.status || 1);
  }
}
summary();
