import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import { otpCodes, rateLimits, shops } from "#api/db/schema";
import { createOwnerWithShop, createStaff, createUser } from "#api/db/seed/factories";
import { testApi, type TestApi } from "../../../tests/api-harness";

let t: TestApi;
let admin: string;
let owner: { id: string; mobile: string; shopId: string };
beforeAll(async () => {
  t = await testApi();
  await createUser(t.db, {
    role: "admin",
    email: "otp-admin@liveshop.test",
    password: "Admin#2026!",
    mobile: "400000901",
  });
  admin = await t.signIn("otp-admin@liveshop.test", "Admin#2026!");
  const o = await createOwnerWithShop(t.db, { mobile: "400000911" });
  owner = { id: o.owner.id, mobile: "400000911", shopId: o.shop.id };
});
afterAll(() => t.close());
// each test starts with fresh 15-minute allowances; the throttle tests spend them on purpose
beforeEach(() => t.db.delete(rateLimits));

// every call comes from its own address unless a test says otherwise, so the per-IP limit only bites where it is tested
let lastIp = 0;
const freshIp = () => `198.51.100.${++lastIp}`;
// a person asks for a code and types it from one address: the code belongs to the address that asked (ADR 0025)
const addressOf = new Map<string, string>();
/** Asks for a code; resolves once the code (issued after the answer) is stored and texted. */
const send = async (mobile: string, ip = freshIp(), countryFlag = "AU") => {
  addressOf.set(mobile.replace(/^0/, ""), ip);
  const res = await t.post("auth/send-otp/shopOwner", {
    body: { countryFlag, mobile },
    headers: { "x-forwarded-for": ip },
  });
  await t.deps.sms.settled();
  return res;
};
const verify = (mobile: string, otp: string, ip = addressOf.get(mobile) ?? freshIp()) =>
  t.post("auth/verify-otp/shopOwner", { body: { countryFlag: "AU", mobile, otp }, headers: { "x-forwarded-for": ip } });

/** The code as the person reads it: from the demo outbox, as an admin. */
async function codeFor(mobile: string) {
  const res = await t.get("sms/outbox", { cookie: admin, query: { search: `+61${mobile}`, limit: 1 } });
  expect(res.status).toBe(200);
  const body: string = res.body.data[0]?.body ?? "";
  return body.match(/\b(\d{6})\b/)?.[1] ?? "";
}
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
/** The code the last address that asked for this phone holds (each address has its own). */
const liveCode = async (mobile: string) =>
  (
    await t.db
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.phone, `+61${mobile}`), eq(otpCodes.requester, addressOf.get(mobile) ?? "")))
  )[0];
const cookieOf = (res: { headers: Headers }) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith("ls_session="))
    ?.split(";")[0];

