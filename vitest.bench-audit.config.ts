import { defineConfig } from "vitest/config";
import base from "./vitest.config";

// `npm run bench:audit` (ADR 0071): the benchmark runs on the API test harness (PGlite, or PostgreSQL with DATABASE_URL)
export default defineConfig({
  ...base,
  test: { ...base.test, include: ["scripts/bench-audit.test.ts"], testTimeout: 1_800_000, maxWorkers: 1 },
});
