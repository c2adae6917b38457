// `npm run bench:chat` (ADR 0066): CLIENTS chat connections (1,000 by default) on one live stream's `livestream`
// channel, split across two app instances on one PostgreSQL (a throwaway database on DATABASE_URL's server, by default
// postgres://postgres@127.0.0.1:5432/postgres, dropped at the end). Each client is a raw WebSocket speaking Stream's
// protocol as `stream-chat` does (connect, then the channel's query with watch and its connection_id), cheaper than
// a thousand `stream-chat` instances. Viewers then send messages through the REST call of either instance at rising
// rates (RATES, messages per second, default 5,10,20,50, each for SECONDS seconds); every client times each
// message.new from its send. A rate is held when every message reached every client and the p99 stayed under
// HOLD_P99_MS (1,000). Prints, per rate, the deliveries and the p50/p95/p99 delivery latency, and the process's CPU
// time per 1,000 deliveries (servers and clients share this process; on a busy machine it moves less than latency).
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import WebSocket from "ws";
import { openDatabase, type DatabaseHandle } from "../api/db/client";
import { chatMembers, users } from "../api/db/schema";
import { createOwnerWithShop } from "../api/db/seed/factories";
import { createStream } from "../api/db/seed/stream-factories";
import { createApi } from "../api/index";
import { attachChat, chatProvider, chatUserById, createChannel } from "../api/modules/chat";
import { signChatToken } from "../api/modules/chat/tokens";
import type { Deps } from "../api/platform/deps";
import { loadEnv, type Env } from "../api/platform/env";
import { newId } from "../api/platform/data/ids";
import { createEvents } from "../api/platform/providers/events";
import { createPayments } from "../api/platform/providers/payments";
import { createSms } from "../api/platform/providers/sms";
import { createStorage } from "../api/platform/providers/storage";
import { listen } from "../tests/http-listen";

