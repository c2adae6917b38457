import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOwnerWithShop, createUser } from "#api/db/seed/factories";
import { testApi, type TestApi } from "../../../tests/api-harness";

// ADR 0024: a code request answers the same for every well-formed number, in its words and in its time. A prober
// timed the sign-in doors: numbers with an account answered in ~19.6 ms, unknown ones in ~13.8 ms.

const PROBES = 60;
const WARM_UP = 5;
/** The most the answers of known and unknown numbers may differ, as a share of the slower (before: 70 % here, 30 % in the probe). */
const MAX_RELATIVE_GAP = 0.3;

let t: TestApi;
let admin: string;
beforeAll(async () => {
  t = await testApi();
  await createUser(t.db, { role: "admin", email: "timing-admin@liveshop.test", password: "Admin#2026!" });
  admin = await t.signIn("timing-admin@liveshop.test", "Admin#2026!");
});
afterAll(() => t.close());

/** The value a share `q` of the times stays under; a low one shows the work a request needs, not the machine's other load. */
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))];

/** Milliseconds from asking for a code to the whole answer, from an address of its own (so no limit is reached). */
async function timed(door: string, mobile: string, probe: number) {
  const started = performance.now();
  const res = await t.post(`auth/send-otp/${door}`, {
    body: { countryFlag: "AU", mobile },
    headers: { "x-forwarded-for": `198.51.${door.length}.${probe}` },
  });
  const ms = performance.now() - started;
  expect(res.status).toBe(200);
  // whatever follows the answer (the text on its way) is over before the next probe, as between a prober's requests
  await t.get("sms/outbox", { cookie: admin, query: { limit: 1 } });
  return ms;
}

/**
 * Known and unknown numbers asked alternately, after a few untimed rounds. The gap: how far apart their lower quartiles
 * are, as a share of the larger (load from other work only ever adds time, so it moves the lower quartile least).
 */
async function gapOf(door: string, known: string[], unknown: string[]) {
  const times = { known: [] as number[], unknown: [] as number[] };
  for (let i = 0; i < known.length; i++) {
    const knownFirst = i % 2 === 0;
    const a = await timed(door, knownFirst ? known[i] : unknown[i], 2 * i);
    const b = await timed(door, knownFirst ? unknown[i] : known[i], 2 * i + 1);
    if (i < WARM_UP) continue;
    times.known.push(knownFirst ? a : b);
    times.unknown.push(knownFirst ? b : a);
  }
  const k = quantile(times.known, 0.25);
  const u = quantile(times.unknown, 0.25);
  return {
    gap: Math.abs(k - u) / Math.max(k, u),
    said: `lower quartiles: known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms`,
  };
}

const unknownNumbers = (prefix: string) =>
  Array.from({ length: PROBES + WARM_UP }, (_, i) => `${prefix}${String(i).padStart(5, "0")}`);

describe("a code request takes as long for a number with an account as for one without", () => {
  it("at the shop owners' door", async () => {
    const known: string[] = [];
    for (let i = 0; i < PROBES + WARM_UP; i++) known.push((await createOwnerWithShop(t.db)).owner.mobile!);
    const { gap, said } = await gapOf("shopOwner", known, unknownNumbers("4129"));
    expect(gap, said).toBeLessThan(MAX_RELATIVE_GAP);
  }, 240_000);

  it("at the customers' door", async () => {
    const known: string[] = [];
    for (let i = 0; i < PROBES + WARM_UP; i++) known.push((await createUser(t.db, { role: "endUser" })).mobile!);
    const { gap, said } = await gapOf("customer", known, unknownNumbers("4128"));
    expect(gap, said).toBeLessThan(MAX_RELATIVE_GAP);
  }, 240_000);

  it("at the influencers' door (ADR 0057)", async () => {
    const known: string[] = [];
    for (let i = 0; i < PROBES + WARM_UP; i++) known.push((await createUser(t.db, { role: "influencer" })).mobile!);
    const { gap, said } = await gapOf("influencer", known, unknownNumbers("4127"));
    expect(gap, said).toBeLessThan(MAX_RELATIVE_GAP);
  }, 240_000);
});