describe("POST auth/send-otp/shopOwner", () => {
  it("texts a 6-digit code to the shop owner's phone and keeps only its keyed hash", async () => {
    const res = await send(owner.mobile);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: MSG.otpSentIfAccount,
      data: { countryFlag: "AU", countryCode: "+61", mobile: owner.mobile },
    });
    const outbox = await t.get("sms/outbox", { cookie: admin, query: { search: `+61${owner.mobile}` } });
    expect(outbox.body.data).toHaveLength(1);
    expect(outbox.body.data[0].to).toBe(`+61${owner.mobile}`);
    expect(outbox.body.data[0].body).toMatch(/^Your LiveShop sign-in code is \d{6}\. It expires in 10 minutes\.$/);
    const code = await codeFor(owner.mobile);
    const row = await liveCode(owner.mobile);
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.codeHash).not.toContain(code);
    expect(row.attempts).toBe(0);
    const life = row.expiresAt.getTime() - row.createdAt.getTime();
    expect(life).toBe(10 * 60 * 1000);
  });

  it("accepts the number typed with its trunk 0, or as countryCode with the dial code", async () => {
    const trunk = await send(`0${owner.mobile}`);
    expect(trunk.status).toBe(200);
    const byDialCode = await t.post("auth/send-otp/shopOwner", {
      body: { countryCode: "+61", mobile: owner.mobile },
      headers: { "x-forwarded-for": freshIp() },
    });
    expect(byDialCode.status).toBe(200);
    expect(byDialCode.body.data).toMatchObject({ countryCode: "+61", mobile: owner.mobile });
  });

  it("answers a missing or invalid number with the spec's messages and sends nothing", async () => {
    const missing = await t.post("auth/send-otp/shopOwner", { body: { countryFlag: "AU", mobile: "" } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.mobile).toEqual([MSG.missingPhone]);
    const invalid = await send("12345");
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors.mobile).toEqual([MSG.invalidPhone]);
    expect(invalid.body.message).toBe(MSG.invalidPhone);
  });

  it("answers a number no shop account uses (unknown, an influencer's, an admin's) exactly as an owner's, and sends it nothing", async () => {
    const influencer = await createUser(t.db, { role: "influencer", mobile: "400000921" });
    const shape = (res: { status: number; body: Record<string, unknown> }) => ({
      status: res.status,
      keys: Object.keys(res.body).sort(),
      message: res.body.message,
      dataKeys: Object.keys(res.body.data as object).sort(),
    });
    const known = shape(await send(owner.mobile));
    expect(known).toMatchObject({ status: 200, message: MSG.otpSentIfAccount });
    for (const mobile of ["400000999", influencer.mobile!, "400000901"]) {
      const res = await send(mobile);
      expect(shape(res)).toEqual(known);
      expect(res.body.data).toMatchObject({ countryCode: "+61", mobile });
      expect(await liveCode(mobile)).toBeUndefined();
      const outbox = await t.get("sms/outbox", { cookie: admin, query: { search: `+61${mobile}` } });
      expect(outbox.body.data).toEqual([]);
    }
  });

  it("sends no code to the owner and the staff of a Rejected shop, with the same answer as any number", async () => {
    const { shop } = await createOwnerWithShop(t.db, { mobile: "400000931" }, { status: "Rejected" });
    await createStaff(t.db, shop.id, ["product:add"], { mobile: "400000932" });
    for (const mobile of ["400000931", "400000932"]) {
      const res = await send(mobile);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(MSG.otpSentIfAccount);
      expect(await liveCode(mobile)).toBeUndefined();
    }
  });

  it("throttles one address to 5 codes for a phone in 15 minutes; other addresses are not held by it", async () => {
    await createOwnerWithShop(t.db, { mobile: "400000941" });
    const ip = "203.0.113.41";
    for (let i = 0; i < 5; i++) expect((await send("400000941", ip)).status).toBe(200);
    const sixth = await send("400000941", ip);
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toBe(MSG.otpThrottled);
    expect((await send("400000941")).status).toBe(200);
  });

  it("holds addresses the account never signed in from to 10 codes an hour together, but never the owner's own address", async () => {
    const { owner: o } = await createOwnerWithShop(t.db, { mobile: "400000942" });
    // the owner signed in from home once
    await send("400000942", "192.0.2.42");
    expect((await verify("400000942", await codeFor("400000942"), "192.0.2.42")).status).toBe(200);
    // attackers from ten addresses use up the phone's allowance for strangers
    for (let i = 0; i < 9; i++) expect((await send("400000942")).status).toBe(200);
    const stranger = await send("400000942");
    expect(stranger.status).toBe(429);
    // the owner, at home, still gets a code and signs in
    expect((await send("400000942", "192.0.2.42")).status).toBe(200);
    const res = await verify("400000942", await codeFor("400000942"), "192.0.2.42");
    expect(res.status).toBe(200);
    expect(res.body.data.user._id).toBe(o.id);
  });

  it("gives a code only to the address that asked: wrong guesses from elsewhere neither use up its tries nor verify", async () => {
    await createOwnerWithShop(t.db, { mobile: "400000943" });
    await send("400000943", "192.0.2.43");
    const code = await codeFor("400000943");
    for (let i = 0; i < 6; i++) expect((await verify("400000943", otherCode(code), "203.0.113.99")).status).toBe(400);
    // even the right code typed elsewhere does not verify the owner's request
    expect((await verify("400000943", code, "203.0.113.99")).status).toBe(400);
    expect((await liveCode("400000943")).attempts).toBe(0);
    expect((await verify("400000943", code, "192.0.2.43")).status).toBe(200);
  });

  it("throttles an address to 20 requests in 15 minutes, unknown numbers included", async () => {
    const ip = "203.0.113.77";
    for (let i = 0; i < 20; i++) await send(`4100009${String(i).padStart(2, "0")}`, ip);
    const blocked = await send(owner.mobile, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(MSG.otpThrottled);
    expect((await send(owner.mobile)).status).toBe(200);
  });
});

