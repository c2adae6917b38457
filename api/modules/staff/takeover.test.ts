import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import type { Permission } from "#contract/access/roles";
import { sessions, staffPermissions, users } from "#api/db/schema";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { accessGrid as grid, testKit, type KitShop, type TestKit } from "../../../tests/factories";

// Issue: a staff member holding only staff:edit changed a colleague's phone, asked for a sign-in code on that number
// and signed in as the colleague. A sign-in identifier is changed only by the shop's owner or an admin (ADR 0024).

let t: TestApi;
let kit: TestKit;
let admin: string;
let owner: string;
let shop: KitShop;

beforeAll(async () => {
  t = await testApi();
  kit = testKit(t);
  admin = (await kit.admin()).cookie;
  shop = await kit.shop({ name: "Takeover Shop" });
  owner = shop.owner.cookie;
});
afterAll(() => t.close());

/** A staff member of the shop, signed in. */
const member = (permissions: Permission[]) => kit.staff(shop, permissions);
const editBody = (id: string, extra: Record<string, unknown> = {}) => kit.staffEditBody(id, extra);
const edit = (body: unknown, cookie: string) => t.post("user/edit-shopstaff", { cookie, body });
const row = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
const sessionsOf = async (id: string) => (await t.db.select().from(sessions).where(eq(sessions.userId, id))).length;
async function codeFor(mobile: string) {
  const res = await t.get("sms/outbox", { cookie: admin, query: { search: `+61${mobile}`, limit: 1 } });
  return ((res.body.data[0]?.body as string | undefined) ?? "").match(/\b(\d{6})\b/)?.[1];
}

describe("a staff member cannot take over a colleague's account", () => {
  it("walks the reported path: the phone change is refused, a code for the attacker's number signs nobody in, the colleague keeps their rights", async () => {
    const editor = await member(["staff:edit"]);
    const colleague = await member(["staff:edit", "shop:edit-details"]);
    const attackerPhone = "413999001";

    const res = await edit(await editBody(colleague.id, { mobile: attackerPhone }), editor.cookie);
    expect(res.status).toBe(403);
    expect(res.body.errors.mobile).toEqual([MSG.staffIdentifierOffLimits]);
    expect((await row(colleague.id)).mobile).toBe(colleague.mobile);

    // the attacker asks for a sign-in code on their own number: no account uses it, so no code is sent
    const send = await t.post("auth/send-otp/shopOwner", { body: { countryFlag: "AU", mobile: attackerPhone } });
    expect(send.status).toBe(200);
    expect(await codeFor(attackerPhone)).toBeUndefined();
    const verify = await t.post("auth/verify-otp/shopOwner", {
      body: { countryFlag: "AU", mobile: attackerPhone, otp: "000000" },
    });
    expect(verify.status).toBe(400);
    expect(verify.headers.getSetCookie()).toEqual([]);

    // and the colleague's own session still works
    expect((await t.get("auth/isLoggedIn", { cookie: colleague.cookie })).body.data._id).toBe(colleague.id);
  });

  it("refuses a colleague's e-mail change by staff, and a staff member's change of their own phone or e-mail", async () => {
    const editor = await member(["staff:edit", "product:add"]);
    const colleague = await member(["product:add"]);
    const other = await edit(await editBody(colleague.id, { email: "attacker@liveshop.test" }), editor.cookie);
    expect(other.status).toBe(403);
    expect(other.body.errors.email).toEqual([MSG.staffIdentifierOffLimits]);
    expect((await row(colleague.id)).email).not.toBe("attacker@liveshop.test");

    const ownPhone = await edit(await editBody(editor.id, { mobile: "413999002" }), editor.cookie);
    expect(ownPhone.status).toBe(403);
    expect(ownPhone.body.errors.mobile).toEqual([MSG.staffIdentifierOffLimits]);
    const ownEmail = await edit(await editBody(editor.id, { email: "new-me@liveshop.test" }), editor.cookie);
    expect(ownEmail.status).toBe(403);
    expect((await row(editor.id)).mobile).toBe(editor.mobile);

    // everything else about a colleague with no wider rights is still theirs to edit
    const ok = await edit(
      await editBody(colleague.id, { fName: "Renamed Colleague", designation: "Lead" }),
      editor.cookie,
    );
    expect(ok.status).toBe(200);
    expect((await row(colleague.id)).fName).toBe("Renamed");
  });

  it("never lets staff edit a colleague who holds an access type the editor lacks", async () => {
    const editor = await member(["staff:edit", "product:add"]);
    const wider = await member(["product:add", "shop:edit-details"]);
    const res = await edit(
      await editBody(wider.id, { fName: "Changed By Editor", access_module: grid("product:add") }),
      editor.cookie,
    );
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MSG.staffWiderRights);
    expect((await row(wider.id)).fName).not.toBe("Changed");
    const held = (await t.db.select().from(staffPermissions).where(eq(staffPermissions.userId, wider.id)))
      .map((r) => r.permission)
      .sort();
    expect(held).toEqual(["product:add", "shop:edit-details"]);
  });

  it("never lets staff remove a colleague who holds an access type the remover lacks", async () => {
    const editor = await member(["staff:edit"]);
    const wider = await member(["shop:edit-details"]);
    const res = await t.post("user/remove-shopstaff", {
      cookie: editor.cookie,
      body: { shopId: shop.id, userId: wider.id },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MSG.staffWiderRights);
    expect((await row(wider.id)).deletedAt).toBeNull();
  });
});

