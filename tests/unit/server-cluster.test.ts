import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from "node:fs";
import http from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { StreamChat, type Event } from "stream-chat";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";

// `npm start` on PostgreSQL with WEB_CONCURRENCY=2 (ADR 0052): the real server, built and started by scripts/start.mjs
// on a fresh database with the demo data. Each request below goes over a connection whose serving process is read
// from /proc (the server-side socket of the connection, and the process holding it), so "through one worker, to a
// client of the other" is what happened, not what round-robin probably did.

const DATABASE_URL = process.env.DATABASE_URL;
const OWNER = { email: "owner@liveshop.test", password: "Owner#2026" };

let server: ChildProcess;
let output = "";
let port = 0;
let sql: postgres.Sql;
let dropDatabase: () => Promise<void>;
let dataDir: string;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** The processes of the server's group running server.mjs: the primary and its workers (the primary's children). */
function serverProcesses() {
  const procs = readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
        const cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8");
        return Number(stat[2]) === server.pid && cmd.includes("server.mjs")
          ? [{ pid: Number(pid), ppid: Number(stat[1]) }]
          : [];
      } catch {
        return []; // ended meanwhile
      }
    });
  const pids = new Set(procs.map((p) => p.pid));
  const primary = procs.find((p) => !pids.has(p.ppid));
  return { primary: primary?.pid, workers: procs.filter((p) => p.ppid === primary?.pid).map((p) => p.pid) };
}

/** The worker holding the server side of the connection whose client port is `clientPort`. */
function workerOf(clientPort: number) {
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of readFileSync(table, "utf8").split("\n").slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 10) continue;
      const local = parseInt(f[1].split(":").at(-1)!, 16);
      const remote = parseInt(f[2].split(":").at(-1)!, 16);
      if (local === port && remote === clientPort) inodes.add(f[9]);
    }
  }
  for (const pid of serverProcesses().workers) {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        if (inode && inodes.has(inode)) return pid;
      } catch {
        /* closed meanwhile */
      }
    }
  }
  return undefined;
}

/** One kept-alive connection to the server: its requests, and which worker serves it. */
function connection() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let clientPort = 0;
  const request = (method: string, apiPath: string, opts: { body?: unknown; headers?: Record<string, string> } = {}) =>
    new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.request(
        {
          agent,
          host: "127.0.0.1",
          port,
          method,
          path: apiPath,
          headers: {
            accept: "application/json",
            ...(opts.body === undefined ? {} : { "content-type": "application/json" }),
            ...opts.headers,
          },
        },
        resolve,
      );
      req.on("socket", (socket) => {
        const note = () => (clientPort = socket.localPort ?? 0);
        if (socket.localPort) note();
        else socket.once("connect", note);
      });
      req.on("error", reject);
      req.end(opts.body === undefined ? undefined : JSON.stringify(opts.body));
    });
  const json = async (
    method: string,
    apiPath: string,
    opts: { body?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const res = await request(method, apiPath, opts);
    let text = "";
    for await (const chunk of res) text += chunk;
    return { status: res.statusCode, headers: res.headers, body: text ? JSON.parse(text) : undefined };
  };
  return { request, json, worker: () => workerOf(clientPort), close: () => agent.destroy() };
}

/**
 * Connections until one is served by each worker (round-robin hands new connections out in turn, among the workers
 * listening: a worker just started gets its first once it listens).
 */
async function oneConnectionPerWorker() {
  const byWorker = new Map<number, ReturnType<typeof connection>>();
  while (byWorker.size < 2) {
    const c = connection();
    await c.json("GET", "/api/auth/me");
    const pid = c.worker();
    if (pid && !byWorker.has(pid)) byWorker.set(pid, c);
    else c.close();
  }
  return [...byWorker.entries()];
}

