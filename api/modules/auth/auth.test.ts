import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import { sessions, shops } from "#api/db/schema";
import { createOwnerWithShop, createStaff, createUser } from "#api/db/seed/factories";
import { testApi, type TestApi } from "../../../tests/api-harness";

let t: TestApi;
beforeAll(async () => {
  t = await testApi();
  await createUser(t.db, { role: "admin", email: "boss@liveshop.test", password: "Boss#2026!" });
});
afterAll(() => t.close());

const login = (email: string, password: string, headers: Record<string, string> = {}) =>
  t.post("auth/login", { body: { email, password }, headers });

describe("POST auth/login", () => {
  it("signs an admin in with a fresh HttpOnly SameSite=Lax session cookie and returns the logged user", async () => {
    const res = await login("Boss@LiveShop.test", "Boss#2026!");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      data: { user: { role: { role: "admin" }, userType: "admin", shop: null } },
    });
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^ls_session=[\w-]{40,};/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    const again = await login("boss@liveshop.test", "Boss#2026!");
    expect(again.headers.get("set-cookie")).not.toBe(cookie);
  });

  it("refuses a wrong password with a clear message and sets no cookie", async () => {
    const res = await login("boss@liveshop.test", "wrong-password");
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: MSG.loginFailed });
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("answers missing fields with errors keyed by field", async () => {
    const res = await t.post("auth/login", { body: { email: "", password: "" } });
    expect(res.status).toBe(400);
    expect(res.body.errors.email).toContain(MSG.emailRequired);
    expect(res.body.errors.password).toContain(MSG.passwordRequired);
    expect(res.body.message).toBe(MSG.emailRequired);
  });

  it("refuses influencers and customers: they use the mobile app", async () => {
    await createUser(t.db, { role: "influencer", email: "infl@liveshop.test", password: "Infl#2026!" });
    await createUser(t.db, { role: "endUser", email: "buyer@liveshop.test", password: "Buyer#2026!" });
    for (const email of ["infl@liveshop.test", "buyer@liveshop.test"]) {
      const res = await login(email, email.startsWith("infl") ? "Infl#2026!" : "Buyer#2026!");
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(MSG.appOnlyRole);
    }
  });

  it("refuses the owner of a Rejected shop, and ends their sessions' access when the shop is rejected", async () => {
    const { shop } = await createOwnerWithShop(t.db, { email: "later@liveshop.test", password: "Later#2026!" });
    const ok = await login("later@liveshop.test", "Later#2026!");
    expect(ok.status).toBe(200);
    const cookie = ok.headers.get("set-cookie")!.split(";")[0];
    await t.db.update(shops).set({ status: "Rejected" }).where(eq(shops.id, shop.id));
    expect((await t.get("auth/isLoggedIn", { cookie })).status).toBe(401);
    const refused = await login("later@liveshop.test", "Later#2026!");
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MSG.shopRejected);
  });

  it("allows at most 10 failed sign-ins per account in 15 minutes, then refuses even the right password", async () => {
    await createUser(t.db, { role: "admin", email: "target@liveshop.test", password: "Target#2026!" });
    for (let i = 0; i < 10; i++) expect((await login("target@liveshop.test", `bad-${i}`)).status).toBe(400);
    const blocked = await login("target@liveshop.test", "Target#2026!");
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(MSG.loginThrottled);
  });

  it("allows at most 50 failed sign-ins per IP in 15 minutes", async () => {
    const headers = { "x-forwarded-for": "203.0.113.9" };
    for (let i = 0; i < 50; i++) await login(`nobody${i}@liveshop.test`, "x", headers);
    const blocked = await login("boss@liveshop.test", "Boss#2026!", headers);
    expect(blocked.status).toBe(429);
    expect((await login("boss@liveshop.test", "Boss#2026!", { "x-forwarded-for": "203.0.113.10" })).status).toBe(200);
  });

  it("refuses a state-changing request from another site", async () => {
    const res = await login("boss@liveshop.test", "Boss#2026!", { origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MSG.crossSite);
  });
});

