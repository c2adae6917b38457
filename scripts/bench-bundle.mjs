// `npm run bench:bundle`: what each page loads first, gzip, against the budgets of ARCHITECTURE §8.
// Builds into build-bench with `vite build` + `vite build --ssr` (what `remix vite:build` runs, minus
// deleting the client's .vite/manifest.json), then per page route sums the entry client, every route
// module of the page's chain and their static imports (deduplicated), and the CSS the chain links.
// `--no-build` measures the existing build-bench; `--files` lists each page's files.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const BUILD_DIR = "build-bench";
const CLIENT = path.join(BUILD_DIR, "client");
const KB = 1000; // kB as Vite's own build report prints them
const BUDGET = {
  js: 150 * KB,
  // the two pages people open cold, often on a phone (ARCHITECTURE §8)
  leanJs: 110 * KB,
  leanPages: ["/auth/login", "/influencer/register"],
  css: 40 * KB,
};
const args = process.argv.slice(2);

function build() {
  rmSync(BUILD_DIR, { recursive: true, force: true });
  const env = { ...process.env, BUILD_DIR, NODE_ENV: "production" };
  for (const extra of [[], ["--ssr"]]) {
    console.log(`vite build${extra.map((e) => ` ${e}`).join("")} → ${BUILD_DIR}`);
    const run = spawnSync("npx", ["vite", "build", "--logLevel", "error", ...extra], {
      stdio: ["ignore", "inherit", "inherit"],
      env,
    });
    if (run.status !== 0) process.exit(run.status || 1);
  }
}

if (!args.includes("--no-build")) build();

const viteManifestPath = path.join(CLIENT, ".vite/manifest.json");
if (!existsSync(viteManifestPath)) {
  console.error(`${viteManifestPath} is missing: run without --no-build.`);
  process.exit(1);
}
/** Vite: chunk key → { file, imports, css } */
const vite = JSON.parse(readFileSync(viteManifestPath, "utf8"));
const keyByFile = new Map(Object.entries(vite).map(([key, chunk]) => [`/${chunk.file}`, key]));
/** Remix: the route tree (assets = the browser manifest) and each route's `links` */
const server = await import(pathToFileURL(path.resolve(BUILD_DIR, "server/index.js")).href);
const remix = server.assets;

const gzipped = new Map();
function gzipSize(href) {
  if (!gzipped.has(href)) gzipped.set(href, gzipSync(readFileSync(path.join(CLIENT, href))).length);
  return gzipped.get(href);
}

/** A chunk and everything it imports statically (dynamic imports load later, on demand). */
function staticClosure(href, js, css) {
  if (js.has(href)) return;
  js.add(href);
  const chunk = vite[keyByFile.get(href)];
  if (!chunk) throw new Error(`${href} is not in the Vite manifest`);
  for (const file of chunk.css ?? []) css.add(`/${file}`);
  for (const key of chunk.imports ?? []) staticClosure(`/${vite[key].file}`, js, css);
}

function chainOf(id) {
  const chain = [];
  for (let route = remix.routes[id]; route; route = remix.routes[route.parentId]) chain.unshift(route);
  return chain;
}

function urlOf(chain) {
  const parts = chain.map((r) => r.path).filter(Boolean);
  return `/${parts.join("/")}`.replace(/\/+/g, "/");
}

const parents = new Set(Object.values(remix.routes).map((r) => r.parentId));
// a page: a route that renders (default export) and has no child routes; resource routes and layouts are not pages
const pageIds = Object.keys(remix.routes).filter(
  (id) => !parents.has(id) && typeof server.routes[id]?.module.default === "function",
);

