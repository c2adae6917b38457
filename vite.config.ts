import { vitePlugin as remix } from "@remix-run/dev";
import { flatRoutes } from "remix-flat-routes";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";

const alias = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "#api": fileURLToPath(new URL("./api", import.meta.url)),
  "#contract": fileURLToPath(new URL("./contract", import.meta.url)),
  // server-only helpers both tiers use (settings, cross-site check, story sanitiser): app/ never imports api/ internals
  "#server-shared": fileURLToPath(new URL("./server-shared", import.meta.url)),
};

// The chat island (ADR 0066) runs stream-chat-react in English only (app/lib/chat-time.ts), yet its Streami18n
// imports all twelve languages' translations and Day.js locales. In the browser build the other eleven resolve to
// an empty module: about a fifth of the island. A language chat never switches to has nothing to show.
const CHAT_UNUSED_LANGUAGES = "de|es|fr|hi|it|ja|ko|nl|pt|ru|tr";
const CHAT_UNUSED_TRANSLATION = new RegExp(`^\\./(${CHAT_UNUSED_LANGUAGES})\\.mjs$`);
const CHAT_UNUSED_DAYJS_LOCALE = new RegExp(`^dayjs/locale/(${CHAT_UNUSED_LANGUAGES})\\.js$`);
const CHAT_EMPTY_MODULE = "\0chat-unused-language";
const chatEnglishOnly = {
  name: "liveshop-chat-english-only",
  apply: "build" as const,
  enforce: "pre" as const,
  resolveId(source: string, importer: string | undefined, options?: { ssr?: boolean }) {
    if (options?.ssr || !importer?.replaceAll("\\", "/").endsWith("stream-chat-react/dist/es/i18n/Streami18n.mjs"))
      return null;
    return CHAT_UNUSED_TRANSLATION.test(source) || CHAT_UNUSED_DAYJS_LOCALE.test(source) ? CHAT_EMPTY_MODULE : null;
  },
  load(id: string) {
    return id === CHAT_EMPTY_MODULE ? "export default {};" : null;
  },
};

export default defineConfig({
  resolve: { alias },
  server: { port: Number(process.env.PORT ?? 3000) },
  ssr: {
    // native and wasm packages stay external so their binaries resolve at run time
    external: [
      "@node-rs/argon2",
      "@electric-sql/pglite",
      "postgres",
      "@aws-sdk/client-s3",
      "@aws-sdk/s3-request-presigner",
      "swagger-ui-dist",
      "country-state-city",
      "@faker-js/faker",
      "msw",
    ],
  },
  build: {
    target: "es2022",
    // the two chunks above Vite's 500 kB default are the Lifetime Sales chart (react-apexcharts, 518 kB, 141 kB gzip),
    // fetched only when that card is shown with JavaScript, and hls.js (597 kB, 187 kB gzip), fetched only by the viewer
    // of a live stream in a browser that does not play HLS itself; first-load budgets are bench:bundle's (ADR 0010)
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      onwarn(warning, warn) {
        // resource routes (api.$, logout, the SSO callbacks…) have no browser code, yet Remix gives every route a
        // client entry: those entries are empty by design
        if (warning.code === "EMPTY_BUNDLE") return;
        // a dependency's misplaced /* @__PURE__ */ comment (zod 4): Rollup drops the comment, the code is unchanged
        if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("/node_modules/")) return;
        warn(warning);
      },
    },
  },
  // the dev server's dependency scan reads route modules whole; server-only native packages stay out of it
  optimizeDeps: { exclude: ["@node-rs/argon2", "@electric-sql/pglite", "postgres", "msw"] },
  plugins: [
    chatEnglishOnly,
    {
      // the chat service's WebSocket (ADR 0066) on the development server, beside Vite's own (HMR)
      name: "liveshop-chat-websocket",
      apply: "serve",
      configureServer(server) {
        server.httpServer?.once("listening", async () => {
          const transport = await server.ssrLoadModule("/app/services/transport.server.ts");
          transport.attachChat(server.httpServer, await transport.runtime(), { shared: true });
        });
      },
    },
    remix({
      // a separate build folder lets several e2e runs (or a dev build) live side by side
      buildDirectory: process.env.BUILD_DIR || "build",
      ignoredRouteFiles: ["**/*"],
      routes: (defineRoutes) =>
        flatRoutes("routes", defineRoutes, {
          ignoredRouteFiles: ["**/.*", "**/*.server.{ts,tsx}", "**/*.test.{ts,tsx}"],
        }),
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
});
