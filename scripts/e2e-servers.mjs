// The browser tests' servers (playwright.config.ts): builds the app once if the build is stale, then starts
// E2E_SERVERS servers at once on ports E2E_PORT, E2E_PORT + 1, …, each with a fresh database of its own that it seeds
// with the demo data, and prints "e2e servers ready" when every one answers. Playwright waits for that line, and
// stops this process group (the servers with it) when the run ends. Started one after the other, each server's seed
// used to add its whole start-up time to the run.
/* global fetch */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const PORT = Number(process.env.E2E_PORT ?? 3210);
const SERVERS = Math.max(1, Number(process.env.E2E_SERVERS ?? 2));

const build = spawnSync(process.execPath, ["scripts/start.mjs", "--build-only"], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

const children = Array.from({ length: SERVERS }, (_, i) => {
  const port = PORT + i;
  const child = spawn(process.execPath, ["server.mjs"], {
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      // the whole demo seed before the server answers (the tests need every order)
      SEED_WAIT: "1",
      // a fresh database for every run: the server seeds the demo data on it
      DATA_DIR: mkdtempSync(path.join(tmpdir(), `liveshop-e2e-${i + 1}-`)),
    },
  });
  child.on("exit", (code, signal) => {
    if (stopping) return;
    console.error(`e2e server ${i + 1} (port ${port}) exited (${code ?? signal}) before the run ended`);
    stop(1);
  });
  return { port, child };
});

let stopping = false;
function stop(code) {
  stopping = true;
  for (const { child } of children) child.kill("SIGTERM");
  process.exitCode = code;
}
process.on("SIGTERM", () => stop(0));
process.on("SIGINT", () => stop(0));

async function answers(port) {
  try {
    return (await fetch(`http://localhost:${port}/auth/login`)).ok;
  } catch {
    return false;
  }
}

const pending = new Set(children.map((c) => c.port));
while (pending.size && !stopping) {
  for (const port of [...pending]) if (await answers(port)) pending.delete(port);
  if (pending.size) await new Promise((resolve) => setTimeout(resolve, 500));
}
if (!stopping) console.log(`e2e servers ready: ${children.map((c) => `http://localhost:${c.port}`).join(", ")}`);
