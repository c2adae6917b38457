// The production server: serves the built Remix app (which hands /api/* to Hono) on one port.
// It does what remix-serve does (compression, immutable /assets), plus security headers on
// static files and startup work (migrate, seed, print the sign-ins). See docs/decisions/0002.
// On PostgreSQL it runs WEB_CONCURRENCY processes on the port (one per core by default; Node's cluster module): the
// primary migrates and seeds, then starts the workers, each a full app instance, and replaces one that dies. PGlite
// (one process may open its directory) runs one. See docs/decisions/0052.
import cluster from "node:cluster";
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";
import path from "node:path";
import zlib from "node:zlib";

const BUILD_DIR = process.env.BUILD_DIR || "build";
const BUILD = path.resolve(BUILD_DIR, "server/index.js");
const build = await import(BUILD);
const entry = build.entry.module;

let processes = 1;
try {
  entry.config();
  processes = cluster.isPrimary ? entry.serverProcesses() : 1;
} catch (error) {
  console.error(error?.message ?? error);
  process.exit(1);
}
if (processes > 1) await primary(processes);
else await serve();

/** The sign-ins and where the app runs, printed once it serves (by the single process, or the primary). */
function banner(env, { seeded, processes, background = false }) {
  const url = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  return [
    "",
    `  ${env.BRAND_NAME} back office is running at ${url}${processes > 1 ? ` (${processes} processes)` : ""}`,
    `  Database: ${env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${env.pgliteDir}`}${background ? " — demo orders being added in the background (the console shows how far)" : seeded ? " — demo data seeded" : ""}`,
    "",
    "  Demo sign-ins:",
    ...entry.DEMO_SIGN_INS.map((s) => `    ${s.role.padEnd(11)} ${s.email.padEnd(24)} ${s.password}`),
    "",
  ].join("\n");
}

/**
 * The cluster's primary: migrates and seeds once, then starts `count` workers (this file again, as cluster workers)
 * and prints the banner when they all listen. A worker that dies after it served is replaced; one that dies before
 * it ever listened (a bad port, a database gone) stops the whole server with an error instead of a restart loop.
 * SIGTERM and SIGINT stop the workers (each finishes the requests it is answering) and then the primary.
 */
async function primary(count) {
  let prepared;
  try {
    prepared = await entry.prepare();
  } catch (error) {
    console.error(error?.message ?? error);
    process.exit(1);
  }
  let stopping = false;
  let bannerShown = false;
  const alive = new Set(); // the ids of the workers running
  const served = new Set(); // … of those that listened
  const start = () => alive.add(cluster.fork().id);
  cluster.on("listening", (worker) => {
    served.add(worker.id);
    if (!bannerShown && served.size === count) {
      bannerShown = true;
      console.log(banner(prepared.env, { seeded: prepared.seeded, processes: count }));
    }
  });
  cluster.on("exit", (worker, code, signal) => {
    alive.delete(worker.id);
    if (stopping) {
      if (!alive.size) process.exit();
    } else if (!served.has(worker.id)) {
      console.error(`A server process stopped (${signal ?? code}) before it served: stopping.`);
      stop(1);
    } else {
      console.error(`A server process stopped (${signal ?? code}); starting another.`);
      start();
    }
  });
  function stop(exitCode) {
    if (stopping) return;
    stopping = true;
    process.exitCode = exitCode;
    if (!alive.size) process.exit();
    for (const worker of Object.values(cluster.workers ?? {})) worker.process.kill("SIGTERM");
    // a worker that has not finished in time is ended
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker.process.kill("SIGKILL");
      process.exit();
    }, 15_000).unref();
  }
  process.on("SIGINT", () => stop(0));
  process.on("SIGTERM", () => stop(0));
  for (let i = 0; i < count; i++) start();
}

/** One full app instance on the port: the only process on PGlite, or a cluster worker (its primary prepared the database). */
async function serve() {
  let rt;
  try {
    entry.memoizeRouteMatching();
    rt = await entry.runtime({ prepared: cluster.isWorker });
  } catch (error) {
    console.error(error?.message ?? error);
    process.exit(1);
  }
  const { env } = rt.deps;

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", process.env.TRUST_PROXY === "true");
  // pages and /api set their own headers; static files get them here
  const staticHeaders = (res) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader(
      "Content-Security-Policy",
      "default-src 'none'; style-src 'self'; img-src 'self'; font-src 'self'; frame-ancestors 'none'",
    );
  };
  // HSTS on every answer of a production server with an https address (server-shared/security.ts)
  const hsts = entry.transportSecurity(env);
  app.use((_req, res, next) => {
    for (const [name, value] of Object.entries(hsts)) res.setHeader(name, value);
    next();
  });
  // the client address the rate limits count: the socket's, or the proxy's word when TRUST_PROXY=true;
  // a header the client sent itself is never believed
  app.use((req, _res, next) => {
    req.headers["x-forwarded-for"] = req.ip ?? "unknown";
    next();
  });
  // Methods nothing here answers: refused before a request object is built (Node's fetch cannot even build a TRACE one)
  const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
  // Bodies are limited before they are read (ADR 0026): a page's plain form post 1 MB; a page's form with files (posted
  // without JavaScript; each file is then checked against its purpose's own limit as it streams) 512 MB; /api calls
  // 151 MB here, the largest upload (a 150 MB video), while the API itself holds JSON and forms to 1 MB. A page post
  // without a declared length (chunked) is refused with 411: browsers always declare it.
  const MB = 1024 * 1024;
  const refuse = (res, status, text, headers = {}) =>
    res
      .status(status)
      .set({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", ...headers })
      .send(`<!doctype html><title>${text}</title><p>${text}</p>`);
  app.use((req, res, next) => {
    if (!METHODS.includes(req.method)) return refuse(res, 405, "Method not allowed", { Allow: METHODS.join(", ") });
    if (req.method === "GET" || req.method === "HEAD") return next();
    const api = req.path.startsWith("/api/");
    const multipart = String(req.headers["content-type"] ?? "").startsWith("multipart/form-data");
    const limit = api ? 151 * MB : multipart ? 512 * MB : 1 * MB;
    const length = req.headers["content-length"];
    if (length === undefined && req.headers["transfer-encoding"] && !api)
      return refuse(res, 411, "A form post must declare its length");
    if (Number(length) > limit) return refuse(res, 413, "The request is too large");
    next();
  });
  // An API call answered before its body was read to the end (a chunked body past the API's limit, 413): the answer
  // says Connection: close, and its end waits until the rest of the body is read and dropped (at most 64 MB or 10 s).
  // Node closes a Connection: close socket as soon as the answer ends; a client still sending would then meet a
  // reset (EPIPE) instead of reading the answer.
  const DROP_BYTES = 64 * MB;
  const DROP_MS = 10_000;
  function dropRestOfBody(req, done) {
    req.removeAllListeners("data");
    let dropped = 0;
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      req.pause();
      done();
    };
    const timer = setTimeout(finish, DROP_MS).unref();
    req.on("data", (chunk) => {
      dropped += chunk.length;
      if (dropped > DROP_BYTES) finish();
    });
    req.on("end", finish);
    req.on("error", finish);
    req.resume();
  }
  app.use("/api", (req, res, next) => {
    const { writeHead, end } = res;
    res.writeHead = function (...args) {
      if (!req.complete) res.setHeader("Connection", "close");
      return writeHead.apply(this, args);
    };
    res.end = function (...args) {
      if (req.complete || req.destroyed) return end.apply(this, args);
      dropRestOfBody(req, () => end.apply(this, args));
      return this;
    };
    next();
  });
  // compress pages and assets, but never stored files (videos are served with byte ranges). Brotli at quality 3: a page
  // 6% larger than at the default 4 for half its CPU (pages are compressed on every request; `npm run bench:ssr`)
  app.use(
    compression({
      filter: (req, res) => !req.path.startsWith("/api/files/") && compression.filter(req, res),
      brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 } },
    }),
  );
  // browsers ask for /favicon.ico on pages without an icon link (the API reference)
  app.get("/favicon.ico", (_req, res) => res.redirect(301, "/favicon.svg"));
  app.use(
    "/assets",
    express.static(path.join(BUILD_DIR, "client/assets"), {
      immutable: true,
      maxAge: "1y",
      index: false,
      setHeaders: staticHeaders,
    }),
  );
  // the other public files all have an extension; a page's path (none) is not looked for on disk
  const publicFiles = express.static(path.join(BUILD_DIR, "client"), {
    maxAge: "1h",
    index: false,
    setHeaders: staticHeaders,
  });
  app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
  // a page's form posted from another site gets a clear 403 (Remix itself would answer a bare 500)
  const { isCrossSiteWrite } = entry;
  app.use((req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const headers = new Headers();
    for (const name of ["origin", "sec-fetch-site", "host", "x-forwarded-host"])
      if (req.headers[name]) headers.set(name, String(req.headers[name]));
    const probe = new Request(`http://${req.headers.host ?? "localhost"}${req.originalUrl}`, {
      method: "POST",
      headers,
    });
    if (isCrossSiteWrite(probe, env.PUBLIC_URL)) {
      res.status(403).type("text/plain").send("Cross-site request refused");
      return;
    }
    next();
  });
  // each page read in its own scope: its loaders share one sign-in check and session lookup (app/services/page-scope.server.ts)
  const remix = createRequestHandler({ build, mode: process.env.NODE_ENV });
  const { inPageScope } = entry;
  app.all("*", (req, res, next) =>
    req.method === "GET" || req.method === "HEAD" ? inPageScope(() => remix(req, res, next)) : remix(req, res, next),
  );

  const server = app.listen(env.PORT, () => {
    // a cluster's primary prints it once all its workers listen
    if (cluster.isPrimary)
      console.log(banner(env, { seeded: rt.seeded, processes: 1, background: rt.seedingInBackground }));
  });
  // the chat service's WebSocket (ADR 0066) on this process's port; its events reach the other workers' clients
  // through the database's event bus
  const detachChat = entry.attachChat(server, rt);
  // a worker that cannot listen (the port taken) stops with the reason; its primary then stops the server
  server.on("error", (error) => {
    console.error(error?.message ?? error);
    process.exit(1);
  });

  // Stopping: no new connections, idle ones closed; the requests being answered finish (at most 10 s), then the
  // database closes. A cluster worker is stopped by its primary, and also gets the terminal's Ctrl-C: once is enough.
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    const closed = new Promise((resolve) => server.close(resolve));
    server.closeIdleConnections();
    // chat WebSockets are closed: their clients reconnect to another process
    detachChat();
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
    await rt.handle.close().catch(() => {});
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
