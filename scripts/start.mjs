// `npm start`: build when the build is missing or older than the sources, then serve. `--build-only`: build if stale,
// then exit (the browser tests' servers, scripts/e2e-servers.mjs, build once before starting several).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const SOURCES = [
  "app",
  "api",
  "contract",
  "server-shared",
  "public",
  "vite.config.ts",
  "package.json",
  "package-lock.json",
];
const OUTPUT = path.join(process.env.BUILD_DIR || "build", "server/index.js");

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(p).reduce((m, name) => Math.max(m, newest(path.join(p, name))), s.mtimeMs);
}

const stale = !existsSync(OUTPUT) || SOURCES.some((p) => newest(p) > statSync(OUTPUT).mtimeMs);
if (stale) {
  console.log("Building the app…");
  const result = spawnSync("npx", ["remix", "vite:build"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
if (process.argv.includes("--build-only")) process.exit(0);
const server = spawnSync(process.execPath, ["server.mjs"], {
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env },
});
process.exit(server.status ?? 0);
