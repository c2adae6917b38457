// `npm run bench:live-room` (ADR 0040, ADR 0045), two figures:
// 1. the bus: how long an event takes from its publishing transaction (begin, notify, commit) on one app instance to a
//    subscriber on another. With DATABASE_URL: two database handles on that PostgreSQL (two instances' worth of
//    connections, each its own LISTEN); without: one in-memory PGlite, publisher and subscriber in the one process.
//    Latency percentiles over EVENTS events (200 by default), each sent after the previous one arrived.
// 2. the room: WATCHERS event streams (50 by default, each its own session) on one live room of the real app; how long
//    an event of the stream's channel takes to reach all of them as a fresh `room` event, over ROOM_EVENTS events (50).
//    On a fresh database: a throwaway one on DATABASE_URL's server (dropped at the end), or an in-memory PGlite.
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { openDatabase, type DatabaseHandle } from "../api/db/client";
import { sessions } from "../api/db/schema";
import { createOwnerWithShop } from "../api/db/seed/factories";
import { createStream } from "../api/db/seed/stream-factories";
import { createApi } from "../api/index";
import { streamChannel } from "../api/modules/streams";
import type { Deps } from "../api/platform/deps";
import { loadEnv } from "../api/platform/env";
import { createEvents, publish, type EventPayload } from "../api/platform/providers/events";
import { randomToken, sha256 } from "../api/platform/data/ids";
import { createPayments } from "../api/platform/providers/payments";
import { SESSION_COOKIE } from "../api/platform/auth/sessions";
import { createSms } from "../api/platform/providers/sms";
import { createStorage } from "../api/platform/providers/storage";

const EVENTS = Number(process.env.EVENTS ?? 200);
const WATCHERS = Number(process.env.WATCHERS ?? 50);
const ROOM_EVENTS = Number(process.env.ROOM_EVENTS ?? 50);
const url = process.env.DATABASE_URL;

const percentiles = (millis: number[]) => {
  millis.sort((x, y) => x - y);
  const at = (p: number) => millis[Math.min(millis.length - 1, Math.floor((p / 100) * millis.length))].toFixed(2);
  return `p50 ${at(50)} ms, p95 ${at(95)} ms, p99 ${at(99)} ms, max ${at(100)} ms`;
};

async function benchBus() {
  const a = await openDatabase(url ? { url } : {});
  const b = url ? await openDatabase({ url }) : a;
  const bus = createEvents(b.listen);
  const channel = `stream:bench${Date.now().toString(36)}`;
  let arrived: ((payload: EventPayload) => void) | undefined;
  const unsubscribe = await bus.subscribe(channel, (payload) => arrived?.(payload));
  const millis: number[] = [];
  for (let i = 0; i < EVENTS; i++) {
    const got = new Promise<EventPayload>((resolve) => (arrived = resolve));
    const started = performance.now();
    await a.db.transaction((tx) => publish(tx, channel, { n: i }));
    const payload = await got;
    millis.push(performance.now() - started);
    if (payload.n !== i) throw new Error(`event ${i} arrived as ${String(payload.n)}`);
  }
  unsubscribe();
  console.log(
    `${url ? "PostgreSQL, two instances" : "PGlite, one process"}: ${EVENTS} events, publishing transaction to delivery: ${percentiles(millis)}`,
  );
  await a.close();
  if (b !== a) await b.close();
}

/** A fresh migrated database: a throwaway one on DATABASE_URL's server, or an in-memory PGlite. */
async function freshDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (!url) {
    const handle = await openDatabase({});
    await handle.migrate();
    return { handle, drop: async () => {} };
  }
  const name = `bench_live_room_${process.pid}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const handle = await openDatabase({ url: u.toString() });
  await handle.migrate();
  return {
    handle,
    drop: async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Counts the `room` events of one open event stream, resolving `until(n)` once n have arrived. */
function roomEventsOf(body: ReadableStream<Uint8Array>) {
  let count = 0;
  let waiting: { n: number; resolve: () => void } | undefined;
  const reader = body.getReader();
  const text = new TextDecoder();
  void (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (done) return;
      count += text.decode(value, { stream: true }).split("event: room\n").length - 1;
      if (waiting && count >= waiting.n) waiting.resolve();
    }
  })();
  return {
    until: (n: number) => (count >= n ? Promise.resolve() : new Promise<void>((resolve) => (waiting = { n, resolve }))),
    close: () => reader.cancel(),
  };
}

async function benchRoom() {
  const { handle, drop } = await freshDatabase();
  const env = loadEnv({
    NODE_ENV: "test",
    DATA_DIR: await mkdtemp(path.join(tmpdir(), "liveshop-bench-")),
    SESSION_SECRET: "bench-secret-bench-secret-bench-secret",
  });
  const deps: Deps = {
    env,
    db: handle.db,
    storage: createStorage(env),
    sms: createSms(env, handle.db),
    payments: createPayments(env),
    events: createEvents(handle.listen),
    now: () => new Date(),
  };
  const app = createApi(deps);
  const { owner, shop } = await createOwnerWithShop(handle.db);
  const stream = await createStream(handle.db, { shopId: shop.id, streamerId: owner.id, status: "broadcasting" });
  const watchers = [];
  for (let i = 0; i < WATCHERS; i++) {
    const token = randomToken();
    const now = new Date();
    await handle.db.insert(sessions).values({
      id: sha256(token),
      userId: owner.id,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + 86_400_000),
    });
    // each its own session and address, so no allowance is reached
    const res = await app.request(`http://localhost/api/live-stream/room/${stream.id}/events`, {
      headers: { cookie: `${SESSION_COOKIE}=${token}`, "x-forwarded-for": `10.0.${Math.floor(i / 250)}.${i % 250}` },
    });
    if (res.status !== 200 || !res.body) throw new Error(`watcher ${i}: ${res.status} ${await res.text()}`);
    watchers.push(roomEventsOf(res.body));
  }
  await Promise.all(watchers.map((w) => w.until(1)));
  const millis: number[] = [];
  for (let i = 0; i < ROOM_EVENTS; i++) {
    const started = performance.now();
    await publish(handle.db, streamChannel(stream.id), { n: i });
    await Promise.all(watchers.map((w) => w.until(i + 2)));
    millis.push(performance.now() - started);
  }
  console.log(
    `${url ? "PostgreSQL" : "PGlite"}: ${WATCHERS} watchers of one room, ${ROOM_EVENTS} events, event to every watcher's fresh room: ${percentiles(millis)}`,
  );
  await Promise.all(watchers.map((w) => w.close()));
  await handle.close();
  await drop();
}

await benchBus();
await benchRoom();
