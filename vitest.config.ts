import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#api": fileURLToPath(new URL("./api", import.meta.url)),
      "#contract": fileURLToPath(new URL("./contract", import.meta.url)),
      "#server-shared": fileURLToPath(new URL("./server-shared", import.meta.url)),
    },
  },
  test: {
    include: [
      "api/**/*.test.ts",
      "server-shared/**/*.test.ts",
      "contract/**/*.test.ts",
      "app/**/*.test.ts",
      "tests/unit/**/*.test.ts",
      "tests/unit/**/*.test.tsx",
      "tests/fuzz/**/*.test.ts",
    ],
    globalSetup: ["tests/global-setup.ts"],
    setupFiles: ["tests/setup-file.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