const CLIENTS = Number(process.env.CLIENTS ?? 1000);
const RATES = (process.env.RATES ?? "5,10,20,50").split(",").map(Number);
const SECONDS = Number(process.env.SECONDS ?? 5);
const HOLD_P99_MS = Number(process.env.HOLD_P99_MS ?? 1000);
const url = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freshDatabase() {
  const name = `bench_chat_${process.pid}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** One app instance: its own database handle (its own LISTEN), the API on a listening server, the chat WebSocket. */
async function instance(handle: DatabaseHandle, env: Env) {
  const deps: Deps = {
    env,
    db: handle.db,
    storage: createStorage(env),
    sms: createSms(env, handle.db),
    payments: createPayments(env),
    events: createEvents(handle.listen),
    now: () => new Date(),
  };
  const server = await listen(createApi(deps));
  const detach = attachChat(server.server, deps);
  return { deps, origin: server.origin, close: async () => (detach(), await server.close()) };
}

/** A raw protocol client: connects, watches the channel, and times each message.new against its send time. */
async function client(
  origin: string,
  apiKey: string,
  userId: string,
  token: string,
  cid: string,
  sent: Map<string, number>,
  latencies: number[],
) {
  const base = `${origin}/api/chat-service`;
  const json = encodeURIComponent(
    JSON.stringify({ user_id: userId, user_details: { id: userId }, server_determines_connection_id: true }),
  );
  const ws = new WebSocket(
    `${base.replace("http", "ws")}/connect?json=${json}&api_key=${apiKey}&authorization=${token}&stream-auth-type=jwt`,
  );
  const connectionId = await new Promise<string>((resolve, reject) => {
    ws.once("error", reject);
    ws.on("message", (raw) => {
      const event = JSON.parse(String(raw)) as { type: string; connection_id?: string; message?: { id: string } };
      if (event.type === "health.check" && event.connection_id) resolve(event.connection_id);
      else if (event.type === "message.new" && event.message) {
        const at = sent.get(event.message.id);
        if (at !== undefined) latencies.push(performance.now() - at);
      }
    });
  });
  const [type, id] = cid.split(":");
  const res = await fetch(`${base}/channels/${type}/${id}/query?api_key=${apiKey}&connection_id=${connectionId}`, {
    method: "POST",
    headers: { authorization: token, "stream-auth-type": "jwt", "content-type": "application/json" },
    body: JSON.stringify({ watch: true, state: true, messages: { limit: 1 } }),
  });
  if (res.status !== 201 && res.status !== 200) throw new Error(`watch ${userId}: ${res.status} ${await res.text()}`);
  return ws;
}

const db = await freshDatabase();
const handles = [await openDatabase({ url: db.url }), await openDatabase({ url: db.url })];
await handles[0].migrate();
const env = loadEnv({
  NODE_ENV: "test",
  DATA_DIR: await mkdtemp(path.join(tmpdir(), "liveshop-bench-chat-")),
  SESSION_SECRET: "bench-secret-bench-secret-bench-secret",
});
const instances = [await instance(handles[0], env), await instance(handles[1], env)];
const { owner, shop } = await createOwnerWithShop(handles[0].db);
const stream = await createStream(handles[0].db, { shopId: shop.id, streamerId: owner.id, status: "broadcasting" });
const creator = (await chatUserById(instances[0].deps, owner.id))!;
const { cid } = await createChannel(instances[0].deps, creator, { type: "livestream", id: stream.id, members: [] });
const viewers = Array.from({ length: CLIENTS }, (_, i) => ({
  id: newId(),
  fName: `Viewer ${i}`,
  role: "endUser" as const,
}));
for (let i = 0; i < viewers.length; i += 500) {
  await handles[0].db.insert(users).values(viewers.slice(i, i + 500));
  await handles[0].db.insert(chatMembers).values(viewers.slice(i, i + 500).map((v) => ({ cid, userId: v.id })));
}
const { apiKey, secret } = chatProvider(env);
const sent = new Map<string, number>();
const latencies: number[] = [];
const tokens = viewers.map((v) => signChatToken(secret, v.id, new Date()));
const sockets: WebSocket[] = [];
const started = performance.now();
for (let i = 0; i < viewers.length; i += 50)
  sockets.push(
    ...(await Promise.all(
      viewers
        .slice(i, i + 50)
        .map((v, j) => client(instances[(i + j) % 2].origin, apiKey, v.id, tokens[i + j], cid, sent, latencies)),
    )),
  );
console.log(
  `${CLIENTS} clients connected and watching ${cid}, half on each of two instances (one PostgreSQL), in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

let held = 0;
let n = 0;
for (const rate of RATES) {
  latencies.length = 0;
  sent.clear();
  const total = rate * SECONDS;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const sends: Promise<void>[] = [];
  for (let k = 0; k < total; k++) {
    const due = t0 + (k * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const from = (n++ * 7919) % CLIENTS;
    const id = `bench-${rate}-${k}`;
    sent.set(id, performance.now());
    sends.push(
      fetch(`${instances[k % 2].origin}/api/chat-service/channels/livestream/${stream.id}/message?api_key=${apiKey}`, {
        method: "POST",
        headers: { authorization: tokens[from], "stream-auth-type": "jwt", "content-type": "application/json" },
        body: JSON.stringify({ message: { id, text: `message ${k} at ${rate}/s` } }),
      }).then(async (res) => {
        if (res.status !== 201 && res.status !== 200) throw new Error(`send: ${res.status} ${await res.text()}`);
      }),
    );
  }
  await Promise.all(sends);
  const sendSeconds = (performance.now() - t0) / 1000;
  const expected = total * CLIENTS;
  const deadline = performance.now() + 10_000;
  while (latencies.length < expected && performance.now() < deadline) await sleep(50);
  const cpu = process.cpuUsage(cpu0);
  const sorted = [...latencies].sort((a, b) => a - b);
  const ok = latencies.length === expected && pct(sorted, 99) < HOLD_P99_MS;
  if (ok) held = rate;
  console.log(
    `${rate} msg/s asked (${(total / sendSeconds).toFixed(1)} sent/s): ${latencies.length}/${expected} deliveries` +
      ` (${Math.round(latencies.length / sendSeconds)}/s); delivery latency p50 ${pct(sorted, 50)?.toFixed(1)} ms,` +
      ` p95 ${pct(sorted, 95)?.toFixed(1)} ms, p99 ${pct(sorted, 99)?.toFixed(1)} ms ${ok ? "(held)" : "(not held)"};` +
      ` CPU ${(((cpu.user + cpu.system) / 1000 / Math.max(1, latencies.length)) * 1000).toFixed(0)} ms per 1,000 deliveries`,
  );
  if (!ok) break;
}
console.log(`held: ${held} messages/s to ${CLIENTS} clients on one livestream channel across two instances`);

for (const ws of sockets) ws.terminate();
for (const i of instances) await i.close();
for (const h of handles) await h.close();
await db.drop();
process.exit(0);
