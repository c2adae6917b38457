import { eq } from "drizzle-orm";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import { latestToday } from "#contract/people/registration";
import { otpCodes, rateLimits, uploads, users } from "#api/db/schema";
import { createOwnerWithShop, createUser } from "#api/db/seed/factories";
import { testApi } from "../../../tests/api-harness";
import { twilioHandlers } from "../../../tests/mocks/twilio";
import { ABANDONED_AFTER_MS, sweepAbandonedUploads } from "#api/modules/uploads";
import { STALE_REGISTRATION_MS } from "./service";

const TWILIO = {
  TWILIO_ACCOUNT_SID: "AC0123456789abcdef0123456789abcdef",
  TWILIO_AUTH_TOKEN: "twilio-auth-token",
  TWILIO_FROM: "+61480000000",
};
const TWILIO_URL = `https://api.twilio.com/2010-04-01/Accounts/${TWILIO.TWILIO_ACCOUNT_SID}/Messages.json`;

// Twilio is answered by MSW at the HTTP boundary; anything else leaving the process fails the test
const mocks = setupServer(...twilioHandlers);
beforeAll(() => mocks.listen({ onUnhandledRequest: "error" }));
afterEach(() => mocks.resetHandlers());
afterAll(() => mocks.close());

const pad = (head: number[], size = 600) =>
  new Uint8Array([...head, ...Array.from({ length: size - head.length }, (_, i) => i % 251)]);