/** Reads server-sent events of a response: `next()` resolves with the data of the next `room` event. */
function roomEvents(res: http.IncomingMessage) {
  const events: unknown[] = [];
  const waiting: ((event: unknown) => void)[] = [];
  let buffer = "";
  res.setEncoding("utf8");
  res.on("data", (chunk: string) => {
    buffer += chunk;
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block
        .split("\n")
        .filter((l) => l.startsWith("data:"))
        .map((l) => l.slice(5).trim())
        .join("\n");
      if (!block.split("\n").includes("event: room") || !data) continue;
      const event = JSON.parse(data);
      const waiter = waiting.shift();
      if (waiter) waiter(event);
      else events.push(event);
    }
  });
  return {
    next: () =>
      new Promise<{ likes: number }>((resolve) =>
        events.length ? resolve(events.shift() as { likes: number }) : waiting.push(resolve as (e: unknown) => void),
      ),
  };
}

describe.runIf(DATABASE_URL && process.platform === "linux")("npm start on PostgreSQL with two workers", () => {
  beforeAll(async () => {
    const admin = postgres(DATABASE_URL!, { max: 1, onnotice: () => {} });
    const name = `liveshop_cluster_${Date.now()}_${process.pid}`;
    await admin.unsafe(`create database "${name}"`);
    const url = new URL(DATABASE_URL!);
    url.pathname = `/${name}`;
    sql = postgres(url.href, { max: 1, onnotice: () => {} });
    dropDatabase = async () => {
      await sql.end({ timeout: 5 });
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end({ timeout: 5 });
    };
    port = await freePort();
    dataDir = mkdtempSync(path.join(tmpdir(), "liveshop-cluster-"));
    server = spawn(process.execPath, ["scripts/start.mjs"], {
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        DATABASE_URL: url.href,
        DATA_DIR: dataDir,
        WEB_CONCURRENCY: "2",
        SEED: "demo",
        SEED_ORDERS: "0",
        TRUST_PROXY: "true",
        PUBLIC_URL: `http://localhost:${port}`,
        MOCKS: "false",
      },
    });
    server.stdout!.on("data", (chunk) => (output += chunk));
    server.stderr!.on("data", (chunk) => (output += chunk));
    // started (and built when the build is stale) once every worker listens: the primary prints the banner then
    const exited = new Promise<void>((_, reject) =>
      server.once("exit", (code) => reject(new Error(`the server stopped (${code}):\n${output}`))),
    );
    const running = new Promise<void>((resolve) => {
      const check = () => (output.includes("back office is running at") ? resolve() : setTimeout(check, 200));
      check();
    });
    await Promise.race([running, exited]);
  }, 600_000);

  afterAll(async () => {
    if (server?.exitCode === null && server.signalCode === null) {
      try {
        process.kill(-server.pid!, "SIGKILL");
      } catch {
        /* gone */
      }
    }
    await dropDatabase?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("runs two workers beside the primary, which migrated and seeded once and printed the sign-ins once", async () => {
    const { primary, workers } = serverProcesses();
    expect(primary).toBeDefined();
    expect(workers).toHaveLength(2);
    expect(output.match(/back office is running at .* \(2 processes\)/g)).toHaveLength(1);
    expect(output.match(/demo data seeded/g)).toHaveLength(1);
    const [{ admins }] = await sql`select count(*)::int as admins from users where email = 'admin@liveshop.test'`;
    expect(admins).toBe(1);
  });

  it("sends an event published through one worker to a live room watched through the other", async () => {
    const [[watcherPid, watching], [publisherPid, publishing]] = await oneConnectionPerWorker();
    expect(watcherPid).not.toBe(publisherPid);
    const signIn = await publishing.json("POST", "/api/auth/login", {
      body: OWNER,
      headers: { "x-forwarded-for": "198.51.100.1" },
    });
    expect(signIn.status).toBe(200);
    const cookie = String(signIn.headers["set-cookie"]?.find((c) => c.startsWith("ls_session=")))
      .split(";")
      .at(0)!;
    const [live] = await sql`
      select s.id from streams s join shops sh on sh.id = s.shop_id join users u on u.id = sh.owner_id
      where u.email = ${OWNER.email} and s.status = 'broadcasting' and s.deleted_at is null limit 1`;
    const stream = await watching.request("GET", `/api/live-stream/room/${live.id}/events`, { headers: { cookie } });
    expect(stream.statusCode).toBe(200);
    expect(watching.worker()).toBe(watcherPid);
    const room = roomEvents(stream);
    const first = await room.next();
    const likes = first.likes + 7;
    const reported = await publishing.json("PUT", `/api/live-stream/stats/${live.id}`, {
      body: { likes },
      headers: { cookie },
    });
    expect(reported.status).toBe(200);
    expect(publishing.worker()).toBe(publisherPid);
    expect((await room.next()).likes).toBe(likes);
    stream.destroy();
    watching.close();
    publishing.close();
  });

  it("counts a rate limit across both workers: after 10 wrong passwords of an account from an address, 5 through each, both hold the address", async () => {
    const [[, a], [, b]] = await oneConnectionPerWorker();
    const attempt = (c: typeof a, password = "not the password") =>
      c.json("POST", "/api/auth/login", {
        body: { email: "staff@liveshop.test", password },
        headers: { "x-forwarded-for": "198.51.100.2" },
      });
    // 10 wrong passwords for one account from one address, 5 through each worker: each refused as wrong, none held back
    for (let i = 0; i < 5; i++) {
      expect((await attempt(a)).body.message).toBe(MSG.loginFailed);
      expect((await attempt(b)).body.message).toBe(MSG.loginFailed);
    }
    // neither worker has counted 10 itself; together they have: the address is held on both, the right password too
    const held = await attempt(a);
    expect(held.status).toBe(429);
    expect(held.body.message).toBe(MSG.loginThrottled);
    expect((await attempt(b, "Staff#2026")).status).toBe(429);
    a.close();
    b.close();
  });

  it("sends a chat message posted through one worker to a WebSocket client of the other (ADR 0066)", async () => {
    const [[pidA, a], [pidB, b]] = await oneConnectionPerWorker();
    const signIn = await a.json("POST", "/api/auth/login", {
      body: OWNER,
      headers: { "x-forwarded-for": "198.51.100.3" },
    });
    const cookie = String(signIn.headers["set-cookie"]?.find((c) => c.startsWith("ls_session=")))
      .split(";")
      .at(0)!;
    const { data } = (await a.json("GET", "/api/chat/token", { headers: { cookie } })).body;
    const client = new StreamChat(data.apiKey, { baseURL: data.baseURL, allowServerSideConnect: true });
    await client.connectUser({ id: data.userId }, data.token);
    const socket = (client.wsConnection?.ws as unknown as { _socket: { localPort: number } })._socket;
    const holder = workerOf(socket.localPort);
    expect([pidA, pidB]).toContain(holder);
    await client.channel("messaging", "cluster-chat", { members: [data.userId] }).watch();
    const arrived = new Promise<Event>((resolve) => client.on("message.new", resolve));
    // posted through the worker that does not hold the WebSocket
    const through = holder === pidA ? b : a;
    const sent = await through.json(
      "POST",
      `/api/chat-service/channels/messaging/cluster-chat/message?api_key=${data.apiKey}`,
      {
        body: { message: { text: "Across workers" } },
        headers: { authorization: data.token, "stream-auth-type": "jwt" },
      },
    );
    expect(sent.status).toBe(201);
    expect(through.worker()).not.toBe(holder);
    expect((await arrived).message?.text).toBe("Across workers");
    await client.disconnectUser();
    a.close();
    b.close();
  });

  it("replaces a worker that dies, and keeps serving", async () => {
    const before = serverProcesses().workers;
    process.kill(before[0], "SIGKILL");
    let after = serverProcesses().workers;
    while (after.length < 2 || after.includes(before[0])) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = serverProcesses().workers;
    }
    expect(after).toContain(before[1]);
    expect(output).toMatch(/A server process stopped \(SIGKILL\); starting another\./);
    const [[pidA], [pidB]] = await oneConnectionPerWorker();
    expect(new Set([pidA, pidB])).toEqual(new Set(after));
  });

  it("stops every process on SIGTERM, and npm start exits with 0", async () => {
    const { primary, workers } = serverProcesses();
    const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
    process.kill(primary!, "SIGTERM");
    expect(await exited).toBe(0);
    const alive = [primary!, ...workers].filter((pid) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    });
    expect(alive).toEqual([]);
  });
});
