// Server-only code that both tiers use (the web tier in app/ and the API in api/): app/ may not import api/ internals.
import type { z } from "zod";

/** Field → the spec's messages, as a 400 answer carries them (ARCHITECTURE §4). */
export type FieldErrors = Record<string, string[]>;

/** A failed parse as field errors; an issue on the whole input goes under `_form`. */
export function zodErrors(error: z.ZodError): FieldErrors {
  // a Map: a path may be a key the caller chose, such as "constructor"
  const errors = new Map<string, string[]>();
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_form";
    errors.set(key, [...(errors.get(key) ?? []), issue.message]);
  }
  return Object.fromEntries(errors);
}
