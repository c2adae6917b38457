import { z } from "zod";
import { MSG } from "./messages";

type Issue = z.core.$ZodRawIssue;
const bound = (value: unknown) => Number(value);

/**
 * The message of an issue no schema worded (spec 2 §8: no raw validation text reaches a user): the field's own message
 * is set where the spec has one; anything else (a missing or wrong-typed value of a hand-made request) reads plainly.
 */
export function plainMessage(issue: Issue): string {
  const counted = issue.origin === "array" || issue.origin === "set";
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined || issue.input === null || issue.input === ""
        ? MSG.fieldRequired
        : MSG.fieldInvalid;
    case "too_small":
      if (counted) return MSG.chooseAtLeast(bound(issue.minimum));
      if (issue.origin === "string")
        return bound(issue.minimum) <= 1 ? MSG.fieldRequired : MSG.fieldTooShort(bound(issue.minimum));
      return MSG.numberTooSmall(bound(issue.minimum));
    case "too_big":
      if (counted) return MSG.chooseAtMost(bound(issue.maximum));
      return issue.origin === "string"
        ? MSG.fieldTooLong(bound(issue.maximum))
        : MSG.numberTooBig(bound(issue.maximum));
    case "invalid_value":
      return MSG.fieldChoose;
    case "unrecognized_keys":
      return MSG.fieldsUnknown(issue.keys);
    default:
      return MSG.fieldInvalid;
  }
}

// zod 4 compiles fast parsers with `new Function`, which the pages' Content-Security-Policy forbids
// (no 'unsafe-eval'); every schema that can reach the browser imports z from here.
z.config({ jitless: true, customError: plainMessage });

export { z };

/**
 * Form, query and JSON values may arrive as strings: only plain decimal notation counts as a number, so "0x10", "1e3"
 * and "Infinity" are refused as numbers rather than read as 16, 1000 and ∞. Blank stays blank (the schema decides).
 */
export const DECIMAL = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/;
export const decimal = (v: unknown) =>
  typeof v === "string" && v.trim() !== "" ? (DECIMAL.test(v) ? Number(v) : Number.NaN) : v;

/** A record's id in a body or a query: `message` when it is missing, blank or longer than any id. */
export const idField = (message: string) => z.string({ error: message }).trim().min(1, message).max(64, message);
