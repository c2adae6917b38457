// `npm run fuzz`: the API fuzz test of `npm test` (tests/fuzz) with many more runs per route and a fresh seed.
// FUZZ_RUNS (default 2000) and FUZZ_SEED (default: random, printed) replay a failure exactly.
import { spawnSync } from "node:child_process";

const seed = process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
const runs = process.env.FUZZ_RUNS ?? "2000";
console.log(
  `fuzz: ${runs} runs per route, seed ${seed} (replay with FUZZ_SEED=${seed} FUZZ_RUNS=${runs} npm run fuzz)`,
);
const run = spawnSync("npx", ["vitest", "run", "tests/fuzz"], {
  stdio: "inherit",
  env: { ...process.env, FUZZ_SEED: seed, FUZZ_RUNS: runs },
});
process.exit(run.status ?? 1);
