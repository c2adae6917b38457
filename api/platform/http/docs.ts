import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { Hono } from "hono";
import type { ApiEnv } from "./router";

const require = createRequire(import.meta.url);
// served by us: the reference page loads nothing from another host
const assetsDir = () => path.dirname(require.resolve("swagger-ui-dist/package.json"));
const ASSETS: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
};

const INIT = `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#reference", deepLinking: true });
});`;

export function mountDocs(app: Hono<ApiEnv>, brand: string) {
  app.get("/docs", (c) => {
    c.header(
      "Content-Security-Policy",
      "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; font-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
    return c.html(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${brand} API reference</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="reference"><noscript><p>The interactive reference needs JavaScript. The document itself is at <a href="/api/openapi.json">/api/openapi.json</a>.</p></noscript></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/init.js"></script></body></html>`);
  });
  app.get("/docs/assets/:file", async (c) => {
    const file = c.req.param("file");
    if (file === "init.js") return c.body(INIT, 200, { "Content-Type": "text/javascript; charset=utf-8" });
    const type = Object.hasOwn(ASSETS, file) ? ASSETS[file] : undefined;
    if (!type) return c.notFound();
    const content = await readFile(path.join(assetsDir(), file));
    return c.body(content, 200, { "Content-Type": type, "Cache-Control": "public, max-age=86400" });
  });
}
