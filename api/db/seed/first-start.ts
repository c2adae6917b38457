import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { setSeeding } from "#server-shared/seeding";
import { log } from "#api/platform/log";
import type { Database } from "../client";
import type { SeedFiles } from "./catalogue";
import { BULK_STEPS, isEmpty, seedBase, seedBulk } from "./index";
import { DEMO_ORDERS } from "./orders";

/** The bulk seed still to do, kept in a file beside the database: how many orders it places, and its next step. */
export interface BulkProgress {
  orders: number;
  step: number;
}

export function readProgress(file: string): BulkProgress | null {
  if (!existsSync(file)) return null;
  const p = JSON.parse(readFileSync(file, "utf8")) as BulkProgress;
  return Number.isInteger(p.orders) && Number.isInteger(p.step) ? p : null;
}

/** Written whole or not at all (a new file renamed over the old). */
export function writeProgress(file: string, progress: BulkProgress) {
  writeFileSync(`${file}.new`, JSON.stringify(progress));
  renameSync(`${file}.new`, file);
}

export interface FirstStartSeed {
  /** whether this start seeded the base (an empty database) */
  seeded: boolean;
  /** the bulk, running: resolves when it is done (it never rejects: a failure is logged and resumed next start) */
  bulk: Promise<void>;
}

/**
 * The demo seed of a start (ADR 0072). On an empty database: the base (accounts, shops, catalogue, streams: what
 * signing in and the first screens need) in one transaction, so an interrupted one leaves the database empty and the
 * next start begins again; then the bulk (orders and what depends on them), which the caller lets run while the
 * server serves. `file` records the bulk still to do; a start that finds it resumes the bulk where it stopped. Null
 * when there is nothing to seed: a database with data and no bulk pending.
 */
export async function startDemoSeed(
  db: Database,
  files: SeedFiles,
  { file, orders = DEMO_ORDERS }: { file: string; orders?: number },
): Promise<FirstStartSeed | null> {
  let progress = readProgress(file);
  let seeded = false;
  if (await isEmpty(db)) {
    progress = { orders, step: 0 };
    writeProgress(file, progress);
    await db.transaction((tx) => seedBase(tx, files));
    seeded = true;
  } else if (!progress) return null;
  else log.info(`Resuming the demo data where the last start stopped (${BULK_STEPS[progress.step]?.name ?? "done"})…`);
  return { seeded, bulk: runBulk(db, files, file, progress) };
}

async function runBulk(db: Database, files: SeedFiles, file: string, { orders, step }: BulkProgress) {
  const state = { step: BULK_STEPS[step]?.name ?? "", placed: step > 0 ? orders : 0, total: orders };
  setSeeding({ ...state });
  try {
    await seedBulk(db, files, {
      orders,
      from: step,
      onPlaced: (placed) => {
        setSeeding({ ...state, placed: (state.placed = Math.min(placed, orders)) });
        // PGlite answers in microtasks: without a turn of the event loop between orders, no request would be read
        // until the whole step had ended
        return new Promise((resolve) => setImmediate(resolve));
      },
      onStep: (done) => {
        writeProgress(file, { orders, step: done });
        setSeeding({ ...state, step: (state.step = BULK_STEPS[done]?.name ?? "") });
      },
    });
    rmSync(file, { force: true });
    log.info("The demo data is complete.");
  } catch (error) {
    // the database closed under it (the server stopping) or a fault: the next start resumes from the file
    log.error("The demo data was interrupted; the next start completes it.", error);
  } finally {
    setSeeding(null);
  }
}
