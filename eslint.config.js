import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

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
    files: ["**/*.mjs", "scripts/**", "server.mjs"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly", Headers: "readonly", Request: "readonly", Buffer: "readonly", setTimeout: "readonly" } },
  },
);