const pages = pageIds.map((id) => {
  const chain = chainOf(id);
  const js = new Set();
  const css = new Set();
  staticClosure(remix.entry.module, js, css);
  for (const route of chain) {
    staticClosure(route.module, js, css);
    // Remix's own preload list for the same page; the union covers anything only one of them knows
    for (const href of route.imports ?? []) staticClosure(href, js, css);
    for (const href of route.css ?? []) css.add(href);
    const links = server.routes[route.id].module.links?.() ?? [];
    for (const link of links) if (link.rel === "stylesheet" && link.href?.startsWith("/")) css.add(link.href);
  }
  for (const href of remix.entry.imports) staticClosure(href, js, css);
  const url = urlOf(chain);
  const jsBudget = BUDGET.leanPages.includes(url) ? BUDGET.leanJs : BUDGET.js;
  const sum = (set) => [...set].reduce((n, href) => n + gzipSize(href), 0);
  return { id, url, js: [...js], css: [...css], jsBytes: sum(js), cssBytes: sum(css), jsBudget, cssBudget: BUDGET.css };
});
pages.sort((a, b) => a.url.localeCompare(b.url));

const kb = (n) => `${(n / KB).toFixed(1)} kB`;
const rows = pages.map((p) => {
  const over = p.jsBytes > p.jsBudget || p.cssBytes > p.cssBudget;
  return [p.url, kb(p.jsBytes), kb(p.jsBudget), kb(p.cssBytes), kb(p.cssBudget), over ? "OVER" : "ok", p.id];
});
const header = ["page", "JS gzip", "JS budget", "CSS gzip", "CSS budget", "", "route"];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells) =>
  cells
    .map((c, i) => (i >= 1 && i <= 4 ? c.padStart(widths[i]) : c.padEnd(widths[i])))
    .join("  ")
    .trimEnd();
console.log(`\nFirst-load JavaScript and CSS per page, gzip (${BUILD_DIR}; 1 kB = ${KB} bytes)\n`);
console.log(line(header));
console.log(line(widths.map((w) => "-".repeat(w))));
for (const row of rows) console.log(line(row));

if (args.includes("--files")) {
  for (const p of pages) {
    console.log(`\n${p.url}`);
    for (const href of [...p.js, ...p.css].sort((a, b) => gzipSize(b) - gzipSize(a)))
      console.log(`  ${kb(gzipSize(href)).padStart(9)}  ${href}`);
  }
}

// the chat island (ADR 0066): stream-chat-react and its CSS, fetched after first paint on the chat screens; counted
// beyond what /app/chat has already loaded
const islandKey = Object.keys(vite).find((k) => /(^|\/)_?ChatLive\.client(-[\w-]+\.js|\.tsx)$/.test(k));
const chatPage = pages.find((p) => p.url === "/app/chat");
if (islandKey && chatPage) {
  const js = new Set();
  const css = new Set();
  staticClosure(`/${vite[islandKey].file}`, js, css);
  const extra = [...js, ...css].filter((href) => !chatPage.js.includes(href) && !chatPage.css.includes(href));
  // the island's stylesheet is linked by the island itself (`?url`), not imported by its chunk
  const linked = Object.values(vite)
    .filter((c) => c.src?.includes("stream-chat-react/dist/css/index.css") || /\/index-[\w-]+\.css$/.test(c.file ?? ""))
    .map((c) => `/${c.file}`)
    .filter((href) => href.endsWith(".css") && !extra.includes(href));
  const jsBytes = extra.filter((h) => h.endsWith(".js")).reduce((n, h) => n + gzipSize(h), 0);
  const cssBytes = [...extra.filter((h) => h.endsWith(".css")), ...linked].reduce((n, h) => n + gzipSize(h), 0);
  console.log(`\nChat island (ChatLive.client, after first paint): ${kb(jsBytes)} JS + ${kb(cssBytes)} CSS gzip`);
  if (args.includes("--files"))
    for (const href of [...extra, ...linked].sort((a, b) => gzipSize(b) - gzipSize(a)))
      console.log(`  ${kb(gzipSize(href)).padStart(9)}  ${href}`);
}

const over = pages.filter((p) => p.jsBytes > p.jsBudget || p.cssBytes > p.cssBudget);
if (over.length) {
  console.error(`\n${over.length} of ${pages.length} pages over budget: ${over.map((p) => p.url).join(", ")}`);
  process.exit(1);
}
console.log(`\nAll ${pages.length} pages within budget.`);