describe("POST auth/verify-otp/shopOwner", () => {
  it("signs the owner in with the texted code: a session cookie, and auth/isLoggedIn knows them", async () => {
    await send(owner.mobile);
    const res = await verify(owner.mobile, await codeFor(owner.mobile));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: MSG.loginSuccess,
      data: { user: { _id: owner.id, role: { role: "shopOwner" }, shop: { _id: owner.shopId } } },
    });
    const cookie = cookieOf(res);
    expect(cookie).toMatch(/^ls_session=[\w-]{40,}$/);
    const me = await t.get("auth/isLoggedIn", { cookie });
    expect(me.status).toBe(200);
    expect(me.body.data._id).toBe(owner.id);
  });

  it("signs a staff member of the shop in", async () => {
    const staff = await createStaff(t.db, owner.shopId, ["order:status-edit"], { mobile: "400000951" });
    await send("400000951");
    const res = await verify("400000951", await codeFor("400000951"));
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ _id: staff.id, role: { role: "staff" }, shop: { _id: owner.shopId } });
    expect((await t.get("auth/isLoggedIn", { cookie: cookieOf(res) })).status).toBe(200);
  });

  it("counts a wrong code as an attempt and still accepts the right one afterwards", async () => {
    await send(owner.mobile);
    const code = await codeFor(owner.mobile);
    const wrong = await verify(owner.mobile, otherCode(code));
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.otp).toEqual([MSG.otpInvalid]);
    expect(wrong.headers.getSetCookie()).toEqual([]);
    expect((await liveCode(owner.mobile)).attempts).toBe(1);
    expect((await verify(owner.mobile, code)).status).toBe(200);
  });

  it("kills the code after 5 wrong tries: the right one is then refused too", async () => {
    await send(owner.mobile);
    const code = await codeFor(owner.mobile);
    for (let i = 0; i < 5; i++) expect((await verify(owner.mobile, otherCode(code))).status).toBe(400);
    expect((await liveCode(owner.mobile)).attempts).toBe(5);
    const right = await verify(owner.mobile, code);
    expect(right.status).toBe(400);
    expect(right.body.message).toBe(MSG.otpInvalid);
    expect((await liveCode(owner.mobile)).attempts).toBe(5);
  });

  it("refuses an expired code", async () => {
    await send(owner.mobile);
    const code = await codeFor(owner.mobile);
    await t.db
      .update(otpCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(otpCodes.phone, `+61${owner.mobile}`));
    const res = await verify(owner.mobile, code);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.otpInvalid);
  });

  it("accepts a code once only, even when two requests race", async () => {
    await send(owner.mobile);
    const code = await codeFor(owner.mobile);
    const [a, b] = await Promise.all([verify(owner.mobile, code), verify(owner.mobile, code)]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    expect((await verify(owner.mobile, code)).status).toBe(400);
  });

  it("kills the previous code when a new one is sent to the same address", async () => {
    const ip = "192.0.2.218";
    await send(owner.mobile, ip);
    const first = await codeFor(owner.mobile);
    await send(owner.mobile, ip);
    const second = await codeFor(owner.mobile);
    const rows = await t.db
      .select()
      .from(otpCodes)
      .where(
        and(eq(otpCodes.phone, `+61${owner.mobile}`), eq(otpCodes.purpose, "shopOwner"), eq(otpCodes.requester, ip)),
      );
    expect(rows).toHaveLength(1);
    if (first !== second) expect((await verify(owner.mobile, first)).status).toBe(400);
    expect((await verify(owner.mobile, second)).status).toBe(200);
  });

  it("answers a code that is not 6 digits with MSG.otpLength and spends no attempt", async () => {
    await send(owner.mobile);
    for (const otp of ["12345", "1234567", "12a456", ""]) {
      const res = await verify(owner.mobile, otp);
      expect(res.status).toBe(400);
      expect(res.body.errors.otp).toEqual([MSG.otpLength]);
    }
    expect((await liveCode(owner.mobile)).attempts).toBe(0);
  });

  it("refuses the right code once the shop has been rejected since it was sent", async () => {
    const { shop } = await createOwnerWithShop(t.db, { mobile: "400000961" });
    await send("400000961");
    const code = await codeFor("400000961");
    await t.db.update(shops).set({ status: "Rejected" }).where(eq(shops.id, shop.id));
    const res = await verify("400000961", code);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MSG.shopRejected);
    expect(res.headers.getSetCookie()).toEqual([]);
  });
});
