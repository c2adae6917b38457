import type { Server } from "node:http";
import { availableParallelism } from "node:os";
import { performance } from "node:perf_hooks";
import { openDatabase, type DatabaseHandle } from "./db/client";
import path from "node:path";
import { DEMO_SIGN_INS, isEmpty } from "./db/seed";
import { startDemoSeed } from "./db/seed/first-start";
import { createApi, type Api } from "./index";
import { hostPart, sweepAbandonedUploads } from "./modules/uploads";
import { attachChat as attachChatTo } from "./modules/chat";
import type { Deps } from "./platform/deps";
import { setExactCountLimit } from "./platform/data/list";
import { log } from "./platform/log";
import { env as loadEnv, type Env } from "./platform/env";
import { createEvents } from "./platform/providers/events";
import { createPayments } from "./platform/providers/payments";
import { createSms } from "./platform/providers/sms";
import { createStorage } from "./platform/providers/storage";

export interface Runtime {
  api: Api;
  deps: Deps;
  handle: DatabaseHandle;
  seeded: boolean;
  /** the demo data's bulk is still being added while the server serves (ADR 0072) */
  seedingInBackground: boolean;
}

/**
 * What runs once before a server serves: the migrations, then the demo seed (SEED=demo) on an empty database, or the
 * rest of one an earlier start left unfinished. A single process runs it in boot(); the cluster's primary (server.mjs,
 * on PostgreSQL) runs it through prepare() before its workers start, each of which then boots `prepared`. ADR 0072:
 * on PGlite the server serves once the base is seeded (accounts, shops, catalogue, streams) and the bulk (the orders
 * and what depends on them) goes on in the background, the console showing a note until it is done; PostgreSQL, and
 * SEED_WAIT=1 (the browser tests' servers), wait for the whole seed.
 */
async function migrateAndSeed(
  env: Env,
  handle: DatabaseHandle,
  deps: Pick<Deps, "env" | "storage">,
): Promise<{ seeded: boolean; background: boolean }> {
  // each step says when it starts and how long it took (`npm run bench:start` reads these lines)
  let started = performance.now();
  const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  log.info("Migrating the database…");
  await handle.migrate();
  log.info(`Migrated the database in ${seconds()}`);
  if (env.SEED !== "demo") return { seeded: false, background: false };
  started = performance.now();
  if (await isEmpty(handle.db)) log.info("Seeding the demo data (an empty database: the first start only)…");
  // demo images are stored like uploads, under the host real uploads would get
  const seed = await startDemoSeed(
    handle.db,
    { storage: deps.storage, host: hostPart(deps, undefined) },
    { file: path.join(env.DATA_DIR, "demo-seed.json"), orders: env.SEED_ORDERS },
  );
  if (!seed) return { seeded: false, background: false };
  const background = !env.DATABASE_URL && env.SEED_WAIT !== "1";
  if (background) {
    log.info(`Seeded the accounts, shops and catalogue in ${seconds()}; the orders follow in the background`);
    void seed.bulk.then(() => log.info(`Seeded the demo data in ${seconds()}`));
  } else {
    await seed.bulk;
    log.info(`Seeded the demo data in ${seconds()}`);
  }
  return { seeded: true, background };
}

export async function boot(env: Env, { prepared = false }: { prepared?: boolean } = {}): Promise<Runtime> {
  // MOCKS=true (e2e, offline demos): MSW answers Google, Facebook and Twilio before anything calls out
  if (env.MOCKS === "true") (await import("../tests/mocks/index")).startMocks();
  setExactCountLimit(env.LIST_EXACT_COUNT);
  const handle = await openDatabase({ url: env.DATABASE_URL, pgliteDir: env.pgliteDir });
  const deps: Deps = {
    env,
    db: handle.db,
    storage: createStorage(env),
    sms: createSms(env, handle.db),
    payments: createPayments(env),
    events: createEvents(handle.listen),
    now: () => new Date(),
  };
  const { seeded, background } = prepared
    ? { seeded: false, background: false }
    : await migrateAndSeed(env, handle, deps);
  // every worker of a cluster sweeps: each abandoned upload is claimed by one DELETE … RETURNING
  scheduleUploadSweep(deps);
  return { api: createApi(deps), deps, handle, seeded, seedingInBackground: background };
}

/**
 * The cluster primary's start (server.mjs on PostgreSQL): reads the settings (generating the session secret the
 * workers then share), migrates and seeds on a connection of its own, closes it, and says whether it seeded.
 */
export async function prepare(): Promise<{ env: Env; seeded: boolean }> {
  const env = loadEnv();
  const handle = await openDatabase({ url: env.DATABASE_URL, pgliteDir: env.pgliteDir });
  try {
    const { seeded } = await migrateAndSeed(env, handle, { env, storage: createStorage(env) });
    return { env, seeded };
  } finally {
    await handle.close();
  }
}

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Abandoned uploads are cleared at start and every hour; the timer never keeps the process alive. */
function scheduleUploadSweep(deps: Deps) {
  const sweep = () =>
    sweepAbandonedUploads(deps)
      .then((n) => n && log.info(`Removed ${n} abandoned upload${n === 1 ? "" : "s"}`))
      .catch((error) => log.error("Upload sweep failed", error));
  void sweep();
  setInterval(sweep, SWEEP_EVERY_MS).unref();
}

/**
 * How many server processes serve the port: WEB_CONCURRENCY (unset: one per core) on PostgreSQL, whose connections
 * every process opens for itself; one on PGlite, which a single process opens.
 */
export function serverProcesses(): number {
  const { DATABASE_URL, WEB_CONCURRENCY } = loadEnv();
  return DATABASE_URL ? (WEB_CONCURRENCY ?? availableParallelism()) : 1;
}

// one per process, kept across dev-server module reloads (PGlite allows one opener per directory)
const holder = globalThis as typeof globalThis & { __liveshopRuntime?: Promise<Runtime> };
/** This process's runtime; `prepared`: a cluster worker, whose primary has already migrated and seeded (prepare()). */
export function runtime({ prepared = false }: { prepared?: boolean } = {}): Promise<Runtime> {
  holder.__liveshopRuntime ??= boot(loadEnv(), { prepared });
  return holder.__liveshopRuntime;
}

/**
 * Attaches the chat service's WebSocket (ADR 0066) to this process's HTTP server: server.mjs (each cluster worker),
 * and the development server. Returns a function that detaches it.
 */
export const attachChat = (server: Server, rt: Pick<Runtime, "deps">, opts?: { shared?: boolean }) =>
  attachChatTo(server, rt.deps, opts);

export { DEMO_SIGN_INS };
export type { PageRequestEnv } from "./platform/auth/sessions";
