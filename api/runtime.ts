import { openDatabase, type DatabaseHandle } from "./db/client";
import { DEMO_SIGN_INS, isEmpty, seedDemo } from "./db/seed";
import { createApi, type Api } from "./index";
import { hostPart, sweepAbandonedUploads } from "./modules/uploads";
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
}

export async function boot(env: Env): Promise<Runtime> {
  // MOCKS=true (e2e, offline demos): MSW answers Google, Facebook and Twilio before anything calls out
  if (env.MOCKS === "true") (await import("../tests/mocks/index")).startMocks();
  setExactCountLimit(env.LIST_EXACT_COUNT);
  const handle = await openDatabase({ url: env.DATABASE_URL, pgliteDir: env.pgliteDir });
  await handle.migrate();
  const deps: Deps = {
    env,
    db: handle.db,
    storage: createStorage(env),
    sms: createSms(env, handle.db),
    payments: createPayments(env),
    events: createEvents(handle.listen),
    now: () => new Date(),
  };
  let seeded = false;
  if (env.SEED === "demo" && (await isEmpty(handle.db))) {
    // demo images are stored like uploads, under the host real uploads would get
    await seedDemo(handle.db, { storage: deps.storage, host: hostPart(deps, undefined) }, { orders: env.SEED_ORDERS });
    seeded = true;
  }
  scheduleUploadSweep(deps);
  return { api: createApi(deps), deps, handle, seeded };
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

// one per process, kept across dev-server module reloads (PGlite allows one opener per directory)
const holder = globalThis as typeof globalThis & { __liveshopRuntime?: Promise<Runtime> };
export function runtime(): Promise<Runtime> {
  holder.__liveshopRuntime ??= boot(loadEnv());
  return holder.__liveshopRuntime;
}

export { DEMO_SIGN_INS };
export type { PageRequestEnv } from "./platform/auth/sessions";
