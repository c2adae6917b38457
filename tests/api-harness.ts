import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { expect, inject } from "vitest";
import { createApi } from "../api/index";
import { openDatabase, type DatabaseHandle } from "../api/db/client";
import { loadEnv, type Env } from "../api/platform/env";
import type { Deps } from "../api/platform/deps";
import { createEvents } from "../api/platform/providers/events";
import { createPayments } from "../api/platform/providers/payments";
import { createSms } from "../api/platform/providers/sms";
import { createStorage } from "../api/platform/providers/storage";
import { contractChecker } from "./contract";
import { withDatabase } from "./global-setup";

export interface CallOptions {
  query?: Record<string, string | number | (string | number)[] | undefined>;
  body?: unknown;
  cookie?: string;
  headers?: Record<string, string>;
}

/**
 * A fresh, migrated database and the real Hono app for one test file; requests go through HTTP semantics
 * (`app.request`). Works on PGlite by default and on PostgreSQL when DATABASE_URL is set.
 */
export async function testApi(envOverrides: Record<string, string> = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "liveshop-data-"));
  let dropDatabase: (() => Promise<void>) | undefined;
  let handle;
  let databaseUrl: string | undefined;
  if (process.env.DATABASE_URL) {
    const name = `${inject("pgTemplate")}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${inject("pgTemplate")}`);
    databaseUrl = withDatabase(process.env.DATABASE_URL, name);
    handle = await openDatabase({ url: databaseUrl });
    dropDatabase = async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  } else {
    const dump = await readFile(inject("pgliteDump"));
    handle = await openDatabase({ loadDataDir: new Blob([dump]) });
  }
  const env = loadEnv({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    SESSION_SECRET: "test-secret-test-secret-test-secret-42",
    ...envOverrides,
  });
  const others: DatabaseHandle[] = [];
  const main = instance(handle, env);
  return {
    ...main,
    /**
     * PostgreSQL only: a second app instance on the same database, with its own connections and its own event bus
     * (what a second server process would have); closed with the first.
     */
    async secondInstance() {
      if (!databaseUrl) throw new Error("a second instance needs PostgreSQL (DATABASE_URL)");
      const other = await openDatabase({ url: databaseUrl });
      others.push(other);
      return instance(other, env);
    },
    async close() {
      // codes still being texted after their answer finish before the database goes
      await main.deps.sms.settled();
      for (const other of others) await other.close();
      await handle.close();
      await dropDatabase?.();
    },
  };
}

/** One app instance on a database handle: the real Hono app and the calls of the tests, checked against the contract. */
function instance(handle: DatabaseHandle, env: Env) {
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
  const contract = contractChecker(app, inject("contractDir") || undefined);
  contract.file(expect.getState().testPath);

  async function call(method: string, apiPath: string, opts: CallOptions = {}) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(opts.query ?? {})) {
      if (v === undefined) continue;
      (Array.isArray(v) ? v : [v]).forEach((x) => params.append(k, String(x)));
    }
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.cookie) headers.cookie = opts.cookie;
    let body: BodyInit | undefined;
    if (opts.body instanceof FormData || typeof opts.body === "string" || opts.body instanceof Uint8Array)
      body = opts.body as BodyInit;
    else if (opts.body !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(opts.body);
    }
    const qs = params.toString();
    const res = await app.request(`http://localhost/api/${apiPath.replace(/^\//, "")}${qs ? `?${qs}` : ""}`, {
      method,
      headers,
      body,
    });
    const text = await res.text();
    contract.check(method, apiPath, res.status, res.headers, text);
    let json: any = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    return { status: res.status, body: json, text, headers: res.headers };
  }

  /** `app.request` with the contract check, for what call() cannot send (streamed bodies): `apiUrl` starts with /api/. */
  async function request(apiUrl: string, init: RequestInit) {
    const res = await app.request(`http://localhost${apiUrl}`, init);
    contract.check(
      init.method ?? "GET",
      new URL(apiUrl, "http://localhost").pathname.replace(/^\/api\//, ""),
      res.status,
      res.headers,
      await res.clone().text(),
    );
    return res;
  }

  /**
   * Opens a server-sent events call (`apiPath` as for call()): a refusal comes back as `{ status, body }`; an event
   * stream as `{ status, next, close }`, where next() resolves to the next event (heartbeat comments skipped) with its
   * data parsed and checked against the OpenAPI document, and close() disconnects as a browser leaving would.
   */
  async function events(apiPath: string, opts: Omit<CallOptions, "body" | "query"> = {}) {
    const headers: Record<string, string> = { accept: "text/event-stream", ...(opts.headers ?? {}) };
    if (opts.cookie) headers.cookie = opts.cookie;
    const res = await app.request(`http://localhost/api/${apiPath.replace(/^\//, "")}`, { headers });
    if (!(res.headers.get("content-type") ?? "").startsWith("text/event-stream") || !res.body) {
      const text = await res.text();
      contract.check("GET", apiPath, res.status, res.headers, text);
      return {
        status: res.status,
        headers: res.headers,
        body: JSON.parse(text) as any,
        next: undefined,
        close: async () => {},
      };
    }
    contract.check("GET", apiPath, res.status, res.headers, "");
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    async function next(): Promise<{ event: string; data: any }> {
      for (;;) {
        const end = buffer.indexOf("\n\n");
        if (end >= 0) {
          const block = buffer.slice(0, end).split("\n");
          buffer = buffer.slice(end + 2);
          const data = block.filter((l) => l.startsWith("data: ")).map((l) => l.slice(6));
          if (!data.length) continue; // a heartbeat comment
          const event = block.find((l) => l.startsWith("event: "))?.slice(7) ?? "message";
          contract.checkEvent("GET", apiPath, data.join("\n"));
          return { event, data: JSON.parse(data.join("\n")) };
        }
        const { done, value } = await reader.read();
        if (done) throw new Error(`the event stream of ${apiPath} ended`);
        buffer += value;
      }
    }
    return { status: res.status, headers: res.headers, body: undefined, next, close: () => reader.cancel() };
  }

  /** Signs in through the real login route; returns the cookie to send with later calls. */
  async function signIn(email: string, password: string) {
    const res = await app.request("http://localhost/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    if (res.status !== 200) throw new Error(`sign-in failed for ${email}: ${res.status} ${await res.text()}`);
    contract.check("POST", "auth/login", res.status, res.headers, await res.clone().text());
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("ls_session="));
    return cookie!.split(";")[0];
  }

  /** get/post/put/delete sent with one session cookie: `t.as(owner.cookie).get("product")`. */
  function as(cookie: string) {
    const bound =
      (method: string) =>
      (p: string, o: Omit<CallOptions, "cookie"> = {}) =>
        call(method, p, { ...o, cookie });
    return { get: bound("GET"), post: bound("POST"), put: bound("PUT"), delete: bound("DELETE") };
  }

  return {
    app,
    deps,
    db: handle.db,
    get: (p: string, o?: CallOptions) => call("GET", p, o),
    post: (p: string, o?: CallOptions) => call("POST", p, o),
    put: (p: string, o?: CallOptions) => call("PUT", p, o),
    delete: (p: string, o?: CallOptions) => call("DELETE", p, o),
    as,
    call,
    request,
    signIn,
    events,
  };
}

export type TestApi = Awaited<ReturnType<typeof testApi>>;
