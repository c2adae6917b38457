// Bulk actions on a list's rows (ADR 0074): one call runs a list's single action on many rows, each row checked as that
// action checks it; the answer says which rows changed and why the others did not. Types and the limit only: pages
// read this file (ADR 0010), the API's schemas are in bulk-api.ts.

/** The most rows one bulk call acts on: a selection of ids, or a whole filtered list. */
export const BULK_LIMIT = 1000;

/**
 * The rows a bulk call acts on: `{ ids }`, the rows the page selected, or `{ all: true, query }`, every row of the list
 * its query (the list's own: search and filters) chooses. The call's body adds the action's own fields (e.g. `status`).
 */
export type BulkSelection<Q = Record<string, unknown>> = { ids: string[] } | { all: true; query: Q };

/** A bulk call's answer: how many rows it was asked about, the rows it changed and the rows it left (with why). */
export interface BulkResult {
  total: number;
  /** `name` is null when the caller may not read the row (another shop's, or none) */
  succeeded: { id: string; name: string | null }[];
  /** `message` is the single action's refusal, word for word */
  failed: { id: string; name: string | null; message: string }[];
}