describe("the owner or an admin may change a member's sign-in identifiers, which ends that member's sessions", () => {
  it("the owner changes a member's phone: the member is signed out everywhere, and the new number receives the sign-in code", async () => {
    const colleague = await member(["product:add"]);
    expect(await sessionsOf(colleague.id)).toBe(1);
    const res = await edit(await editBody(colleague.id, { mobile: "413999003" }), owner);
    expect(res.status).toBe(200);
    expect(await sessionsOf(colleague.id)).toBe(0);
    expect((await t.get("auth/isLoggedIn", { cookie: colleague.cookie })).status).toBe(401);
    await t.post("auth/send-otp/shopOwner", { body: { countryFlag: "AU", mobile: "413999003" } });
    expect(await codeFor("413999003")).toMatch(/^\d{6}$/);
  });

  it("an admin changes a member's e-mail: the member is signed out; a name-only change keeps their sessions", async () => {
    const colleague = await member(["product:add"]);
    const nameOnly = await edit(await editBody(colleague.id, { fName: "Kept Session" }), admin);
    expect(nameOnly.status).toBe(200);
    expect(await sessionsOf(colleague.id)).toBe(1);
    const res = await edit(await editBody(colleague.id, { email: `changed-${colleague.id}@liveshop.test` }), admin);
    expect(res.status).toBe(200);
    expect(await sessionsOf(colleague.id)).toBe(0);
  });
});

describe("a teammate's contact details", () => {
  it("are hidden from staff outside the staff module, and shown to the owner, staff with the module, and the member", async () => {
    const outsider = await member(["product:add"]);
    const manager = await member(["staff:add"]);
    const colleague = await member(["product:edit"]);
    const [row] = await t.db.select().from(users).where(eq(users.id, colleague.id));
    const seen = async (cookie: string) => (await t.get(`auth/user-permission/${colleague.id}`, { cookie })).body.data;
    expect(await seen(outsider.cookie)).toMatchObject({
      _id: colleague.id,
      fName: row.fName,
      email: "",
      mobile: "",
      countryCode: "",
    });
    for (const cookie of [owner, manager.cookie, colleague.cookie, admin])
      expect(await seen(cookie)).toMatchObject({ email: row.email, mobile: row.mobile });
  });
});
