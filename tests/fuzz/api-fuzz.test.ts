import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { createOwnerWithShop, createStaff, createUser } from "#api/db/seed/factories";
import type { RouteDef } from "#api/platform/http/router";
import { ALL_PERMISSIONS } from "#contract/access/roles";
import { testApi, type TestApi } from "../api-harness";
import { testKit } from "../factories";

// Every /api route, fed generated input shaped after its own schemas (and some that is not), as each kind of caller:
// no answer may be a 5xx. `npm test` runs FUZZ_RUNS (default 200) per route with the recorded seed below;
// `npm run fuzz` runs many more with a fresh seed and prints it, so a failure can be replayed with FUZZ_SEED.
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);

let t: TestApi;
/** Each kind of caller's credentials: a console session cookie, or the mobile app's bearer token (a customer, an influencer). */
const callers: Record<string, Record<string, string>> = { signedOut: {} };
beforeAll(async () => {
  t = await testApi();
  await createUser(t.db, { role: "admin", email: "fuzz-admin@liveshop.test", password: "Fuzz#2026!" });
  const { shop } = await createOwnerWithShop(t.db, { email: "fuzz-owner@liveshop.test", password: "Fuzz#2026!" });
  await createStaff(t.db, shop.id, ALL_PERMISSIONS, { email: "fuzz-staff@liveshop.test", password: "Fuzz#2026!" });
  for (const role of ["admin", "owner", "staff"])
    callers[role] = { cookie: await t.signIn(`fuzz-${role}@liveshop.test`, "Fuzz#2026!") };
  const kit = testKit(t);
  callers.customer = { authorization: `Bearer ${await kit.customerToken(await kit.customer())}` };
  callers.influencer = { authorization: `Bearer ${await kit.influencerToken(await kit.approvedInfluencer())}` };
});
afterAll(() => t.close());

/** The field names a request schema declares (through optional, nullable, default and preprocess wrappers). */
function fieldsOf(schema: z.ZodType | undefined): string[] {
  let s = schema as unknown as { shape?: Record<string, unknown>; _zod?: { def: Record<string, unknown> } } | undefined;
  for (let i = 0; s && i < 10; i++) {
    if (s.shape) return Object.keys(s.shape);
    const def = s._zod?.def;
    if (!def) return [];
    s = (def.innerType ?? def.in ?? def.schema) as typeof s;
  }
  return [];
}

/** Names every object inherits: a look-up by a name the caller chose must never find them. */
const builtInName = fc.constantFrom("__proto__", "constructor", "prototype", "toString", "valueOf", "hasOwnProperty");
/** Texts that broke things before, and text in general. */
const nasty = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "\u0007\u001b[31m",
    "1e308",
    "-1e308",
    "0x10",
    "NaN",
    "Infinity",
    "-0",
    "%00",
    "../../etc/passwd",
    "<script>",
    "💥".repeat(50),
    "9".repeat(400),
    "null",
    "[]",
    "{}",
  ),
  builtInName,
);
/** A key of a generated object: any text, or a built-in name. */
const key = fc.oneof(fc.string({ maxLength: 10 }), builtInName);
/** The headers the API reads, with values a header may carry. */
const headerValue = fc.oneof(builtInName, fc.stringMatching(/^[\x20-\x7e]{0,40}$/));
const readHeaders = fc.record(
  {
    "x-purpose": headerValue,
    "x-file-name": headerValue,
    "idempotency-key": headerValue,
    range: headerValue,
    "x-forwarded-host": headerValue,
  },
  { requiredKeys: [] },
);
const scalar = fc.oneof(
  nasty,
  fc.string(),
  fc.fullUnicodeString({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);
const value = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(key, scalar, { maxKeys: 3, noNullPrototype: true }) },
);
const id = fc.oneof(fc.hexaString({ minLength: 24, maxLength: 24 }), fc.string({ maxLength: 30 }), nasty);

/** A generated value as a form or query string carries it (an object as JSON: it may have its own `toString` key). */
const asText = (v: unknown) => (typeof v === "object" && v !== null ? JSON.stringify(v) : String(v));

function requestFor(def: RouteDef) {
  const bodyFields = fieldsOf(def.body);
  const queryFields = fieldsOf(def.query);
  const record = (fields: string[]) =>
    fc
      .tuple(fc.subarray(fields), fc.dictionary(key, value, { maxKeys: 2, noNullPrototype: true }))
      .chain(([keys, extra]) =>
        fc
          .tuple(...keys.map(() => value))
          .map((values) => ({ ...extra, ...Object.fromEntries(keys.map((k, i) => [k, values[i]])) })),
      );
  const body = fc.oneof(
    { weight: 6, arbitrary: record(bodyFields).map((b) => ({ type: "application/json", text: JSON.stringify(b) })) },
    { weight: 1, arbitrary: fc.string().map((text) => ({ type: "application/json", text })) },
    {
      weight: 1,
      arbitrary: record(bodyFields).map((b) => ({
        type: "application/x-www-form-urlencoded",
        text: new URLSearchParams(Object.entries(b).map(([k, v]) => [k, asText(v)])).toString(),
      })),
    },
    { weight: 1, arbitrary: fc.string().map((text) => ({ type: "multipart/form-data; boundary=fuzz", text })) },
  );
  const query = record(queryFields);
  const params = fc.array(id, { minLength: 4, maxLength: 4 });
  const actors = def.path.includes("logout") ? ["signedOut"] : Object.keys(callers);
  return fc.record({ actor: fc.constantFrom(...actors), body, query, params, sent: readHeaders });
}

function urlOf(def: RouteDef, params: string[], query: Record<string, unknown>) {
  let i = 0;
  const path = def.path
    .replace(/:(\w+)(?:\{(?:[^{}]|\{[^{}]*\})*\})?/g, () => encodeURIComponent(params[i++] ?? "x"))
    .replace(/\*$/, encodeURIComponent(params[3] ?? "x"));
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) (Array.isArray(v) ? v : [v]).forEach((x) => search.append(k, asText(x)));
  return `http://localhost/api${path}?${search}`;
}

describe("no input makes a 5xx", () => {
  it("covers every route the API mounts", () => {
    expect(t.app.registry.size).toBeGreaterThanOrEqual(74);
  });

  it(
    "for every route, as every kind of caller",
    async () => {
      // every route runs, and every route that failed is reported (each with its counterexample)
      const failures: string[] = [];
      for (const def of t.app.registry.values()) {
        await fc
          .assert(
            fc.asyncProperty(requestFor(def), async ({ actor, body, query, params, sent }) => {
              const method = def.method.toUpperCase();
              const headers: Record<string, string> = { ...sent, ...callers[actor], "x-forwarded-for": "192.0.2.200" };
              const init: RequestInit = { method, headers };
              if (method !== "GET") {
                headers["content-type"] = body.type;
                init.body = body.text;
              }
              const res = await t.app.request(urlOf(def, params, query), init);
              if (res.status >= 500)
                throw new Error(`${method} ${def.path} as ${actor}: ${res.status} ${await res.text()}`);
              await res.arrayBuffer();
            }),
            { seed: SEED, numRuns: RUNS, endOnFailure: true },
          )
          .catch((error: Error) => failures.push(`${def.method.toUpperCase()} ${def.path}: ${error.message}`));
      }
      expect(failures).toEqual([]);
    },
    15 * 60_000,
  );
});