const PNG = pad([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const JPEG = pad([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);
const GIF = pad([...Buffer.from("GIF89a", "latin1")]);

let lastIp = 0;
const freshIp = () => `198.51.100.${++lastIp % 250}`;
let lastMobile = 0;
const freshMobile = () => `4120000${String(++lastMobile).padStart(2, "0")}`;

/** One API instance with its helpers: the demo outbox by default, Twilio when its settings are given. */
async function setup(env: Record<string, string> = {}) {
  const t = await testApi(env);
  const adminEmail = `reg-admin-${Math.random().toString(36).slice(2)}@liveshop.test`;
  await createUser(t.db, { role: "admin", email: adminEmail, password: "Admin#2026!", mobile: "400000701" });
  const admin = await t.signIn(adminEmail, "Admin#2026!");
  const ip = { "x-forwarded-for": "203.0.113.9" };

  /** Sign, PUT and complete an anonymous picture as the registration page does; returns the completion. */
  async function uploadAnon(
    fileName: string,
    purpose: string,
    bytes: Uint8Array = PNG,
    contentType = "image/png",
    headers = ip,
  ) {
    const signed = await t.post("upload/public/sign", {
      body: { fileName, contentType, size: bytes.length, purpose },
      headers,
    });
    if (signed.status !== 200) return signed;
    const put = await t.app.request(`http://localhost${signed.body.data.uploadUrl}`, {
      method: "PUT",
      headers: { "content-type": contentType },
      body: bytes,
    } as RequestInit);
    expect(put.status).toBe(200);
    return t.post("upload/public/complete", { body: { key: signed.body.data.key }, headers });
  }
  const location = async (fileName: string, purpose = "portfolio") => {
    const done = await uploadAnon(fileName, purpose);
    expect(done.status).toBe(200);
    return done.body.data.location as string;
  };

  /** A complete, valid registration payload (spec 1 §3) with fresh phone, e-mail and pictures. */
  async function payload(overrides: Record<string, unknown> = {}) {
    const mobile = freshMobile();
    return {
      fName: "Mia Wong",
      countryCode: "+61",
      mobile,
      email: `mia-${mobile}@example.com`,
      gender: "Female",
      dob: "1998-04-12",
      ethnicity: "asian",
      country: "AU",
      state: "NSW",
      city: "Sydney",
      instaProfileId: "mia.wong",
      tiktokProfileId: "",
      // an app may send null for an empty id
      fbProfileId: null,
      youtubeProfileId: "",
      bio: "Beauty and lifestyle creator from Sydney.",
      profileImage: await location("me.png", "profileImage"),
      portfolio: [await location("look-1.png"), await location("look-2.png")],
      ...overrides,
    };
  }
  // a person registers and verifies from one address: the code belongs to the address that asked for it (ADR 0025)
  const addressOf = new Map<string, string>();
  const register = (
    body: Record<string, unknown>,
    headers: Record<string, string> = { "x-forwarded-for": freshIp() },
  ) => {
    if (typeof body.mobile === "string" && headers["x-forwarded-for"])
      addressOf.set(body.mobile, headers["x-forwarded-for"]);
    return t.post("auth/register-influencer", { body, headers });
  };
  const codeFor = async (mobile: string) => {
    const res = await t.get("sms/outbox", { cookie: admin, query: { search: `+61${mobile}`, limit: 1 } });
    return (res.body.data[0]?.body ?? "").match(/code is (\d{6})\./)?.[1] ?? "";
  };
  const verify = (mobile: string, otp: string, type = "influencer-web-registration") =>
    t.post("auth/verify-otp/influencer", {
      body: { otp, countryCode: "+61", mobile, type },
      headers: { "x-forwarded-for": addressOf.get(mobile) ?? freshIp() },
    });
  const userByMobile = async (mobile: string) => t.db.select().from(users).where(eq(users.mobile, mobile));
  const uploadRow = async (location: string) =>
    (
      await t.db
        .select()
        .from(uploads)
        .where(eq(uploads.key, t.deps.storage.keyOf(location)!))
    )[0];
  return { t, admin, uploadAnon, location, payload, register, codeFor, verify, userByMobile, uploadRow, addressOf };
}

let s: Awaited<ReturnType<typeof setup>>;
beforeAll(async () => {
  s = await setup();
});
afterAll(() => s.t.close());
beforeEach(() => s.t.db.delete(rateLimits));

describe("POST auth/register-influencer", () => {
  it("registers a Pending influencer without password, phone not yet verified, dial code stripped, and texts a code", async () => {
    const body = await s.payload({ fName: "  Mia   Wong ", mobile: "0412 000 900".replace(/ /g, "") });
    const res = await s.register(body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: MSG.userRegistered,
      data: { countryCode: "+61", countryFlag: "AU", mobile: "412000900", otpSent: true, otpError: null },
    });
    const [user] = await s.userByMobile("412000900");
    expect(user).toMatchObject({
      id: res.body.data._id,
      fName: "Mia",
      lName: "Wong",
      role: "influencer",
      status: "Pending",
      passwordHash: null,
      phoneVerifiedAt: null,
      countryCode: "+61",
      email: body.email,
      gender: "Female",
      dob: "1998-04-12",
      ethnicity: "asian",
      country: "AU",
      state: "NSW",
      city: "Sydney",
      instaProfileId: "mia.wong",
      tiktokProfileId: null,
      image: body.profileImage,
      portfolio: body.portfolio,
    });
    // the pictures are claimed, so the sweep keeps them
    for (const location of [body.profileImage, ...body.portfolio])
      expect((await s.uploadRow(location as string)).claimedAt).not.toBeNull();
    const outbox = await s.t.get("sms/outbox", { cookie: s.admin, query: { search: "+61412000900" } });
    expect(outbox.body.data[0].body).toMatch(/^Your LiveShop registration code is \d{6}\. It expires in 10 minutes\.$/);
  });

  it("answers an empty form with the spec's message for every field, and registers nothing", async () => {
    const before = (await s.t.db.select().from(users)).length;
    const res = await s.register({});
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      fName: [MSG.regNameRequired],
      mobile: [MSG.regMobileRequired],
      email: [MSG.regEmailRequired],
      gender: [MSG.genderRequired],
      dob: [MSG.dobRequired],
      ethnicity: [MSG.ethnicityRequired],
      country: [MSG.countryRequired],
      state: [MSG.stateRequired],
      city: [MSG.cityRequired],
      bio: [MSG.bioRequired],
      portfolio: [MSG.portfolioRequired],
    });
    expect(res.body.message).toBe(MSG.regNameRequired);
    // the four social ids are optional by default
    for (const field of ["instaProfileId", "tiktokProfileId", "fbProfileId", "youtubeProfileId", "profileImage"])
      expect(res.body.errors[field]).toBeUndefined();
    expect((await s.t.db.select().from(users)).length).toBe(before);
  });

  it("applies each rule: letters and spaces only, blank name, valid phone and e-mail, date of birth not after today, the ten ethnicities, 1 to 8 portfolio images", async () => {
    const base = await s.payload();
    const tomorrowEverywhere = new Date(Date.parse(`${latestToday(new Date())}T00:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ fName: "Mia W0ng" }, "fName", MSG.regNameInvalid],
      [{ fName: "Mia_Wong!" }, "fName", MSG.regNameInvalid],
      [{ fName: "   " }, "fName", MSG.regNameRequired],
      [{ mobile: "12345" }, "mobile", MSG.invalidPhone],
      [{ email: "mia@" }, "email", MSG.emailInvalid],
      [{ dob: tomorrowEverywhere }, "dob", MSG.regDobFuture],
      [{ dob: "2001-02-30" }, "dob", MSG.dobRequired],
      [{ gender: "Robot" }, "gender", MSG.genderRequired],
      [{ ethnicity: "martian" }, "ethnicity", MSG.ethnicityRequired],
      [{ bio: "  " }, "bio", MSG.bioRequired],
      [{ portfolio: [] }, "portfolio", MSG.portfolioRequired],
      [{ portfolio: Array.from({ length: 9 }, (_, i) => `${base.portfolio[0]}?${i}`) }, "portfolio", MSG.portfolioMax],
      [{ state: "XX" }, "state", MSG.geoStateUnknown],
      [{ city: "Atlantis" }, "city", MSG.cityRequired],
      [{ country: "ZZ" }, "country", MSG.geoCountryUnknown],
    ];
    for (const [change, field, message] of cases) {
      const res = await s.register({ ...base, ...change });
      expect(res.status, `${JSON.stringify(change)}`).toBe(400);
      expect(res.body.errors[field], `${JSON.stringify(change)}`).toEqual([message]);
    }
    expect(await s.userByMobile(base.mobile)).toEqual([]);
    // names in any alphabet are letters; today is allowed
    const ok = await s.register({ ...base, fName: "Zoë Ngô", dob: new Date().toISOString().slice(0, 10) });
    expect(ok.status).toBe(200);
  });

  it("refuses pictures that are not this page's anonymous, stored, unclaimed uploads", async () => {
    const taken = await s.payload();
    expect((await s.register(taken)).status).toBe(200);
    // a signed-in person's upload
    const own = await s.t.post("upload/file", {
      cookie: s.admin,
      body: PNG,
      headers: { "content-type": "image/png", "x-purpose": "portfolio", "x-file-name": "admin.png" },
    });
    expect(own.status).toBe(200);
    const signedOnly = await s.t.post("upload/public/sign", {
      body: { fileName: "x.png", contentType: "image/png", size: PNG.length, purpose: "portfolio" },
    });
    const fresh = await s.payload();
    const cases: [Record<string, unknown>, string][] = [
      [{ portfolio: [taken.portfolio[0]] }, "portfolio"],
      [{ portfolio: [own.body.data.location] }, "portfolio"],
      [{ portfolio: [signedOnly.body.data.location] }, "portfolio"],
      [{ portfolio: ["https://elsewhere.example/cat.png"] }, "portfolio"],
      [{ portfolio: [fresh.portfolio[0], fresh.portfolio[0]] }, "portfolio"],
      [{ profileImage: taken.profileImage }, "profileImage"],
      [{ profileImage: fresh.portfolio[1] }, "profileImage"],
    ];
    for (const [change, field] of cases) {
      const res = await s.register({ ...fresh, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.errors[field]).toEqual([MSG.regImageNotUploaded]);
    }
    expect(await s.userByMobile(fresh.mobile)).toEqual([]);
  });

  it("submitted again for a phone whose code was never verified: nothing changes until that submission's code is verified, then it replaces the pending registration", async () => {
    const first = await s.payload();
    const one = await s.register(first);
    const firstAddress = s.addressOf.get(first.mobile)!;
    const firstCode = await s.codeFor(first.mobile);
    const second = await s.payload({
      mobile: first.mobile,
      fName: "Mia Chen",
      email: `other-${first.mobile}@example.com`,
      portfolio: [first.portfolio[0]],
    });
    const two = await s.register(second);
    expect(two.status).toBe(200);
    expect(two.body.message).toBe(MSG.userRegistered);
    expect(two.body.data._id).toBe(one.body.data._id);
    // not yet: the first submission stands, pictures as they were
    let rows = await s.userByMobile(first.mobile);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: first.email, portfolio: first.portfolio, image: first.profileImage });
    expect((await s.uploadRow(first.portfolio[1])).claimedAt).not.toBeNull();

    const secondCode = await s.codeFor(first.mobile);
    expect(secondCode).toMatch(/^\d{6}$/);
    expect((await s.verify(first.mobile, secondCode)).status).toBe(200);
    rows = await s.userByMobile(first.mobile);
    expect(rows[0]).toMatchObject({
      fName: "Mia",
      lName: "Chen",
      email: second.email,
      portfolio: [first.portfolio[0]],
      image: second.profileImage,
    });
    expect(rows[0].phoneVerifiedAt).toBeInstanceOf(Date);
    // the dropped pictures go back to the sweep; the kept one stays claimed
    expect((await s.uploadRow(first.portfolio[1])).claimedAt).toBeNull();
    expect((await s.uploadRow(first.profileImage)).claimedAt).toBeNull();
    expect((await s.uploadRow(first.portfolio[0])).claimedAt).not.toBeNull();
    // the first submitter's code no longer verifies anything
    const late = await s.t.post("auth/verify-otp/influencer", {
      body: { otp: firstCode, countryCode: "+61", mobile: first.mobile, type: "influencer-web-registration" },
      headers: { "x-forwarded-for": firstAddress },
    });
    expect(late.status).toBe(400);
  });

  it("an unverified submission for someone else's pending phone never replaces their data", async () => {
    const victim = await s.payload();
    await s.register(victim);
    const victimAddress = s.addressOf.get(victim.mobile)!;
    const victimCode = await s.codeFor(victim.mobile);
    // someone who knows the number submits their own data for it, from elsewhere
    const attacker = await s.payload({
      mobile: victim.mobile,
      fName: "Mallory Taken",
      email: `mallory-${victim.mobile}@example.com`,
      bio: "not mine",
    });
    const res = await s.register(attacker, { "x-forwarded-for": "203.0.113.66" });
    expect(res.status).toBe(200);
    expect((await s.userByMobile(victim.mobile))[0]).toMatchObject({ email: victim.email, bio: victim.bio });
    // the phone's owner verifies the code they received: their own registration is what counts
    const ok = await s.t.post("auth/verify-otp/influencer", {
      body: { otp: victimCode, countryCode: "+61", mobile: victim.mobile, type: "influencer-web-registration" },
      headers: { "x-forwarded-for": victimAddress },
    });
    expect(ok.status).toBe(200);
    const [row] = await s.userByMobile(victim.mobile);
    expect(row).toMatchObject({ email: victim.email, bio: victim.bio, fName: victim.fName.split(" ")[0] });
  });

  it("refuses the phone or e-mail of a verified account with a clear message", async () => {
    const body = await s.payload();
    await s.register(body);
    expect((await s.verify(body.mobile, await s.codeFor(body.mobile))).status).toBe(200);
    const again = await s.register(await s.payload({ mobile: body.mobile }));
    expect(again.status).toBe(400);
    expect(again.body.errors.mobile).toEqual([MSG.regPhoneTaken]);
    const sameEmail = await s.register(await s.payload({ email: body.email.toUpperCase() }));
    expect(sameEmail.status).toBe(400);
    expect(sameEmail.body.errors.email).toEqual([MSG.regEmailTaken]);
    // a shop owner's phone and e-mail are not free either
    const { owner } = await createOwnerWithShop(s.t.db, { mobile: "412000990", email: "reg-owner@liveshop.test" });
    const ownerPhone = await s.register(await s.payload({ mobile: owner.mobile }));
    expect(ownerPhone.body.errors.mobile).toEqual([MSG.regPhoneTaken]);
    const ownerEmail = await s.register(await s.payload({ email: "reg-owner@liveshop.test" }));
    expect(ownerEmail.body.errors.email).toEqual([MSG.regEmailTaken]);
    expect(await s.userByMobile(body.mobile)).toHaveLength(1);
  });

  it("lets another phone take an e-mail that an unverified registration has held for over a day, never a fresher one", async () => {
    const squatter = await s.payload();
    expect((await s.register(squatter)).status).toBe(200);
    const owner = await s.payload({ email: squatter.email });
    const early = await s.register(owner);
    expect(early.status).toBe(400);
    expect(early.body.errors.email).toEqual([MSG.regEmailTaken]);
    // a day and a bit later, without a new submission or code, the e-mail is free again
    await s.t.db
      .update(users)
      .set({ updatedAt: new Date(Date.now() - STALE_REGISTRATION_MS - 60_000) })
      .where(eq(users.mobile, squatter.mobile));
    const late = await s.register(owner);
    expect(late.status).toBe(200);
    const [stale] = await s.userByMobile(squatter.mobile);
    expect(stale.deletedAt).not.toBeNull();
    // its pictures go back to the sweep; the new registration's stay claimed
    for (const location of squatter.portfolio as string[]) expect((await s.uploadRow(location)).claimedAt).toBeNull();
    for (const location of owner.portfolio as string[]) expect((await s.uploadRow(location)).claimedAt).not.toBeNull();
    expect((await s.verify(owner.mobile, await s.codeFor(owner.mobile))).status).toBe(200);
    // the stale one can no longer be verified
    expect((await s.verify(squatter.mobile, await s.codeFor(squatter.mobile))).status).toBe(400);
  });

  it("limits registrations per address (20 an hour)", async () => {
    const ip = { "x-forwarded-for": "203.0.113.200" };
    const body = await s.payload();
    // every submission that reaches the checks counts, refused or not
    for (let i = 0; i < 20; i++) expect((await s.register({ ...body, state: "XX" }, ip)).status).toBe(400);
    const blocked = await s.register(body, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(MSG.regThrottled);
  });
});

describe("POST auth/verify-otp/influencer and auth/send-otp/influencer", () => {
  it("verifies the phone with the texted code: phoneVerifiedAt set, still Pending for the admin; the code is single use", async () => {
    const body = await s.payload();
    await s.register(body);
    const code = await s.codeFor(body.mobile);
    const wrong = await s.verify(body.mobile, String((Number(code) + 1) % 1_000_000).padStart(6, "0"));
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.otp).toEqual([MSG.otpInvalid]);
    const res = await s.verify(body.mobile, code);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.registrationComplete);
    const [user] = await s.userByMobile(body.mobile);
    expect(user.phoneVerifiedAt).not.toBeNull();
    expect(user.status).toBe("Pending");
    expect(res.headers.getSetCookie().some((c) => c.startsWith("ls_session="))).toBe(false);
    expect((await s.verify(body.mobile, code)).status).toBe(400);
  });

  it("checks the OTP payload: exactly 6 digits and the type 'influencer-web-registration'", async () => {
    const body = await s.payload();
    await s.register(body);
    const code = await s.codeFor(body.mobile);
    expect((await s.verify(body.mobile, "12345")).body.errors.otp).toEqual([MSG.otpLength]);
    expect((await s.verify(body.mobile, "12a456")).body.errors.otp).toEqual([MSG.otpLength]);
    const wrongType = await s.verify(body.mobile, code, "shopOwner");
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors.type).toEqual([MSG.regOtpType]);
    // a shop sign-in code never verifies a registration, nor the other way round
    const signIn = await s.t.post("auth/verify-otp/shopOwner", {
      body: { countryCode: "+61", mobile: body.mobile, otp: code },
    });
    expect(signIn.status).toBe(400);
    expect((await s.verify(body.mobile, code)).status).toBe(200);
  });

  it("resends a code only to a registration still waiting for one; throttled per phone and address", async () => {
    const body = await s.payload();
    await s.register(body);
    // the person asks again from where they registered
    const send = (mobile: string) =>
      s.t.post("auth/send-otp/influencer", {
        body: { countryCode: "+61", mobile },
        headers: { "x-forwarded-for": s.addressOf.get(mobile) ?? freshIp() },
      });
    const res = await send(body.mobile);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.otpSent);
    // a number without a registration waiting gets the sign-in door's answer, the same for every number (ADR 0057)
    const other = await send("412000977");
    expect(other.status).toBe(200);
    expect(other.body.message).toBe(MSG.otpSentIfInfluencer);
    const missing = await s.t.post("auth/send-otp/influencer", { body: { countryCode: "+61", mobile: "" } });
    expect(missing.body.errors.mobile).toEqual([MSG.regMobileRequired]);
    // register (1) + this resend (2) + 3 more = 5 codes in 15 minutes; the sixth is refused
    for (let i = 0; i < 3; i++) expect((await send(body.mobile)).status).toBe(200);
    const sixth = await send(body.mobile);
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toBe(MSG.otpThrottled);
    expect((await s.verify(body.mobile, await s.codeFor(body.mobile))).status).toBe(200);
    expect((await send(body.mobile)).status).toBe(429);
  });
});

describe("when the code cannot be sent (Twilio refuses)", () => {
  let tw: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    tw = await setup(TWILIO);
  });
  afterAll(() => tw.t.close());

  it("still registers the person, answers 'User registered successfully.' with 'Failed to send OTP: {message}', and a resend works", async () => {
    mocks.use(
      http.post(TWILIO_URL, () =>
        HttpResponse.json({ code: 30003, message: "Unreachable destination handset", status: 400 }, { status: 400 }),
      ),
    );
    const body = await tw.payload();
    const res = await tw.register(body);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.userRegistered);
    expect(res.body.data).toMatchObject({
      otpSent: false,
      otpError: MSG.otpSendFailed("Unreachable destination handset"),
    });
    const [user] = await tw.userByMobile(body.mobile);
    expect(user).toMatchObject({ role: "influencer", status: "Pending", phoneVerifiedAt: null });
    expect(
      await tw.t.db
        .select()
        .from(otpCodes)
        .where(eq(otpCodes.phone, `+61${body.mobile}`)),
    ).toEqual([]);

    mocks.resetHandlers();
    const resend = await tw.t.post("auth/send-otp/influencer", { body: { countryCode: "+61", mobile: body.mobile } });
    expect(resend.status).toBe(200);
    expect(
      await tw.t.db
        .select()
        .from(otpCodes)
        .where(eq(otpCodes.phone, `+61${body.mobile}`)),
    ).toHaveLength(1);
  });
});

describe("the social ids, when INFLUENCER_SOCIAL_IDS_REQUIRED=true", () => {
  let req: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    req = await setup({ INFLUENCER_SOCIAL_IDS_REQUIRED: "true" });
  });
  afterAll(() => req.t.close());

  it("requires all four, each with its own message", async () => {
    const body = await req.payload({
      instaProfileId: "",
      tiktokProfileId: " ",
      fbProfileId: undefined,
      youtubeProfileId: "mia",
    });
    const res = await req.register(body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      instaProfileId: [MSG.regSocialIdRequired("Instagram")],
      tiktokProfileId: [MSG.regSocialIdRequired("TikTok")],
      fbProfileId: [MSG.regSocialIdRequired("Facebook")],
    });
    const ok = await req.register({ ...body, instaProfileId: "mia", tiktokProfileId: "mia", fbProfileId: "mia" });
    expect(ok.status).toBe(200);
  });
});

describe("anonymous uploads for the registration page", () => {
  it("take JPG and PNG pictures for profileImage and portfolio only, with the spec's type and size messages", async () => {
    expect((await s.uploadAnon("me.jpg", "profileImage", JPEG, "image/jpeg")).status).toBe(200);
    const gif = await s.t.post("upload/public/sign", {
      body: { fileName: "a.gif", contentType: "image/gif", size: 600, purpose: "portfolio" },
    });
    expect(gif.status).toBe(400);
    expect(gif.body.errors.contentType).toEqual([MSG.portfolioType]);
    const gifProfile = await s.t.post("upload/public/sign", {
      body: { fileName: "a.gif", contentType: "image/gif", size: 600, purpose: "profileImage" },
    });
    expect(gifProfile.body.errors.contentType).toEqual([MSG.imageType]);
    const big = await s.t.post("upload/public/sign", {
      body: { fileName: "big.png", contentType: "image/png", size: 10 * 1024 * 1024 + 1, purpose: "profileImage" },
    });
    expect(big.body.errors.size).toEqual([MSG.imageSize]);
    const brand = await s.t.post("upload/public/sign", {
      body: { fileName: "b.png", contentType: "image/png", size: 600, purpose: "catalogueImage" },
    });
    expect(brand.status).toBe(400);
    expect(brand.body.errors.purpose).toEqual([MSG.publicUploadPurpose]);
    // a GIF that says it is a PNG is caught by its bytes
    const lying = await s.uploadAnon("fake.png", "portfolio", GIF);
    expect(lying.status).toBe(400);
    expect(lying.body.message).toBe(MSG.portfolioType);
  });

  it("records them without an owner, and never completes a signed-in person's upload", async () => {
    const done = await s.uploadAnon("anon.png", "portfolio");
    const row = await s.uploadRow(done.body.data.location);
    expect(row).toMatchObject({ userId: null, status: "stored", claimedAt: null });
    const signed = await s.t.post("upload/sign", {
      cookie: s.admin,
      body: { fileName: "mine.png", contentType: "image/png", size: PNG.length, purpose: "portfolio" },
    });
    const res = await s.t.post("upload/public/complete", { body: { key: signed.body.data.key } });
    expect(res.status).toBe(404);
  });

  it("has a one-request path for the page without JavaScript, for the same two purposes", async () => {
    const res = await s.t.post("upload/public/file", {
      body: JPEG,
      headers: { "content-type": "image/jpeg", "x-purpose": "portfolio", "x-file-name": "look%201.jpg" },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.fileUploaded("look 1.jpg"));
    expect((await s.uploadRow(res.body.data.location)).userId).toBeNull();
    const video = await s.t.post("upload/public/file", {
      body: PNG,
      headers: { "content-type": "image/png", "x-purpose": "video" },
    });
    expect(video.status).toBe(400);
    expect(video.body.message).toBe(MSG.publicUploadPurpose);
  });

  it("are limited per address (60 an hour)", async () => {
    const ip = { "x-forwarded-for": "203.0.113.201" };
    const sign = () =>
      s.t.post("upload/public/sign", {
        body: { fileName: "a.png", contentType: "image/png", size: 600, purpose: "portfolio" },
        headers: ip,
      });
    for (let i = 0; i < 60; i++) expect((await sign()).status).toBe(200);
    const blocked = await sign();
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(MSG.publicUploadThrottled);
    const file = await s.t.post("upload/public/file", {
      body: PNG,
      headers: { ...ip, "content-type": "image/png", "x-purpose": "portfolio" },
    });
    expect(file.status).toBe(429);
  });

  it("are deleted a day after upload when no registration claimed them; claimed and fresh ones stay", async () => {
    const unclaimed = (await s.uploadAnon("left.png", "portfolio")).body.data.location as string;
    const fresh = (await s.uploadAnon("fresh.png", "portfolio")).body.data.location as string;
    const body = await s.payload();
    expect((await s.register(body)).status).toBe(200);
    const old = new Date(Date.now() - ABANDONED_AFTER_MS - 60_000);
    for (const location of [unclaimed, body.portfolio[0]])
      await s.t.db
        .update(uploads)
        .set({ createdAt: old })
        .where(eq(uploads.key, s.t.deps.storage.keyOf(location)!));
    const unclaimedKey = s.t.deps.storage.keyOf(unclaimed)!;
    expect(await s.t.deps.storage.peek(unclaimedKey, 8)).not.toBeNull();

    await sweepAbandonedUploads(s.t.deps);
    expect(await s.uploadRow(unclaimed)).toBeUndefined();
    expect(await s.t.deps.storage.peek(unclaimedKey, 8)).toBeNull();
    expect((await s.uploadRow(body.portfolio[0])).status).toBe("stored");
    expect((await s.uploadRow(fresh)).status).toBe("stored");
    const served = await s.t.app.request(`http://localhost/api/files/${s.t.deps.storage.keyOf(body.portfolio[0])}`);
    expect(served.status).toBe(200);
  });
});

describe("the page's accept attribute", () => {
  it("is the upload table's, for both kinds of picture", async () => {
    const { PUBLIC_UPLOAD_ACCEPT, PUBLIC_UPLOAD_PURPOSES } = await import("#contract/people/registration");
    const { uploadRule } = await import("#contract/uploads/uploads");
    for (const purpose of PUBLIC_UPLOAD_PURPOSES) expect(uploadRule(purpose).accept).toBe(PUBLIC_UPLOAD_ACCEPT);
  });
});
