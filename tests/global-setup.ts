import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../api/db/client";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteDump: string;
    pgTemplate: string;
  }
}

/**
 * Migrates one database for the whole run; every test file then starts from a copy of it
 * (ARCHITECTURE §9): a PGlite dump, or a PostgreSQL template database when DATABASE_URL is set.
 */
export default async function setup(project: TestProject) {
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
      await admin.unsafe(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname LIKE '${template}%' AND pid <> pg_backend_pid()`);
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
}

export function withDatabase(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
