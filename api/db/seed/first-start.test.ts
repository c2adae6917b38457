import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { count, countDistinct, eq } from "drizzle-orm";
import { renderToString } from "react-dom/server";
import { createElement } from "react";
import { afterAll, describe, expect, it } from "vitest";
import { hostPart } from "#api/modules/uploads";
import { seeding } from "#server-shared/seeding";
import { SeedingNote } from "~/components/layout/SeedingNote";
import { openDatabase } from "../client";
import { RECORD_TABLES } from "#api/platform/audit/records";
import { auditEntries, campaigns, chatChannels, coupons, orders } from "../schema";
import { testApi } from "../../../tests/api-harness";
import { readProgress, startDemoSeed } from "./first-start";
import { SEED_ACTOR } from "./audit";

// ADR 0072: the first start serves once the base is seeded; the bulk (orders and what depends on them) goes on in the
// background, an interrupted bulk is completed by the next start, and the console's note counts the orders placed
const ORDERS = 60;
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "liveshop-first-start-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Waits (on the seed's own progress, never on time) until `ready` holds. */
async function until(ready: () => boolean) {
  while (!ready()) await sleep(10);
}

describe("the first start's demo seed", () => {
  it("answers requests while the bulk is seeded, counts the orders in the note, and is gone when done", async () => {
    const t = await testApi();
    try {
      const file = path.join(tempDir(), "demo-seed.json");
      const files = { storage: t.deps.storage, host: hostPart(t.deps, undefined) };
      const seed = await startDemoSeed(t.db, files, { file, orders: ORDERS });
      expect(seed?.seeded).toBe(true);
      // the base is in: signing in and a list, asked while the orders are being placed, answer
      await until(() => (seeding()?.placed ?? 0) >= 3);
      const during = seeding()!;
      const progress = readProgress(file);
      const owner = await t.signIn("owner@liveshop.test", "Owner#2026");
      const list = await t.get("product", { cookie: owner, query: { limit: 25 } });
      expect(list.status).toBe(200);
      expect(list.body.count).toBe(90);
      expect(during).toMatchObject({ step: "the orders", total: ORDERS });
      expect(progress).toEqual({ orders: ORDERS, step: 0 });
      const note = renderToString(createElement(SeedingNote, { seeding: { ...during, placed: 12 } }));
      expect(note).toContain("Demo data is still being added:");
      expect(note).toContain("12 of 60 orders.");
      await seed!.bulk;
      expect(seeding()).toBeNull();
      expect(renderToString(createElement(SeedingNote, { seeding: seeding() }))).toBe("");
      expect(existsSync(file)).toBe(false);
      const [campaignRows] = await t.db.select({ n: count() }).from(campaigns);
      expect(campaignRows!.n).toBeGreaterThan(0);
      // the audit log holds the seed's own changes: an entry for every seeded record of each type the log reads
      for (const [type, table] of Object.entries(RECORD_TABLES)) {
        const [records] = await t.db.select({ n: count() }).from(table);
        const [logged] = await t.db
          .select({ n: countDistinct(auditEntries.recordId) })
          .from(auditEntries)
          .where(eq(auditEntries.recordType, type));
        expect(records!.n, type).toBeGreaterThan(0);
        expect(logged!.n, type).toBe(records!.n);
      }
      // an owner's Audit tab lists their shop's seeded products, each added by the seed, with the product as after
      const history = await t.get("audit", { cookie: owner, query: { recordType: "product", limit: 100 } });
      expect(history.status).toBe(200);
      expect(history.body.count).toBeGreaterThan(0);
      const ownShop = history.body.data[0].shopId;
      for (const entry of history.body.data) {
        expect(entry).toMatchObject({ userName: SEED_ACTOR, operation: "postProduct", shopId: ownShop, before: null });
        expect(typeof entry.after.name).toBe("string");
      }
      // a later start finds nothing to do
      expect(await startDemoSeed(t.db, files, { file, orders: ORDERS })).toBeNull();
    } finally {
      await t.close();
    }
  }, 900_000);

  it("completes a bulk interrupted mid-orders (the database closed under it) on the next start", async () => {
    const t = await testApi();
    const dir = tempDir();
    const file = path.join(dir, "demo-seed.json");
    const files = { storage: t.deps.storage, host: hostPart(t.deps, undefined) };
    let handle = await openDatabase({ pgliteDir: path.join(dir, "pglite") });
    try {
      await handle.migrate();
      const first = await startDemoSeed(handle.db, files, { file, orders: ORDERS });
      await until(() => (seeding()?.placed ?? 0) >= 5);
      // Ctrl-C: the server closes the database while the seed is placing orders
      const closed = handle.close();
      await closed;
      await first!.bulk;
      expect(readProgress(file)).toEqual({ orders: ORDERS, step: 0 });

      handle = await openDatabase({ pgliteDir: path.join(dir, "pglite") });
      const [before] = await handle.db.select({ n: count() }).from(orders);
      expect(before!.n).toBeGreaterThanOrEqual(5);
      expect(before!.n).toBeLessThan(ORDERS);
      const next = await startDemoSeed(handle.db, files, { file, orders: ORDERS });
      expect(next?.seeded).toBe(false);
      await next!.bulk;
      expect(existsSync(file)).toBe(false);
      // the whole demo as an uninterrupted seed makes it: every order, the coupons once, campaigns and chats
      const [after] = await handle.db.select({ n: count() }).from(orders);
      expect(after!.n).toBeGreaterThanOrEqual(ORDERS);
      const [made] = await handle.db.select({ n: count() }).from(coupons);
      const uninterrupted = await startDemoSeed(t.db, files, { file: path.join(tempDir(), "s.json"), orders: ORDERS });
      await uninterrupted!.bulk;
      const [reference] = await t.db.select({ n: count() }).from(coupons);
      const [referenceOrders] = await t.db.select({ n: count() }).from(orders);
      expect(made!.n).toBe(reference!.n);
      expect(after!.n).toBe(referenceOrders!.n);
      for (const table of [campaigns, chatChannels]) {
        const [n] = await handle.db.select({ n: count() }).from(table);
        expect(n!.n).toBeGreaterThan(0);
      }
    } finally {
      await handle.close().catch(() => {});
      await t.close();
    }
  }, 900_000);
});
