import { count } from "drizzle-orm";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import { users } from "#api/db/schema";
import { createOwnerWithShop, createStaff, createUser } from "#api/db/seed/factories";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { facebookHandlers } from "../../../tests/mocks/facebook";
import { googleHandlers } from "../../../tests/mocks/google";
import { MOCK_CLIENT_IDS, mockToken } from "../../../tests/mocks/identity";

// Google and Facebook answered by MSW at the HTTP boundary; any other call out fails the test
const mocks = setupServer(...googleHandlers, ...facebookHandlers);
let t: TestApi;
let owner: { id: string; shopId: string };
beforeAll(async () => {
  mocks.listen({ onUnhandledRequest: "error" });
  t = await testApi({
    GOOGLE_CLIENT_ID: MOCK_CLIENT_IDS.google,
    GOOGLE_CLIENT_SECRET: "test-google-secret",
    GOOGLE_ALLOWED_CLIENT_IDS: "mobile-app-client",
    FACEBOOK_CLIENT_ID: MOCK_CLIENT_IDS.facebook,
    FACEBOOK_CLIENT_SECRET: "test-facebook-secret",
    FACEBOOK_ALLOWED_APP_IDS: "mobile-app-client",
  });
  const o = await createOwnerWithShop(t.db, { email: "sso-owner@liveshop.test" });
  owner = { id: o.owner.id, shopId: o.shop.id };
  await createStaff(t.db, o.shop.id, ["product:add"], { email: "sso-staff@liveshop.test" });
  await createUser(t.db, { role: "influencer", email: "sso-influencer@liveshop.test" });
  await createUser(t.db, { role: "admin", email: "sso-admin@liveshop.test" });
  await createOwnerWithShop(t.db, { email: "sso-rejected@liveshop.test" }, { status: "Rejected" });
});
afterAll(async () => {
  await t.close();
  mocks.close();
});

const userCount = async () => (await t.db.select({ n: count() }).from(users))[0].n;
const cookieOf = (res: { headers: Headers }) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith("ls_session="))
    ?.split(";")[0];

for (const provider of ["google", "facebook"] as const) {
  // the mock provider answers for the person whose e-mail is the authorization code (tests/mocks/identity.ts)
  const signIn = (code: string) =>
    t.post(`auth/${provider}/shopOwner`, { body: { accessToken: mockToken(provider, code) } });

  describe(`POST auth/${provider}/shopOwner`, () => {
    it("signs in the shop owner whose e-mail the provider vouches for, any letter case", async () => {
      const res = await signIn("SSO-Owner@LiveShop.test");
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        success: true,
        message: MSG.loginSuccess,
        data: { user: { _id: owner.id, role: { role: "shopOwner" }, shop: { _id: owner.shopId } } },
      });
      const me = await t.get("auth/isLoggedIn", { cookie: cookieOf(res) });
      expect(me.status).toBe(200);
      expect(me.body.data._id).toBe(owner.id);
    });

    it("signs in a staff member", async () => {
      const res = await signIn("sso-staff@liveshop.test");
      expect(res.status).toBe(200);
      expect(res.body.data.user).toMatchObject({ role: { role: "staff" }, shop: { _id: owner.shopId } });
    });

    it("refuses an e-mail no shop account uses, and never creates an account", async () => {
      const before = await userCount();
      const res = await signIn("stranger@example.test");
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(MSG.ssoNoAccount);
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(await userCount()).toBe(before);
    });

    it("refuses an influencer's and an admin's e-mail: single sign-on is for shop accounts", async () => {
      for (const email of ["sso-influencer@liveshop.test", "sso-admin@liveshop.test"]) {
        const res = await signIn(email);
        expect(res.status).toBe(403);
        expect(res.body.message).toBe(MSG.ssoNoAccount);
      }
    });

    it("refuses an e-mail the provider has not verified", async () => {
      const res = await signIn("unverified:sso-owner@liveshop.test");
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MSG.ssoEmailUnverified);
      expect(res.headers.getSetCookie()).toEqual([]);
    });

    it("refuses the owner of a Rejected shop", async () => {
      const res = await signIn("sso-rejected@liveshop.test");
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(MSG.shopRejected);
    });

    it("refuses a token issued to another app, and accepts one issued to a listed mobile app", async () => {
      const foreign = await t.post(`auth/${provider}/shopOwner`, {
        body: { accessToken: mockToken(provider, "sso-owner@liveshop.test", "someone-elses-app") },
      });
      expect(foreign.status).toBe(400);
      expect(foreign.body.message).toBe(MSG.ssoFailed);
      expect(foreign.headers.getSetCookie()).toEqual([]);
      const mobile = await t.post(`auth/${provider}/shopOwner`, {
        body: { accessToken: mockToken(provider, "sso-owner@liveshop.test", "mobile-app-client") },
      });
      expect(mobile.status).toBe(200);
    });

    it("refuses a token the provider does not recognise, and a missing one", async () => {
      const forged = await t.post(`auth/${provider}/shopOwner`, {
        body: { accessToken: "not-a-token-the-provider-issued" },
      });
      expect(forged.status).toBe(400);
      expect(forged.body.message).toBe(MSG.ssoFailed);
      const missing = await t.post(`auth/${provider}/shopOwner`, { body: {} });
      expect(missing.status).toBe(400);
      expect(missing.body.errors.accessToken).toEqual([MSG.ssoFailed]);
    });
  });
}

it("names both single sign-on calls in the OpenAPI document", async () => {
  const doc = await t.get("openapi.json");
  for (const provider of ["google", "facebook"]) {
    const op = doc.body.paths[`/api/auth/${provider}/shopOwner`].post;
    expect(op.summary).toMatch(/single sign-on/i);
    expect(op.requestBody.content["application/json"].schema.properties).toHaveProperty("accessToken");
  }
});
