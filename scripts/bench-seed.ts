import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../api/db/client";
import { seedDemo } from "../api/db/seed";
import { hostPart } from "../api/modules/uploads";
import type { Deps } from "../api/platform/deps";
import { loadEnv } from "../api/platform/env";
import { createStorage } from "../api/platform/providers/storage";

// `npm run bench:seed`: how long the demo seed (what every fresh `npm start` and every e2e server runs) takes on a
// fresh, migrated PGlite database in a temporary directory, as `npm start` keeps it (on disk); BENCH_SEED_MEMORY=1
// keeps it in memory as the API tests do. Prints the seconds the whole seed took.
async function main() {
  const dir = await mkdtemp(path.join(tmpdir(), "liveshop-bench-seed-"));
  try {
    const env = loadEnv({ NODE_ENV: "test", DATA_DIR: dir, SESSION_SECRET: "bench-seed-bench-seed-bench-seed-42" });
    const handle = await openDatabase({ pgliteDir: process.env.BENCH_SEED_MEMORY ? undefined : env.pgliteDir });
    await handle.migrate();
    const storage = createStorage(env);
    const started = performance.now();
    await seedDemo(handle.db, { storage, host: hostPart({ env } as Deps, undefined) });
    console.info(`demo seed: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await handle.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
void main();
