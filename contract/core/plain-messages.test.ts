import { unstable_coerceFormValue as coerceFormValue } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { CALLS } from "./calls";
import { MSG } from "./messages";
import { z } from "./zod";

// No raw validation text ever reaches a user (spec 2 §5, §8: the spec's message or a plain one). Every zod schema the
// contract's modules export (and every schema their exported factories build) is fed, field by field, missing and
// wrong-typed values, as JSON (how /api reads a body) and as a form post (how conform reads a page's form), and no
// message may be zod's own wording (its English locale's, or zod 3's).

const ZOD_WORDING =
  /^(Invalid (input|option|enum|string|number|key in|value in|element|discriminator|type|literal|email|url|URL|uuid|UUID|GUID|ISO|date|datetime|time|duration|IPv|CIDR|base64|nanoid|cuid|ulid|xid|ksuid|emoji|JWT|hex|hostname|E\.164|regex|lowercase|uppercase)|Expected|Required|String must|Number must|Array must|Too small|Too big|Unrecognized key)/;

/** The project's own messages: one may begin as zod's do (spec 3 §5's fee: 'Invalid input. Please enter 6 digits…'). */
const WORDED = new Set<unknown>(Object.values(MSG).filter((m) => typeof m === "string"));

const modules = import.meta.glob<Record<string, unknown>>(["../*/*.ts", "!../*/*.test.ts"], { eager: true });

const isSchema = (value: unknown): value is z.ZodType => value instanceof z.ZodType;

/** Response schemas describe what /api answers; nobody types into them. */
function responseSchemas() {
  const seen = new Set<unknown>();
  for (const call of Object.values(CALLS) as { data?: unknown }[]) {
    const data = call.data;
    if (!isSchema(data)) continue;
    seen.add(data);
    if (data instanceof z.ZodArray) seen.add(data.element);
  }
  return seen;
}

/** Every exported schema, and the schemas exported factories build without arguments, by name. */
function exportedSchemas() {
  const responses = responseSchemas();
  const found: [string, z.ZodType][] = [];
  for (const [file, exports] of Object.entries(modules)) {
    for (const [name, value] of Object.entries(exports)) {
      let schema: unknown = value;
      if (typeof value === "function" && !isSchema(value)) {
        // a factory that needs its arguments (e.g. the item of a repeated query value) builds nothing usable without
        try {
          schema = (value as () => unknown)();
          if (isSchema(schema)) schema.safeParse({});
        } catch {
          continue;
        }
      }
      if (isSchema(schema) && !responses.has(schema)) found.push([`${file.slice(2, -3)}.${name}`, schema]);
    }
  }
  return found;
}

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  in?: z.ZodType;
  out?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  options?: z.ZodType[];
  innerType?: z.ZodType;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The field names a schema reads (through pipes, intersections, unions and optional wrappers). */
function fieldsOf(schema: z.ZodType, depth = 0): Set<string> {
  const def = defOf(schema);
  const fields = new Set<string>();
  if (depth > 6) return fields;
  const add = (inner?: z.ZodType) => inner && fieldsOf(inner, depth + 1).forEach((f) => fields.add(f));
  if (def.type === "object") Object.keys(def.shape ?? {}).forEach((f) => fields.add(f));
  add(def.in);
  add(def.left);
  add(def.right);
  add(def.innerType);
  def.options?.forEach(add);
  return fields;
}

const WRONG_JSON: unknown[] = [undefined, null, 12345, true, {}, [], "", "zzz", "x".repeat(5000)];
const WRONG_FORM: (string | undefined)[] = [undefined, "", "zzz", "-1", "x".repeat(5000)];

/** The raw messages a parse of `input` gives, as `path: message`. */
function rawMessages(schema: z.ZodType, input: unknown) {
  let result;
  try {
    result = schema.safeParse(input);
  } catch (error) {
    return [`throws ${String(error)}`];
  }
  return (result.error?.issues ?? []).flatMap((issue) => {
    const nested = issue.code === "invalid_union" ? issue.errors.flat() : [];
    return [issue, ...nested]
      .filter((i) => ZOD_WORDING.test(i.message) && !WORDED.has(i.message))
      .map((i) => `${[...issue.path, ...i.path].join(".") || "(whole)"}: ${i.message}`);
  });
}

describe("every schema a form or /api validates with speaks plainly", () => {
  const schemas = exportedSchemas();

  it("finds the contract's schemas", () => {
    expect(schemas.length).toBeGreaterThan(50);
  });

  it.each(schemas)("%s: missing and wrong-typed values get the spec's or a plain message", (_name, schema) => {
    const raw = new Set<string>();
    const fields = [...fieldsOf(schema)];
    const coerced = coerceFormValue(schema);
    const record = (messages: string[], how: string, value: unknown) =>
      messages.forEach((m) => raw.add(`${m} (${how} ${JSON.stringify(value)?.slice(0, 20)})`));
    record(rawMessages(schema, {}), "json", {});
    for (const field of fields) {
      for (const value of WRONG_JSON) record(rawMessages(schema, { [field]: value }), `json ${field}=`, value);
      for (const value of WRONG_FORM)
        record(rawMessages(coerced, value === undefined ? {} : { [field]: value }), `form ${field}=`, value);
    }
    expect([...raw]).toEqual([]);
  });
});
