import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import { sessions } from "#api/db/schema";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { testKit, type KitShop, type TestKit } from "../../../tests/factories";

// The influencers' app door (ADR 0057): POST auth/send-otp/influencer, POST auth/verify-otp/influencer with
// type 'influencer-login', and the influencer calls (GET influencer/me) that only an Approved influencer's token opens.

type Person = { _id: string; countryCode: string | null; mobile: string | null; email: string | null };

let t: TestApi;
let kit: TestKit;
let admin: string;
let shop: KitShop;
let approved: Person;
let ips = 0;
beforeAll(async () => {
  t = await testApi();
  kit = testKit(t);
  admin = (await kit.admin()).cookie;
  shop = await kit.shop();
  approved = await kit.approvedInfluencer();
});
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const freshIp = () => `198.18.7.${++ips}`;
const phoneOf = (p: Pick<Person, "mobile">) => ({ countryCode: "+61", countryFlag: "AU", mobile: p.mobile });
const send = (p: Pick<Person, "mobile">, ip: string) =>
  t.post("auth/send-otp/influencer", { body: phoneOf(p), headers: { "x-forwarded-for": ip } });
const verify = (p: Pick<Person, "mobile">, otp: string, ip: string, type = "influencer-login") =>
  t.post("auth/verify-otp/influencer", { body: { ...phoneOf(p), otp, type }, headers: { "x-forwarded-for": ip } });
/** The sign-in codes texted to a number (the demo outbox, newest first). */
async function codesTo(p: Pick<Person, "countryCode" | "mobile">) {
  const res = await t.get("sms/outbox", { cookie: admin, query: { search: `${p.countryCode}${p.mobile}` } });
  return (res.body.data as { body: string }[])
    .filter((m) => /sign-in code/.test(m.body))
    .map((m) => m.body.match(/\b(\d{6})\b/)![1]);
}
const sessionsOf = (userId: string) => t.db.select().from(sessions).where(eq(sessions.userId, userId));
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("POST auth/send-otp/influencer and auth/verify-otp/influencer (type 'influencer-login')", () => {
  it("signs an Approved influencer in: a bearer token in data.token, no cookie, the code texted and never answered", async () => {
    const ip = freshIp();
    const sent = await send(approved, ip);
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(MSG.otpSentIfInfluencer);
    const [code] = await codesTo(approved);
    expect(code).toMatch(/^\d{6}$/);
    expect(sent.text).not.toContain(code);
    const res = await verify(approved, code, ip);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.loginSuccess);
    expect(res.body.data.token).toMatch(/^[\w-]{40,}$/);
    expect(res.body.data.user).toMatchObject({ _id: approved._id, role: "influencer" });
    expect(res.headers.getSetCookie().some((c) => c.startsWith("ls_session="))).toBe(false);
    const me = await t.get("influencer/me", { headers: bearer(res.body.data.token) });
    expect(me.status).toBe(200);
    expect(me.body.data._id).toBe(approved._id);
    // the code is single use
    expect((await verify(approved, code, ip)).status).toBe(400);
  });

  it("answers a number nobody uses exactly as an influencer's, and texts it nothing; nor does a customer or an owner get a code here", async () => {
    const known = await send(approved, freshIp());
    const unknownNumber = { countryCode: "+61", mobile: "412398765" };
    const unknown = await send(unknownNumber, freshIp());
    const customer = await kit.customer();
    const ofCustomer = await send(customer, freshIp());
    const ofOwner = await send(shop.owner, freshIp());
    for (const res of [unknown, ofCustomer, ofOwner]) {
      expect(res.status).toBe(known.status);
      expect(res.body.message).toBe(known.body.message);
      expect(Object.keys(res.body.data).sort()).toEqual(Object.keys(known.body.data).sort());
    }
    expect(await codesTo(unknownNumber)).toEqual([]);
    expect(await codesTo(customer)).toEqual([]);
    expect((await codesTo({ countryCode: "+61", mobile: shop.owner.mobile })).length).toBe(0);
  });

  it("refuses a Pending influencer, once the code proved the phone, with a clear message and no session", async () => {
    const pending = await kit.influencer();
    const ip = freshIp();
    expect((await send(pending, ip)).status).toBe(200);
    const [code] = await codesTo(pending);
    const res = await verify(pending, code, ip);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MSG.influencerPending);
    expect(res.body.data).toBeNull();
    expect(await sessionsOf(pending._id)).toEqual([]);
  });

  it("refuses a Rejected influencer with a clear message and no session", async () => {
    const rejected = await kit.influencer();
    const change = await t.put("user/verification", {
      cookie: admin,
      body: { userId: rejected._id, status: "Rejected" },
    });
    expect(change.status).toBe(200);
    const ip = freshIp();
    await send(rejected, ip);
    const [code] = await codesTo(rejected);
    const res = await verify(rejected, code, ip);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MSG.influencerRejected);
    expect(await sessionsOf(rejected._id)).toEqual([]);
  });

  it("kills the code after 5 wrong tries: the right one is then refused too", async () => {
    const who = await kit.approvedInfluencer();
    const ip = freshIp();
    await send(who, ip);
    const [code] = await codesTo(who);
    for (let i = 0; i < 5; i++) {
      const wrong = await verify(who, otherCode(code), ip);
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors.otp).toEqual([MSG.otpInvalid]);
    }
    const right = await verify(who, code, ip);
    expect(right.status).toBe(400);
    expect(right.body.message).toBe(MSG.otpInvalid);
    expect(await sessionsOf(who._id)).toEqual([]);
  });

  it("throttles code requests for a phone from one address to 5 in 15 minutes, unknown numbers alike", async () => {
    const ip = freshIp();
    const nobody = { mobile: "412398700" };
    for (let i = 0; i < 5; i++) {
      expect((await send(approved, ip)).status).toBe(200);
      expect((await send(nobody, ip)).status).toBe(200);
    }
    for (const res of [await send(approved, ip), await send(nobody, ip)]) {
      expect(res.status).toBe(429);
      expect(res.body.message).toBe(MSG.otpThrottled);
    }
  });

  it("keeps the two kinds of code apart: a sign-in code never verifies a registration, and the type is checked", async () => {
    const who = await kit.approvedInfluencer();
    const ip = freshIp();
    await send(who, ip);
    const [code] = await codesTo(who);
    const asRegistration = await verify(who, code, ip, "influencer-web-registration");
    expect(asRegistration.status).toBe(400);
    expect(asRegistration.body.errors.otp).toEqual([MSG.otpInvalid]);
    const badType = await verify(who, code, ip, "customer");
    expect(badType.status).toBe(400);
    expect(badType.body.errors.type).toEqual([MSG.regOtpType]);
    // neither refusal spent the code
    expect((await verify(who, code, ip)).status).toBe(200);
  });
});

