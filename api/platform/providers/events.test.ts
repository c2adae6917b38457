import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { publish, type EventPayload } from "./events";

// The event bus (ADR 0040): a NOTIFY issued inside a transaction is delivered when it commits and never when it rolls
// back; on PostgreSQL, an event published through one app instance reaches the subscribers of another.

let t: TestApi;
beforeAll(async () => {
  t = await testApi();
});
afterAll(() => t.close());

/** Subscribes to `channel`; `received` lists the payloads, `next()` resolves with the next one to arrive. */
async function listenOn(events: TestApi["deps"]["events"], channel: string) {
  const received: EventPayload[] = [];
  const waiting: ((p: EventPayload) => void)[] = [];
  const unsubscribe = await events.subscribe(channel, (payload) => {
    received.push(payload);
    waiting.shift()?.(payload);
  });
  const next = () => new Promise<EventPayload>((resolve) => waiting.push(resolve));
  return { received, next, unsubscribe };
}

describe("events", () => {
  it("delivers an event published inside a committed transaction, and never one from a rolled-back transaction", async () => {
    const room = await listenOn(t.deps.events, "stream:committed");
    const rolledBack = t.db
      .transaction(async (tx) => {
        await publish(tx, "stream:committed", { orderId: "rolled-back" });
        throw new Error("roll back");
      })
      .catch((error: Error) => error.message);
    expect(await rolledBack).toBe("roll back");
    const arrived = room.next();
    await t.db.transaction((tx) => publish(tx, "stream:committed", { orderId: "committed" }));
    expect(await arrived).toEqual({ orderId: "committed" });
    // NOTIFYs arrive in commit order: had the rolled-back one been sent, it would have come first
    expect(room.received).toEqual([{ orderId: "committed" }]);
    room.unsubscribe();
  });

  it("gives each channel its own events, and none after unsubscribing", async () => {
    const a = await listenOn(t.deps.events, "stream:a");
    const b = await listenOn(t.deps.events, "stream:b");
    a.unsubscribe();
    const arrived = b.next();
    await publish(t.db, "stream:a", { n: 1 });
    await publish(t.db, "stream:b", { n: 2 });
    expect(await arrived).toEqual({ n: 2 });
    expect(a.received).toEqual([]);
    expect(b.received).toEqual([{ n: 2 }]);
    b.unsubscribe();
  });

  it("refuses a payload PostgreSQL would not carry (8000 bytes), publishing nothing", async () => {
    const room = await listenOn(t.deps.events, "stream:big");
    await expect(publish(t.db, "stream:big", { text: "x".repeat(8000) })).rejects.toThrow(/too large/);
    const arrived = room.next();
    await publish(t.db, "stream:big", { text: "small" });
    expect(await arrived).toEqual({ text: "small" });
    expect(room.received).toEqual([{ text: "small" }]);
    room.unsubscribe();
  });

  it.runIf(process.env.DATABASE_URL)(
    "reaches a subscriber of another app instance on the same PostgreSQL database",
    async () => {
      const other = await t.secondInstance();
      const room = await listenOn(other.deps.events, "stream:across");
      const arrived = room.next();
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await publish(tx, "stream:across", { orderId: "from-instance-a" });
      });
      expect(await arrived).toEqual({ orderId: "from-instance-a" });
      room.unsubscribe();
    },
  );
});
