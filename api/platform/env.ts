import { mkdirSync } from "node:fs";
import path from "node:path";
import type { z } from "zod";
import { EnvError, readSettings, secureCookies, sessionSecret, SETTINGS } from "#server-shared/settings";

export type Env = z.infer<typeof SETTINGS> & { SESSION_SECRET: string; uploadsDir: string; pgliteDir: string };
export { EnvError, secureCookies };

/** Reads and validates process.env; a bad value stops the start with a message naming the variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const env = readSettings(SETTINGS, source);
  const dataDir = path.resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    ...env,
    DATA_DIR: dataDir,
    SESSION_SECRET: sessionSecret(env.SESSION_SECRET, dataDir),
    uploadsDir: path.join(dataDir, "uploads"),
    pgliteDir: path.join(dataDir, "pglite"),
  };
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= loadEnv();
  return cached;
}
export function setEnv(next: Env) {
  cached = next;
}
