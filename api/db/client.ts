import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
  migrate(): Promise<void>;
  /** LISTEN on `channel` (the event bus's, api/platform/providers/events.ts): postgres-js holds it on one dedicated connection */
  listen(channel: string, onNotify: (payload: string) => void): Promise<unknown>;
}

export const migrationsFolder = path.resolve(process.cwd(), "api/db/migrations");

/**
 * The extensions the schema's indexes need, created before the migrations run, on PostgreSQL and PGlite alike:
 * pg_trgm, for the trigram indexes of the list searches (ADR 0033; a trusted extension, so the database's owner may
 * create it). PGlite loads its build of pg_trgm when the database is opened (`extensions` below).
 */
const createExtensions = (db: Database) => db.execute(sql`create extension if not exists pg_trgm`);
const pgliteExtensions = { pg_trgm };

/** PostgreSQL when a URL is given, otherwise PGlite in `pgliteDir` (or from a dump, for tests). */
export async function openDatabase(opts: {
  url?: string;
  pgliteDir?: string;
  loadDataDir?: Blob | File;
}): Promise<DatabaseHandle> {
  if (opts.url) {
    const client = postgres(opts.url, { max: 10, onnotice: () => {} });
    const db = drizzlePostgres(client, { schema });
    return {
      db,
      kind: "postgres",
      close: () => client.end({ timeout: 5 }),
      listen: (channel, onNotify) => client.listen(channel, onNotify),
      migrate: async () => {
        await createExtensions(db);
        await migratePostgres(db, { migrationsFolder });
      },
    };
  }
  const client = new PGlite({
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : { dataDir: opts.pgliteDir }),
    extensions: pgliteExtensions,
  });
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: "pglite",
    close: () => client.close(),
    listen: (channel, onNotify) => client.listen(channel, onNotify),
    migrate: async () => {
      await createExtensions(db);
      await migratePglite(db, { migrationsFolder });
    },
    // exposed for the test harness, which dumps a migrated database once
    ...({ pglite: client } as object),
  };
}
