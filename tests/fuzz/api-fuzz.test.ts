import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { createOwnerWithShop, createStaff, createUser } from "#api/db/seed/factories";
import type { RouteDef } from "#api/platform/router";
import { ALL_PERMISSIONS } from "#contract/roles";
import { testApi, type TestApi } from "../api-harness";

// Every /api route, fed generated input shaped after its own schemas (and some that is not), as each kind of caller:
// no answer may be a 5xx. `npm test` runs FUZZ_RUNS (default 200) per route with the recorded seed below;
// `npm run fuzz` runs many more with a fresh seed and prints it, so a failure can be replayed with FUZZ_SEED.
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);

let t: TestApi;
const cookies: Record<string, string | undefined> = { signedOut: undefined };
beforeAll(async () => {
  t = await testApi();
  await createUser(t.db, { role: "admin", email: "fuzz-admin@liveshop.test", password: "Fuzz#2026!" });
  const { shop } = await createOwnerWithShop(t.db, { email: "fuzz-owner@liveshop.test", password: "Fuzz#2026!" });
  await createStaff(t.db, shop.id, ALL_PERMISSIONS, { email: "fuzz-staff@liveshop.test", password: "Fuzz#2026!" });
  cookies.admin = await t.signIn("fuzz-admin@liveshop.test", "Fuzz#2026!");
  cookies.owner = await t.signIn("fuzz-owner@liveshop.test", "Fuzz#2026!");
  cookies.staff = await t.signIn("fuzz-staff@liveshop.test", "Fuzz#2026!");
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

/** Texts that broke things before, and text in general. */
const nasty = fc.constantFrom("", " ", "\u0000", "a\u0000b", "1e308", "-1e308", "0x10", "NaN", "Infinity", "-0", "%00", "../../etc/passwd", "<script>", "💥".repeat(50), "9".repeat(400), "null", "[]", "{}");
const scalar = fc.oneof(nasty, fc.string(), fc.fullUnicodeString({ maxLength: 40 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
const value = fc.oneof({ weight: 4, arbitrary: scalar }, { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }) }, { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }) });
const id = fc.oneof(fc.hexaString({ minLength: 24, maxLength: 24 }), fc.string({ maxLength: 30 }), nasty);

function requestFor(def: RouteDef) {
  const bodyFields = fieldsOf(def.body);
  const queryFields = fieldsOf(def.query);
  const record = (fields: string[]) =>
    fc.tuple(fc.subarray(fields), fc.dictionary(fc.string({ maxLength: 10 }), value, { maxKeys: 2 })).chain(([keys, extra]) =>
      fc.tuple(...keys.map(() => value)).map((values) => ({ ...extra, ...Object.fromEntries(keys.map((k, i) => [k, values[i]])) })),
    );
  const body = fc.oneof(
    { weight: 6, arbitrary: record(bodyFields).map((b) => ({ type: "application/json", text: JSON.stringify(b) })) },
    { weight: 1, arbitrary: fc.string().map((text) => ({ type: "application/json", text })) },
    { weight: 1, arbitrary: record(bodyFields).map((b) => ({ type: "application/x-www-form-urlencoded", text: new URLSearchParams(Object.entries(b).map(([k, v]) => [k, String(v)])).toString() })) },
    { weight: 1, arbitrary: fc.string().map((text) => ({ type: "multipart/form-data; boundary=fuzz", text })) },
  );
  const query = record(queryFields);
  const params = fc.array(id, { minLength: 4, maxLength: 4 });
  const actors = def.path.includes("logout") ? ["signedOut"] : Object.keys(cookies);
  return fc.record({ actor: fc.constantFrom(...actors), body, query, params });
}

function urlOf(def: RouteDef, params: string[], query: Record<string, unknown>) {
  let i = 0;
  const path = def.path.replace(/:(\w+)(?:\{(?:[^{}]|\{[^{}]*\})*\})?/g, () => encodeURIComponent(params[i++] ?? "x")).replace(/\*$/, encodeURIComponent(params[3] ?? "x"));
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) (Array.isArray(v) ? v : [v]).forEach((x) => search.append(k, typeof x === "object" ? JSON.stringify(x) : String(x)));
  return `http://localhost/api${path}?${search}`;
}

describe("no input makes a 5xx", () => {
  it("covers every route the API mounts", () => {
    expect(t.app.registry.size).toBeGreaterThanOrEqual(74);
  });

  it("for every route, as every kind of caller", async () => {
    for (const def of t.app.registry.values()) {
      await fc.assert(
        fc.asyncProperty(requestFor(def), async ({ actor, body, query, params }) => {
          const method = def.method.toUpperCase();
          const headers: Record<string, string> = { "x-forwarded-for": "192.0.2.200" };
          if (cookies[actor]) headers.cookie = cookies[actor];
          const init: RequestInit = { method, headers };
          if (method !== "GET") {
            headers["content-type"] = body.type;
            init.body = body.text;
          }
          const res = await t.app.request(urlOf(def, params, query), init);
          if (res.status >= 500) throw new Error(`${method} ${def.path} as ${actor}: ${res.status} ${await res.text()}`);
          await res.arrayBuffer();
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
    }
  }, 15 * 60_000);
});
