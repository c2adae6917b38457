import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

// schemas that reach the browser must use the jitless zod (contract/core/zod.ts): the CSP forbids eval
const jitlessZod = { name: "zod", message: "Import z from #contract/core/zod (jitless, CSP-safe)." };
const apiFence = {
  group: ["\\#api/*", "**/api/*"],
  message:
    "Call /api through ~/services/api.server; wire types come from #contract, shared server helpers from #server-shared.",
};
// the console's links render their markup directly on the server (app/components/remix.tsx, ADR 0042)
const remixLinks = {
  name: "@remix-run/react",
  importNames: ["Link", "NavLink", "Form"],
  message: "Import Link, NavLink and Form from ~/components/remix.",
};
const serverOnly = {
  group: ["\\#server-shared/*", "~/*"],
  message: "contract/ reaches the browser: no server-only or app imports.",
};
const MODULE_MESSAGE =
  "Import another API module only through its index.ts (#api/modules/<area>); within a module use ./ paths.";
/** `#api/modules/<area>/<file>` or `../modules/<area>/<file>`: any file of a module but its index. */
const MODULE_INTERNALS = { regex: "^(#api/|(\\.\\.?/)+(api/)?)modules/[^/]+/(?!index$)", message: MODULE_MESSAGE };

export default tseslint.config(
  { ignores: ["build", "node_modules", "data", "test-results", "playwright-report", "api/db/migrations"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  // The seam (ARCHITECTURE §2): app/ reaches the API through /api only; wire types come from #contract, helpers
  // both tiers need from #server-shared. Only the in-process transport may import the API's runtime.
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.ts", "app/components/remix.tsx"],
    rules: { "no-restricted-imports": ["error", { paths: [jitlessZod, remixLinks], patterns: [apiFence] }] },
  },
  {
    files: ["app/components/remix.tsx"],
    rules: { "no-restricted-imports": ["error", { paths: [jitlessZod], patterns: [apiFence] }] },
  },
  {
    files: ["app/**/*.server.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [apiFence] }] },
  },
  {
    files: ["app/services/transport.server.ts", "app/routes/api.$.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ ...apiFence, group: [...apiFence.group, "!\\#api/runtime"] }] },
      ],
    },
  },
  {
    // contract/ is imported by pages: no server-only code, and jitless zod only
    files: ["contract/**/*.ts"],
    ignores: ["contract/core/zod.ts"],
    rules: { "no-restricted-imports": ["error", { paths: [jitlessZod], patterns: [apiFence, serverOnly] }] },
  },
  {
    // server-shared/ is neutral ground: it depends on neither tier
    files: ["server-shared/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [apiFence, { group: ["~/*"], message: "server-shared/ does not depend on the web tier." }] },
      ],
    },
  },
  {
    // ARCHITECTURE §2: a module's index.ts is its only public face; nothing reaches into another module's files
    files: ["api/**/*.ts", "tests/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [MODULE_INTERNALS] }] },
  },
  {
    // inside a module, `../` leads into another module: name it by its index instead
    files: ["api/modules/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [MODULE_INTERNALS, { regex: "^\\.\\./(?!\\.\\./)", message: MODULE_MESSAGE }] },
      ],
    },
  },
  {
    // the embed script (ADR 0038) runs as it is on shops' websites: a browser script, no modules
    files: ["app/embed/**/*.js"],
    languageOptions: {
      sourceType: "script",
      globals: {
        window: "readonly",
        document: "readonly",
        location: "readonly",
        URL: "readonly",
        fetch: "readonly",
        CSSStyleSheet: "readonly",
        requestAnimationFrame: "readonly",
      },
    },
  },
  {
    files: ["**/*.mjs", "scripts/**", "server.mjs"],
    languageOptions: {
      globals: {
        process: "readonly",
        console: "readonly",
        URL: "readonly",
        Headers: "readonly",
        Request: "readonly",
        Buffer: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
      },
    },
  },
);