describe("GET auth/isLoggedIn and sign-out", () => {
  it("returns the logged user for the session, and 401/1001 after POST auth/logout deletes it", async () => {
    const cookie = await t.signIn("boss@liveshop.test", "Boss#2026!");
    const me = await t.get("auth/isLoggedIn", { cookie });
    expect(me.body.data).toMatchObject({ fName: "Test", role: { role: "admin" }, userType: "admin" });
    expect(Object.keys(me.body.data)).toEqual(
      expect.arrayContaining(["_id", "fName", "lName", "image", "role", "shop", "userType"]),
    );
    const out = await t.post("auth/logout", { cookie });
    expect(out.body.message).toBe(MSG.logoutSuccess);
    const after = await t.get("auth/isLoggedIn", { cookie });
    expect(after.status).toBe(401);
    expect(after.body.status).toBe(1001);
  });

  it("GET auth/logout works for API clients but is refused when the browser marks it cross-site", async () => {
    const cookie = await t.signIn("boss@liveshop.test", "Boss#2026!");
    const cross = await t.get("auth/logout", { cookie, headers: { "sec-fetch-site": "cross-site" } });
    expect(cross.status).toBe(403);
    expect((await t.get("auth/isLoggedIn", { cookie })).status).toBe(200);
    const same = await t.get("auth/logout", { cookie, headers: { "sec-fetch-site": "same-origin" } });
    expect(same.status).toBe(200);
    expect((await t.get("auth/isLoggedIn", { cookie })).status).toBe(401);
  });

  it("ends a session idle for more than 7 days", async () => {
    const cookie = await t.signIn("boss@liveshop.test", "Boss#2026!");
    await t.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 8 * 24 * 3600 * 1000) });
    expect((await t.get("auth/isLoggedIn", { cookie })).status).toBe(401);
  });

  it("answers an owner's and a staff member's shop, designation and rights as their sign-in did, and a change on the next request", async () => {
    const { shop } = await createOwnerWithShop(
      t.db,
      { email: "lead@liveshop.test", password: "Lead#2026!" },
      { name: "Lead Shop" },
    );
    await createStaff(t.db, shop.id, ["product:add", "staff:add"], {
      email: "aide@liveshop.test",
      password: "Aide#2026!",
      designation: "Buyer",
    });
    for (const [email, password] of [
      ["lead@liveshop.test", "Lead#2026!"],
      ["aide@liveshop.test", "Aide#2026!"],
    ]) {
      const signedIn = await login(email, password);
      const cookie = signedIn.headers.get("set-cookie")!.split(";")[0];
      const me = await t.get("auth/isLoggedIn", { cookie });
      const { permissions, ...rest } = me.body.data;
      const { permissions: signedInPermissions, ...signedInRest } = signedIn.body.data.user;
      expect(rest).toEqual(signedInRest);
      expect([...permissions].sort()).toEqual([...signedInPermissions].sort());
      expect(rest.shop).toEqual({ _id: shop.id, name: "Lead Shop" });
      await t.db.update(shops).set({ name: "Renamed Shop" }).where(eq(shops.id, shop.id));
      expect((await t.get("auth/isLoggedIn", { cookie })).body.data.shop).toEqual({
        _id: shop.id,
        name: "Renamed Shop",
      });
      await t.db.update(shops).set({ name: "Lead Shop" }).where(eq(shops.id, shop.id));
    }
    const aide = await login("aide@liveshop.test", "Aide#2026!");
    expect(aide.body.data.user).toMatchObject({ designation: "Buyer", role: { role: "staff" } });
    expect([...aide.body.data.user.permissions].sort()).toEqual(["product:add", "staff:add"]);
  });

  it("accepts the token as a Bearer header for the mobile apps", async () => {
    const res = await login("boss@liveshop.test", "Boss#2026!");
    const me = await t.get("auth/isLoggedIn", { headers: { authorization: `Bearer ${res.body.data.token}` } });
    expect(me.status).toBe(200);
  });
});
