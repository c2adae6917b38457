import { defineConfig } from "vitest/config";
import { availableParallelism } from "node:os";
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
    // Vitest's own default is one worker fewer than the cores: one on a 2-core CI machine, where most of the run is then
    // spent waiting on imports and the database. Two at least; VITEST_MAX_WORKERS overrides (.ci/run gives the
    // PostgreSQL run three: its database works in processes of its own).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, availableParallelism() - 1),
    // A worker keeps its imported modules from one test file to the next instead of importing the whole app again for
    // each (that was a third of the run). Every file still gets its own database and its own app instance
    // (tests/api-harness.ts), and no module keeps state a test reads (ADR 0064).
    isolate: false,
  },
});
