// `npm run bench:live-room`: how long an event takes from its publishing transaction (begin, notify, commit) on one app instance to a subscriber
// on another (ADR 0040). With DATABASE_URL: two database handles on that PostgreSQL (two instances' worth of
// connections, each its own LISTEN); without: one in-memory PGlite, publisher and subscriber in the one process.
// Reports latency percentiles over EVENTS events (200 by default), each sent after the previous one arrived.
import { openDatabase } from "../api/db/client";
import { createEvents, publish, type EventPayload } from "../api/platform/events";

const EVENTS = Number(process.env.EVENTS ?? 200);
const url = process.env.DATABASE_URL;
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
millis.sort((x, y) => x - y);
const at = (p: number) => millis[Math.min(millis.length - 1, Math.floor((p / 100) * millis.length))].toFixed(2);
console.log(`${url ? "PostgreSQL, two instances" : "PGlite, one process"}: ${EVENTS} events, publishing transaction to delivery: p50 ${at(50)} ms, p95 ${at(95)} ms, p99 ${at(99)} ms, max ${at(100)} ms`);
await a.close();
if (b !== a) await b.close();
