import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const MODULE_MESSAGE = "Import another API module only through its index.ts (#api/modules/<area>); within a module use ./ paths.";
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
  {
    // schemas that reach the browser must use the jitless zod (contract/zod.ts): the CSP forbids eval
    files: ["app/**/*.{ts,tsx}", "contract/**/*.ts"],
    ignores: ["contract/zod.ts", "app/**/*.server.ts"],
    rules: { "no-restricted-imports": ["error", { paths: [{ name: "zod", message: "Import z from #contract/zod (jitless, CSP-safe)." }] }] },
  },
  {
    // ARCHITECTURE §2: a module's index.ts is its only public face; nothing reaches into another module's files
    files: ["api/**/*.ts", "tests/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [MODULE_INTERNALS] }] },
  },
  {
    // inside a module, `../` leads into another module: name it by its index instead
    files: ["api/modules/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [MODULE_INTERNALS, { regex: "^\\.\\./(?!\\.\\./)", message: MODULE_MESSAGE }] }] },
  },
  {
    files: ["**/*.mjs", "scripts/**", "server.mjs"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly", Headers: "readonly", Request: "readonly", Buffer: "readonly", setTimeout: "readonly" } },
  },
);
