import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { apiDocument, createApi } from "../api/index";
import type { Deps } from "../api/platform/deps";
import { loadEnv } from "../api/platform/env";

// `npm run lint:openapi`: writes the OpenAPI document (from the route registry: no database, no server) and runs
// Redocly's recommended rules on it; any error or warning fails the lint.
const file = "build-openapi/openapi.json";
const env = loadEnv({ NODE_ENV: "test", SESSION_SECRET: "openapi-document-openapi-document-42" });
const api = createApi({ env } as Deps);
mkdirSync("build-openapi", { recursive: true });
writeFileSync(file, `${JSON.stringify(apiDocument(api.registry, env), null, 2)}\n`);

const run = spawnSync(
  "npx",
  ["--no-install", "redocly", "lint", "--extends", "recommended", "--format", "json", "--max-problems", "1000", file],
  {
    encoding: "utf8",
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
  },
);
const report = (() => {
  try {
    return JSON.parse(run.stdout.slice(run.stdout.indexOf("{"))) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
    };
  } catch {
    return null;
  }
})();
if (!report) {
  console.error(run.stdout, run.stderr);
  console.error("redocly lint gave no report");
  process.exit(1);
}
for (const p of report.problems)
  console.log(`${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ""})`);
const { errors, warnings } = report.totals;
console.log(
  `OpenAPI document ${file}: ${Object.keys(apiDocument(api.registry, env).paths).length} paths; redocly recommended: ${errors} errors, ${warnings} warnings`,
);
process.exit(errors + warnings > 0 ? 1 : 0);
