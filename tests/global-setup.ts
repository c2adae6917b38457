import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../api/db/client";
import { createApi } from "../api/index";
import type { Deps } from "../api/platform/deps";
import { loadEnv } from "../api/platform/env";
import { operationId } from "../api/platform/http/openapi";
import { readRecords } from "./contract";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteDump: string;
    pgTemplate: string;
    /** where the API harness records the operations it validated against the OpenAPI document (tests/contract.ts) */
    contractDir: string;
  }
}

/**
 * Migrates one database for the whole run; every test file then starts from a copy of it
 * (ARCHITECTURE §9): a PGlite dump, or a PostgreSQL template database when DATABASE_URL is set.
 */
export default async function setup(project: TestProject) {
  const contractDir = await mkdtemp(path.join(tmpdir(), "liveshop-contract-"));
  project.provide("contractDir", contractDir);
  const teardown = await setupDatabase(project);
  return async () => {
    await teardown?.();
    contractCoverage(project, contractDir);
  };
}

/**
 * After a run of the whole suite, every operation of the OpenAPI document must have been validated at least once
 * against a live answer; a run of some files only says how many were checked.
 */
function contractCoverage(project: TestProject, contractDir: string) {
  const { ops, files } = readRecords(contractDir);
  const root = project.config.root;
  // the test files that use the harness: *.test.ts under the folders the include patterns start with
  const harnessFiles = [...new Set(project.config.include.map((pattern) => pattern.split("/")[0]))]
    .flatMap((dir) =>
      readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" }).map((file) => path.join(dir, file)),
    )
    .filter((file) => file.endsWith(".test.ts") && readFileSync(path.join(root, file), "utf8").includes("api-harness"));
  const ran = harnessFiles.filter((file) => files.has(path.join(root, file)));
  const api = createApi({
    env: loadEnv({ NODE_ENV: "test", SESSION_SECRET: "contract-coverage-contract-coverage-42" }),
  } as Deps);
  const all = [...api.registry.values()].map(operationId);
  const missing = all.filter((id) => !ops.has(id));
  // a run whose files are not the API's (a benchmark's own config) is partial too
  const apiSuite = project.config.include.some((pattern) => pattern.startsWith("api/"));
  if (!apiSuite || ran.length < harnessFiles.length || project.config.testNamePattern) {
    console.log(
      `contract: ${all.length - missing.length} of ${all.length} operations validated (a partial run: coverage not required)`,
    );
  } else if (missing.length) {
    console.error(`contract: operations never validated against a live answer: ${missing.join(", ")}`);
    // a teardown cannot fail a test; the run's exit status carries the failure
    process.exitCode = 1;
  } else {
    console.log(`contract: all ${all.length} operations validated against live answers`);
  }
}

async function setupDatabase(project: TestProject) {
  if (process.env.DATABASE_URL) {
    const template = `liveshop_tpl_${process.pid}`;
    const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`DROP DATABASE IF EXISTS ${template}`);
    await admin.unsafe(`CREATE DATABASE ${template}`);
    const handle = await openDatabase({ url: withDatabase(process.env.DATABASE_URL, template) });
    await handle.migrate();
    await handle.close();
    project.provide("pgTemplate", template);
    project.provide("pgliteDump", "");
    return async () => {
      await admin.unsafe(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname LIKE '${template}%' AND pid <> pg_backend_pid()`,
      );
      const rows = await admin.unsafe(`SELECT datname FROM pg_database WHERE datname LIKE '${template}%'`);
      for (const row of rows) await admin.unsafe(`DROP DATABASE IF EXISTS ${row.datname}`);
      await admin.end();
    };
  }
  const handle = await openDatabase({});
  await handle.migrate();
  const pglite = (handle as unknown as { pglite: PGlite }).pglite;
  const dump = await pglite.dumpDataDir("none");
  const file = path.join(await mkdtemp(path.join(tmpdir(), "liveshop-test-")), "migrated.tar");
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide("pgliteDump", file);
  project.provide("pgTemplate", "");
  return undefined;
}

export function withDatabase(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
