/** PostgreSQL's error code, wherever the driver (postgres-js or PGlite, through drizzle) puts it. */
export function pgErrorCode(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code ?? e?.cause?.code;
}

/** A UNIQUE index refused the write: the database, not a read before it, decides duplicates. */
export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === "23505";
/** A foreign key refused the write (RESTRICT on delete, or a parent that is gone). */
// 23503 foreign_key_violation; 23001 restrict_violation (an ON DELETE RESTRICT key, checked at once)
export const isForeignKeyViolation = (error: unknown) => ["23503", "23001"].includes(pgErrorCode(error) ?? "");
