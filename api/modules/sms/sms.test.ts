import { eq } from "drizzle-orm";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import { otpCodes, smsOutbox } from "#api/db/schema";
import { createOwnerWithShop, createUser } from "#api/db/seed/factories";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { twilioHandlers } from "../../../tests/mocks/twilio";

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

describe("GET sms/outbox (demo provider)", () => {
  let t: TestApi;
  let admin: string;
  let ownerCookie: string;
  beforeAll(async () => {
    t = await testApi();
    await createUser(t.db, { role: "admin", email: "sms-admin@liveshop.test", password: "Admin#2026!" });
    admin = await t.signIn("sms-admin@liveshop.test", "Admin#2026!");
    await createOwnerWithShop(t.db, { email: "sms-owner@liveshop.test", password: "Owner#2026!", mobile: "400000811" });
    ownerCookie = await t.signIn("sms-owner@liveshop.test", "Owner#2026!");
  });
  afterAll(() => t.close());

  it("lists the live texts for admins: to, body, createdAt, expiresAt; nothing leaves the machine", async () => {
    expect((await t.post("auth/send-otp/shopOwner", { body: { countryFlag: "AU", mobile: "400000811" } })).status).toBe(
      200,
    );
    const res = await t.get("sms/outbox", { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(1);
    expect(res.body.isNext).toBe(false);
    const [message] = res.body.data;
    expect(Object.keys(message).sort()).toEqual(["_id", "body", "createdAt", "expiresAt", "to"]);
    expect(message.to).toBe("+61400000811");
    // found by the number as typed at home too (the one phone rule of every list)
    const national = await t.get("sms/outbox", { cookie: admin, query: { search: "0400 000 811" } });
    expect(national.body.data.map((m: { to: string }) => m.to)).toEqual(["+61400000811"]);
    expect(message.body).toMatch(/^Your LiveShop sign-in code is \d{6}\. It expires in 10 minutes\.$/);
    expect(new Date(message.expiresAt).getTime() - new Date(message.createdAt).getTime()).toBeCloseTo(
      10 * 60 * 1000,
      -3,
    );
  });

  it("never shows an expired text, and deletes it", async () => {
    await t.db.update(smsOutbox).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await t.get("sms/outbox", { cookie: admin });
    expect(res.body.data).toEqual([]);
    expect(res.body.count).toBe(0);
    expect(await t.db.select().from(smsOutbox)).toEqual([]);
  });

  it("drops a code's text once a resend replaces it, and once the code is used: only a live code is listed", async () => {
    const phone = { countryFlag: "AU", mobile: "400000811" };
    const texts = async () =>
      (await t.get("sms/outbox", { cookie: admin, query: { search: "400000811" } })).body.data as { body: string }[];
    expect((await t.post("auth/send-otp/shopOwner", { body: phone })).status).toBe(200);
    const [first] = await texts();
    expect((await t.post("auth/send-otp/shopOwner", { body: phone })).status).toBe(200);
    const listed = await texts();
    expect(listed).toHaveLength(1);
    expect(listed[0]!.body).not.toBe(first!.body);
    // the replaced code no longer signs in; the listed one does, and then its text goes too
    const codeOf = (body: string) => /code is (\d{6})\./.exec(body)![1];
    if (codeOf(first!.body) !== codeOf(listed[0]!.body)) {
      expect((await t.post("auth/verify-otp/shopOwner", { body: { ...phone, otp: codeOf(first!.body) } })).status).toBe(
        400,
      );
    }
    expect(
      (await t.post("auth/verify-otp/shopOwner", { body: { ...phone, otp: codeOf(listed[0]!.body) } })).status,
    ).toBe(200);
    expect(await texts()).toEqual([]);
  });

  it("is for admins only: 401 without a session, 403 for a shop owner", async () => {
    const anonymous = await t.get("sms/outbox");
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.status).toBe(1001);
    const owner = await t.get("sms/outbox", { cookie: ownerCookie });
    expect(owner.status).toBe(403);
  });
});

describe("Twilio, when TWILIO_* is configured", () => {
  let t: TestApi;
  let admin: string;
  beforeAll(async () => {
    t = await testApi(TWILIO);
    await createUser(t.db, { role: "admin", email: "sms-admin@liveshop.test", password: "Admin#2026!" });
    admin = await t.signIn("sms-admin@liveshop.test", "Admin#2026!");
    await createOwnerWithShop(t.db, { mobile: "400000821" });
  });
  afterAll(() => t.close());

  it("sends the code through Twilio's Messages API with basic auth and the form fields; the outbox is gone (404)", async () => {
    const seen: Request[] = [];
    mocks.events.on("request:start", ({ request }) => {
      seen.push(request.clone());
    });
    const res = await t.post("auth/send-otp/shopOwner", { body: { countryFlag: "AU", mobile: "400000821" } });
    await t.deps.sms.settled();
    mocks.events.removeAllListeners();
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.otpSentIfAccount);
    expect(seen).toHaveLength(1);
    const request = seen[0];
    expect(request.method).toBe("POST");
    expect(request.url).toBe(TWILIO_URL);
    expect(request.headers.get("authorization")).toBe(
      `Basic ${Buffer.from(`${TWILIO.TWILIO_ACCOUNT_SID}:${TWILIO.TWILIO_AUTH_TOKEN}`).toString("base64")}`,
    );
    expect(request.headers.get("content-type")).toContain("application/x-www-form-urlencoded");
    const form = new URLSearchParams(await request.text());
    expect(form.get("To")).toBe("+61400000821");
    expect(form.get("From")).toBe(TWILIO.TWILIO_FROM);
    expect(form.get("Body")).toMatch(/^Your LiveShop sign-in code is \d{6}\. It expires in 10 minutes\.$/);
    expect(await t.db.select().from(smsOutbox)).toEqual([]);
    const outbox = await t.get("sms/outbox", { cookie: admin });
    expect(outbox.status).toBe(404);
  });

  it("answers as for any number when Twilio refuses (the failure is only logged: it would tell who has an account), and leaves no usable code behind", async () => {
    mocks.use(
      http.post(TWILIO_URL, () =>
        HttpResponse.json(
          { code: 21211, message: "The 'To' number +61400000821 is not a valid phone number.", status: 400 },
          { status: 400 },
        ),
      ),
    );
    const res = await t.post("auth/send-otp/shopOwner", { body: { countryFlag: "AU", mobile: "400000821" } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.otpSentIfAccount);
    await t.deps.sms.settled();
    expect(await t.db.select().from(otpCodes).where(eq(otpCodes.phone, "+61400000821"))).toEqual([]);
  });
});