describe("the influencer's token opens only the influencer calls", () => {
  let token: string;
  beforeAll(async () => {
    token = await kit.influencerToken(approved);
  });

  it("is refused by console calls (401) and customer calls (403), and those refusals do not end it", async () => {
    expect((await t.get("auth/isLoggedIn", { headers: bearer(token) })).status).toBe(401);
    expect((await t.get("product", { headers: bearer(token) })).status).toBe(401);
    expect((await t.get("order/my-orders", { headers: bearer(token) })).status).toBe(403);
    const p = await kit.product(shop, { stock: 3 });
    const order = await t.post("order", {
      headers: bearer(token),
      body: {
        orderType: "online",
        address: { address: "1 George Street", city: "Sydney" },
        lines: [{ productId: p._id, quantity: 1 }],
      },
    });
    expect(order.status).toBe(403);
    expect((await t.get("influencer/me", { headers: bearer(token) })).status).toBe(200);
  });

  it("GET influencer/me refuses console sessions and customer tokens (403), and no token or a made-up one (401)", async () => {
    const staff = await kit.staff(shop, ["campaign:add", "campaign:edit", "campaign:view"]);
    for (const cookie of [admin, shop.owner.cookie, staff.cookie]) {
      expect((await t.get("influencer/me", { cookie })).status).toBe(403);
    }
    // a console session's token sent as a bearer is no influencer either
    expect((await t.get("influencer/me", { headers: bearer(shop.owner.cookie.split("=")[1]) })).status).toBe(403);
    const customerToken = await kit.customerToken(await kit.customer());
    expect((await t.get("influencer/me", { headers: bearer(customerToken) })).status).toBe(403);
    expect((await t.get("influencer/me")).status).toBe(401);
    expect((await t.get("influencer/me", { headers: bearer("not-a-token") })).status).toBe(401);
  });

  it("GET influencer/me answers the caller's own profile, spec 3 §3 Influencer's fields and nothing else", async () => {
    const other = await kit.approvedInfluencer({ fName: "Streamer", bio: "Someone else's bio." });
    const otherToken = await kit.influencerToken(other);
    const mine = await t.get("influencer/me", { headers: bearer(token) });
    const theirs = await t.get("influencer/me", { headers: bearer(otherToken) });
    expect(Object.keys(mine.body.data).sort()).toEqual(
      [
        "_id",
        "fName",
        "email",
        "image",
        "bio",
        "dob",
        "locations",
        "instaProfileId",
        "tiktokProfileId",
        "countryFlag",
        "portfolio",
      ].sort(),
    );
    expect(mine.body.data).toMatchObject({
      _id: approved._id,
      email: approved.email,
      bio: "Live streams for the test kit.",
      dob: "1998-02-14",
      instaProfileId: "kit.influencer",
      countryFlag: "AU",
    });
    expect(mine.body.data.portfolio).toHaveLength(1);
    expect(theirs.body.data).toMatchObject({ _id: other._id, fName: "Streamer", bio: "Someone else's bio." });
  });

  it("stops working once the admin rejects the influencer: 401 and the session ends", async () => {
    const who = await kit.approvedInfluencer();
    const tok = await kit.influencerToken(who);
    expect((await t.get("influencer/me", { headers: bearer(tok) })).status).toBe(200);
    await t.put("user/verification", { cookie: admin, body: { userId: who._id, status: "Rejected" } });
    expect((await t.get("influencer/me", { headers: bearer(tok) })).status).toBe(401);
    expect(await sessionsOf(who._id)).toEqual([]);
  });
});
