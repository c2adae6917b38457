import { z } from "zod";

// zod 4 compiles fast parsers with `new Function`, which the pages' Content-Security-Policy forbids
// (no 'unsafe-eval'); every schema that can reach the browser imports z from here.
z.config({ jitless: true });

export { z };

/**
 * Form, query and JSON values may arrive as strings: only plain decimal notation counts as a number, so "0x10", "1e3"
 * and "Infinity" are refused as numbers rather than read as 16, 1000 and ∞. Blank stays blank (the schema decides).
 */
export const DECIMAL = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/;
export const decimal = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? (DECIMAL.test(v) ? Number(v) : Number.NaN) : v);

/** A record's id in a body or a query: `message` when it is missing, blank or longer than any id. */
export const idField = (message: string) => z.string({ error: message }).trim().min(1, message).max(64, message);
