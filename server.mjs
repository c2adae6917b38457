// The production server: serves the built Remix app (which hands /api/* to Hono) on one port.
// It does what remix-serve does (compression, immutable /assets), plus security headers on
// static files and startup work (migrate, seed, print the sign-ins). See docs/decisions/0002.
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";
import path from "node:path";
import zlib from "node:zlib";

const BUILD_DIR = process.env.BUILD_DIR || "build";
const BUILD = path.resolve(BUILD_DIR, "server/index.js");
const build = await import(BUILD);

let rt;
try {
  build.entry.module.config();
  build.entry.module.memoizeRouteMatching();
  rt = await build.entry.module.runtime();
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
const hsts = build.entry.module.transportSecurity(env);
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
// says Connection: close, then the rest of the body is read and dropped (at most 64 MB or 10 s, then the socket is
// closed) so that the client, still sending, reads the answer instead of a connection reset.
const DROP_BYTES = 64 * MB;
const DROP_MS = 10_000;
function dropRestOfBody(req) {
  req.removeAllListeners("data");
  let dropped = 0;
  const close = () => req.socket.destroy();
  const timer = setTimeout(close, DROP_MS).unref();
  req.on("data", (chunk) => {
    dropped += chunk.length;
    if (dropped > DROP_BYTES) close();
  });
  req.on("end", () => clearTimeout(timer));
  req.resume();
}
app.use("/api", (req, res, next) => {
  const writeHead = res.writeHead;
  res.writeHead = function (...args) {
    if (!req.complete) res.setHeader("Connection", "close");
    return writeHead.apply(this, args);
  };
  res.on("finish", () => {
    if (!req.complete) dropRestOfBody(req);
  });
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
const { isCrossSiteWrite } = build.entry.module;
app.use((req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD") return next();
  const headers = new Headers();
  for (const name of ["origin", "sec-fetch-site", "host", "x-forwarded-host"])
    if (req.headers[name]) headers.set(name, String(req.headers[name]));
  const probe = new Request(`http://${req.headers.host ?? "localhost"}${req.originalUrl}`, { method: "POST", headers });
  if (isCrossSiteWrite(probe, env.PUBLIC_URL)) {
    res.status(403).type("text/plain").send("Cross-site request refused");
    return;
  }
  next();
});
// each page read in its own scope: its loaders share one sign-in check and session lookup (app/services/page-scope.server.ts)
const remix = createRequestHandler({ build, mode: process.env.NODE_ENV });
const { inPageScope } = build.entry.module;
app.all("*", (req, res, next) =>
  req.method === "GET" || req.method === "HEAD" ? inPageScope(() => remix(req, res, next)) : remix(req, res, next),
);

const server = app.listen(env.PORT, () => {
  const url = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const lines = [
    "",
    `  ${env.BRAND_NAME} back office is running at ${url}`,
    `  Database: ${env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${env.pgliteDir}`}${rt.seeded ? " — demo data seeded" : ""}`,
    "",
    "  Demo sign-ins:",
    ...build.entry.module.DEMO_SIGN_INS.map((s) => `    ${s.role.padEnd(11)} ${s.email.padEnd(24)} ${s.password}`),
    "",
  ];
  console.log(lines.join("\n"));
});

const stop = async () => {
  server.close();
  await rt.handle.close().catch(() => {});
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
