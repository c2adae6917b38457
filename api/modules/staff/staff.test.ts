import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import type { UploadPurpose } from "#contract/uploads/uploads";
import { sessions, shopStaff, staffPermissions, users } from "#api/db/schema";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { PNG, accessGrid as grid, testKit, type TestKit } from "../../../tests/factories";

let t: TestApi;
let kit: TestKit;
const ids: Record<string, string> = {};
const cookie: Record<string, string> = {};
const ownerEmail = { a: "", b: "" };

beforeAll(async () => {
  t = await testApi();
  kit = testKit(t);
  const a = await kit.shop({ name: "Shop A", owner: { fName: "Olive", lName: "Owner" } });
  const b = await kit.shop({ name: "Shop B" });
  // staff of shop A: a manager who may add and edit staff and holds product:add and chat:direct-chat only
  const manager = await kit.staff(a, ["staff:add", "staff:edit", "product:add", "chat:direct-chat"]);
  const adder = await kit.staff(a, ["staff:add"]);
  const clerk = await kit.staff(a, ["product:edit", "order:scan-qr"], { designation: "Clerk" });
  const staffB = await kit.staff(b, ["staff:add", "staff:edit"]);
  Object.assign(ids, {
    shopA: a.id,
    ownerA: a.owner.id,
    shopB: b.id,
    ownerB: b.owner.id,
    manager: manager.id,
    adder: adder.id,
    clerk: clerk.id,
    staffB: staffB.id,
  });
  Object.assign(cookie, {
    admin: (await kit.admin()).cookie,
    ownerA: a.owner.cookie,
    ownerB: b.owner.cookie,
    manager: manager.cookie,
    adder: adder.cookie,
    clerk: clerk.cookie,
    staffB: staffB.cookie,
  });
  Object.assign(ownerEmail, { a: a.owner.email, b: b.owner.email });
});
afterAll(() => t.close());

/** A staff picture really uploaded (and checked) by the holder of `as`. */
const staffImage = (as: string, purpose: UploadPurpose = "staffImage") => kit.upload(as, purpose);

let n = 0;
/** A valid, unused Australian mobile number and e-mail. */
function fresh() {
  n += 1;
  return { email: `member-${n}@liveshop.test`, mobile: `41${String(2000000 + n).padStart(7, "0")}` };
}
const granted = async (userId: string) =>
  (await t.db.select().from(staffPermissions).where(eq(staffPermissions.userId, userId)))
    .map((r) => r.permission)
    .sort();

async function newMemberBody(as: string, extra: Record<string, unknown> = {}) {
  const { email, mobile } = fresh();
  return {
    fName: "Nina Newhire",
    email,
    countryFlag: "AU",
    mobile,
    designation: "Cashier",
    image: await staffImage(as),
    gender: "Female",
    access_module: grid("product:add"),
    ...extra,
  };
}
const add = (body: unknown, as: string) => t.post("user/add-shopstaff", { cookie: as, body });
const edit = (body: unknown, as: string) => t.post("user/edit-shopstaff", { cookie: as, body });
const remove = (body: unknown, as: string) => t.post("user/remove-shopstaff", { cookie: as, body });
const permissionsOf = (id: string, as: string) => t.get(`auth/user-permission/${id}`, { cookie: as });

const editBody = (id: string, extra: Record<string, unknown> = {}) => kit.staffEditBody(id, extra);

describe("POST user/add-shopstaff", () => {
  it("lets the owner add a staff member to their shop: no password, phone verified, access modules stored one row per type", async () => {
    const body = await newMemberBody(cookie.ownerA, {
      fName: "Nina Jane Newhire",
      access_module: grid("product:add", "product:edit", "order:scan-qr"),
    });
    const res = await add(body, cookie.ownerA);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: MSG.staffAdded });
    const member = res.body.data;
    expect(member).toMatchObject({
      fName: "Nina",
      lName: "Jane Newhire",
      email: body.email,
      countryCode: "+61",
      mobile: body.mobile,
      countryFlag: "AU",
      designation: "Cashier",
      shopId: ids.shopA,
      role: { role: "staff" },
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, member._id));
    expect(row).toMatchObject({ role: "staff", passwordHash: null, image: body.image });
    expect(row.phoneVerifiedAt).toBeInstanceOf(Date);
    expect(await granted(member._id)).toEqual(["order:scan-qr", "product:add", "product:edit"]);
    expect(await t.db.select().from(shopStaff).where(eq(shopStaff.userId, member._id))).toMatchObject([
      { shopId: ids.shopA, designation: "Cashier" },
    ]);
  });

  it("lets an admin add staff to any shop named by shopId, and requires the shop", async () => {
    const body = await newMemberBody(cookie.admin);
    const missing = await add(body, cookie.admin);
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ shopId: [MSG.staffShopRequired] });
    const res = await add({ ...body, shopId: ids.shopB }, cookie.admin);
    expect(res.status).toBe(200);
    expect(res.body.data.shopId).toBe(ids.shopB);
    expect((await add({ ...(await newMemberBody(cookie.admin)), shopId: "no-such-shop" }, cookie.admin)).status).toBe(
      404,
    );
  });

  it("lets staff with staff:add add within their own rights, and refuses anything beyond them", async () => {
    const ok = await add(
      await newMemberBody(cookie.manager, { access_module: grid("product:add", "chat:direct-chat") }),
      cookie.manager,
    );
    expect(ok.status).toBe(200);
    expect(await granted(ok.body.data._id)).toEqual(["chat:direct-chat", "product:add"]);

    const body = await newMemberBody(cookie.manager, { access_module: grid("product:add", "order:status-edit") });
    const beyond = await add(body, cookie.manager);
    expect(beyond.status).toBe(403);
    expect(beyond.body.message).toBe(MSG.staffGrantBeyondOwn);
    expect(await t.db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
  });

  it("refuses staff without staff:add", async () => {
    const res = await add(await newMemberBody(cookie.clerk), cookie.clerk);
    expect(res.status).toBe(403);
  });

  it("answers every Staff form rule with the spec's words and stores nothing", async () => {
    const base = await newMemberBody(cookie.ownerA);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ image: undefined }, "image", MSG.staffImageRequired],
      [{ image: "" }, "image", MSG.staffImageRequired],
      [{ fName: " " }, "fName", MSG.fullNameRequired],
      [{ email: "" }, "email", MSG.staffEmailRequired],
      [{ email: "not-an-email" }, "email", MSG.emailInvalid],
      [{ mobile: "" }, "mobile", MSG.staffPhoneRequired],
      [{ mobile: "12" }, "mobile", MSG.invalidPhone],
      [{ designation: "" }, "designation", MSG.staffRoleRequired],
      [{ gender: "Other", customizeGender: "" }, "customizeGender", MSG.customGenderRequired],
    ];
    for (const [change, field, message] of cases) {
      const res = await add({ ...base, ...change }, cookie.ownerA);
      expect(res.status, field).toBe(400);
      expect(res.body.errors[field], field).toEqual([message]);
    }
    expect(await t.db.select().from(users).where(eq(users.email, base.email))).toEqual([]);
  });

  it("takes staff pictures as JPG/JPEG/PNG under 2 MB only (upload purpose staffImage), with the spec's words", async () => {
    const upload = (body: Uint8Array<ArrayBuffer>, type: string) =>
      t.app.request("http://localhost/api/upload/file", {
        method: "POST",
        headers: { cookie: cookie.ownerA, "content-type": type, "x-file-name": "face.gif", "x-purpose": "staffImage" },
        body,
      });
    const gif = await upload(new TextEncoder().encode("GIF89a not allowed"), "image/gif");
    expect(gif.status).toBe(400);
    expect((await gif.json()).message).toBe(MSG.staffImageType);
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(PNG);
    const tooBig = await upload(big, "image/png");
    expect(tooBig.status).toBe(413);
    expect((await tooBig.json()).message).toBe(MSG.staffImageSize);
  });

  it("keeps a custom gender only with Other", async () => {
    const other = await add(
      await newMemberBody(cookie.ownerA, { gender: "Other", customizeGender: "Non-binary" }),
      cookie.ownerA,
    );
    expect(other.body.data).toMatchObject({ gender: "Other", customizeGender: "Non-binary" });
    const male = await add(
      await newMemberBody(cookie.ownerA, { gender: "Male", customizeGender: "ignored" }),
      cookie.ownerA,
    );
    expect(male.body.data).toMatchObject({ gender: "Male", customizeGender: "" });
  });

  it("refuses a picture that is not a staff upload of the caller, and unknown modules or access types", async () => {
    const someoneElses = await add(
      await newMemberBody(cookie.ownerA, { image: await staffImage(cookie.ownerB) }),
      cookie.ownerA,
    );
    expect(someoneElses.status).toBe(400);
    expect(someoneElses.body.errors.image).toEqual([MSG.imageNotUploaded]);
    const wrongPurpose = await add(
      await newMemberBody(cookie.ownerA, { image: await staffImage(cookie.ownerA, "profileImage") }),
      cookie.ownerA,
    );
    expect(wrongPurpose.body.errors.image).toEqual([MSG.imageNotUploaded]);
    const unknownModule = await add(
      await newMemberBody(cookie.ownerA, { access_module: [{ module: { name: "payouts", access_types: ["add"] } }] }),
      cookie.ownerA,
    );
    expect(unknownModule.status).toBe(400);
    const unknownType = await add(
      await newMemberBody(cookie.ownerA, {
        access_module: [{ module: { name: "product", access_types: ["delete"] } }],
      }),
      cookie.ownerA,
    );
    expect(unknownType.status).toBe(400);
    expect(unknownType.body.message).toBe(MSG.staffUnknownAccess);
  });

  it("keeps e-mail and phone unique across all accounts", async () => {
    const first = await newMemberBody(cookie.ownerA);
    expect((await add(first, cookie.ownerA)).status).toBe(200);
    const sameEmail = await add(
      await newMemberBody(cookie.ownerA, { email: first.email.toUpperCase() }),
      cookie.ownerA,
    );
    expect(sameEmail.status).toBe(400);
    expect(sameEmail.body.errors).toEqual({ email: [MSG.emailTaken] });
    const samePhone = await add(await newMemberBody(cookie.ownerA, { mobile: `0${first.mobile}` }), cookie.ownerA);
    expect(samePhone.status).toBe(400);
    expect(samePhone.body.errors).toEqual({ mobile: [MSG.phoneTaken] });
    // an owner's e-mail counts too
    const ownersEmail = await add(await newMemberBody(cookie.ownerA, { email: ownerEmail.b }), cookie.ownerA);
    expect(ownersEmail.body.errors).toEqual({ email: [MSG.emailTaken] });
  });
});

describe("GET auth/user-permission/{id}", () => {
  it("answers a staff member with the nine modules and the audit log's, on when at least one access type is chosen", async () => {
    const res = await permissionsOf(ids.clerk, cookie.ownerA);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      _id: ids.clerk,
      userId: ids.clerk,
      designation: "Clerk",
      shopId: ids.shopA,
      isOwner: false,
    });
    expect(res.body.data.access_module).toEqual([
      { module: { name: "product", access_types: ["edit"], status: "on" } },
      { module: { name: "shop", access_types: [], status: "off" } },
      { module: { name: "stream", access_types: [], status: "off" } },
      { module: { name: "chat", access_types: [], status: "off" } },
      { module: { name: "coupon", access_types: [], status: "off" } },
      { module: { name: "order", access_types: ["scan-qr"], status: "on" } },
      { module: { name: "staff", access_types: [], status: "off" } },
      { module: { name: "customer", access_types: [], status: "off" } },
      { module: { name: "campaign", access_types: [], status: "off" } },
      { module: { name: "audit", access_types: [], status: "off" } },
    ]);
  });

  it("answers the owner's entry as Owner with every module on", async () => {
    const res = await permissionsOf(ids.ownerA, cookie.clerk);
    expect(res.body.data).toMatchObject({
      designation: "Owner",
      isOwner: true,
      role: { role: "shopOwner" },
      fName: "Olive",
      lName: "Owner",
    });
    expect(res.body.data.access_module.every((m: { module: { status: string } }) => m.module.status === "on")).toBe(
      true,
    );
  });

  it("lets an admin read any member; nobody reads a removed or unknown one", async () => {
    expect((await permissionsOf(ids.staffB, cookie.admin)).status).toBe(200);
    expect((await permissionsOf("nobody", cookie.admin)).status).toBe(404);
  });
});

describe("POST user/edit-shopstaff", () => {
  it("lets the owner change a member's details, phone, role and grid", async () => {
    const created = (await add(await newMemberBody(cookie.ownerA), cookie.ownerA)).body.data;
    const { mobile } = fresh();
    const res = await edit(
      {
        ...(await editBody(created._id)),
        fName: "Nina Renamed",
        mobile,
        countryFlag: "AU",
        designation: "Supervisor",
        access_module: grid("coupon:add", "coupon:edit"),
      },
      cookie.ownerA,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: MSG.staffUpdated });
    expect(res.body.data).toMatchObject({ fName: "Nina", lName: "Renamed", mobile, designation: "Supervisor" });
    expect(await granted(created._id)).toEqual(["coupon:add", "coupon:edit"]);
  });

  it("answers the edit form's rules with the spec's words", async () => {
    const base = await editBody(ids.clerk);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ mobile: "" }, "mobile", MSG.staffMobileRequired],
      [{ mobile: "12" }, "mobile", MSG.invalidPhone],
      [{ designation: "" }, "designation", MSG.staffRoleRequired],
      [{ email: "" }, "email", MSG.staffEmailRequired],
      [{ email: "nope" }, "email", MSG.emailInvalid],
      [{ fName: "" }, "fName", MSG.fullNameRequired],
      [{ gender: "Other", customizeGender: "" }, "customizeGender", MSG.customGenderRequired],
      [{ email: ownerEmail.b }, "email", MSG.emailTaken],
    ];
    for (const [change, field, message] of cases) {
      const res = await edit({ ...base, ...change }, cookie.ownerA);
      expect(res.status, field).toBe(400);
      expect(res.body.errors[field], field).toEqual([message]);
    }
  });

  it("lets the owner or an admin edit the owner's entry, but never its phone or role", async () => {
    const [before] = await t.db.select().from(users).where(eq(users.id, ids.ownerA));
    const res = await edit(
      {
        userId: ids.ownerA,
        fName: "Olive Owner",
        email: ownerEmail.a,
        countryFlag: "AU",
        mobile: "412999999",
        designation: "Boss",
        gender: "Female",
        access_module: grid(),
      },
      cookie.ownerA,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      designation: "Owner",
      mobile: before.mobile,
      gender: "Female",
      isOwner: true,
    });
    const byAdmin = await edit(
      { userId: ids.ownerA, fName: "Olive Owner", email: ownerEmail.a, gender: "Male" },
      cookie.admin,
    );
    expect(byAdmin.status).toBe(200);
    const [after] = await t.db.select().from(users).where(eq(users.id, ids.ownerA));
    expect(after).toMatchObject({
      mobile: before.mobile,
      countryCode: before.countryCode,
      gender: "Male",
      role: "shopOwner",
    });
  });

  it("never lets staff edit the owner", async () => {
    const res = await edit({ userId: ids.ownerA, fName: "Hacked", email: ownerEmail.a }, cookie.manager);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MSG.staffOwnerOffLimits);
    const [owner] = await t.db.select().from(users).where(eq(users.id, ids.ownerA));
    expect(owner.fName).toBe("Olive");
  });

  it("lets staff with staff:edit change only the access types they hold, on a colleague with no wider rights", async () => {
    const colleague = (await kit.staff({ id: ids.shopA }, ["product:add"])).id;
    // the manager holds product:add and chat:direct-chat: they take product:add away and give chat:direct-chat
    const res = await edit({ ...(await editBody(colleague)), access_module: grid("chat:direct-chat") }, cookie.manager);
    expect(res.status).toBe(200);
    expect(await granted(colleague)).toEqual(["chat:direct-chat"]);
    // granting one they do not hold is refused and changes nothing
    const beyond = await edit({ ...(await editBody(colleague)), access_module: grid("customer:view") }, cookie.manager);
    expect(beyond.status).toBe(403);
    expect(beyond.body.message).toBe(MSG.staffGrantBeyondOwn);
    expect(await granted(colleague)).toEqual(["chat:direct-chat"]);
  });

  it("never lets a staff member edit themselves into more rights", async () => {
    const res = await edit(
      {
        ...(await editBody(ids.manager)),
        access_module: grid("staff:add", "staff:edit", "product:add", "chat:direct-chat", "campaign:add"),
      },
      cookie.manager,
    );
    expect(res.status).toBe(403);
    expect(await granted(ids.manager)).toEqual(["chat:direct-chat", "product:add", "staff:add", "staff:edit"]);
  });

  it("refuses staff without staff:edit (staff:add alone is not enough)", async () => {
    expect((await edit(await editBody(ids.clerk), cookie.adder)).status).toBe(403);
    expect((await edit(await editBody(ids.clerk), cookie.clerk)).status).toBe(403);
  });
});

describe("a change to a staff member's rights applies to their very next request", () => {
  it("takes staff:add away: the member's next add is refused and their menu permissions shrink; giving it back restores both", async () => {
    const { cookie: as, ...member } = await kit.staff({ id: ids.shopA }, ["staff:add", "product:add"]);
    expect((await add(await newMemberBody(as, { access_module: grid() }), as)).status).toBe(200);

    await edit({ ...(await editBody(member.id)), access_module: grid("product:add") }, cookie.ownerA);
    const refused = await add(await newMemberBody(as, { access_module: grid() }), as);
    expect(refused.status).toBe(403);
    expect((await t.get("auth/isLoggedIn", { cookie: as })).body.data.permissions).toEqual(["product:add"]);

    await edit({ ...(await editBody(member.id)), access_module: grid("product:add", "staff:add") }, cookie.ownerA);
    expect((await add(await newMemberBody(as, { access_module: grid() }), as)).status).toBe(200);
    expect((await t.get("auth/isLoggedIn", { cookie: as })).body.data.permissions.sort()).toEqual([
      "product:add",
      "staff:add",
    ]);
  });
});

describe("POST user/remove-shopstaff", () => {
  it("soft-deletes a staff member and ends their sessions; the card no longer lists them", async () => {
    const { cookie: as, ...member } = await kit.staff({ id: ids.shopA }, ["product:add"]);
    const res = await remove({ shopId: ids.shopA, userId: member.id }, cookie.ownerA);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: MSG.staffRemoved });
    const [row] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, member.id))).toEqual([]);
    expect((await t.get("auth/isLoggedIn", { cookie: as })).status).toBe(401);
    const shop = await t.get(`shop/getdetails/${ids.shopA}`, { cookie: cookie.ownerA });
    expect(shop.body.data.shopStaffs.map((s: { _id: string }) => s._id)).not.toContain(member.id);
    expect((await remove({ shopId: ids.shopA, userId: member.id }, cookie.ownerA)).status).toBe(404);
    expect((await permissionsOf(member.id, cookie.ownerA)).status).toBe(404);
  });

  it("frees the e-mail and phone of a removed member for a new account", async () => {
    const body = await newMemberBody(cookie.ownerA);
    const member = (await add(body, cookie.ownerA)).body.data;
    await remove({ shopId: ids.shopA, userId: member._id }, cookie.ownerA);
    expect((await add({ ...body, image: await staffImage(cookie.ownerA) }, cookie.ownerA)).status).toBe(200);
  });

  it("never removes the owner, and staff never remove themselves", async () => {
    const owner = await remove({ shopId: ids.shopA, userId: ids.ownerA }, cookie.admin);
    expect(owner.status).toBe(403);
    expect(owner.body.message).toBe(MSG.staffOwnerNotRemovable);
    expect((await remove({ shopId: ids.shopA, userId: ids.ownerA }, cookie.manager)).status).toBe(403);
    const self = await remove({ shopId: ids.shopA, userId: ids.manager }, cookie.manager);
    expect(self.status).toBe(403);
    expect(self.body.message).toBe(MSG.cannotDeleteSelf);
  });

  it("lets staff with staff:edit remove a colleague, and refuses staff without it", async () => {
    const colleague = await kit.staff({ id: ids.shopA }, []);
    expect((await remove({ shopId: ids.shopA, userId: colleague.id }, cookie.adder)).status).toBe(403);
    expect((await remove({ shopId: ids.shopA, userId: colleague.id }, cookie.manager)).status).toBe(200);
  });

  it("lets an admin remove staff of any shop", async () => {
    const member = await kit.staff({ id: ids.shopB }, []);
    expect((await remove({ shopId: ids.shopB, userId: member.id }, cookie.admin)).status).toBe(200);
  });
});

describe("tenant isolation: the owner and staff of shop A are refused for every staff call aimed at shop B", () => {
  for (const who of ["ownerA", "manager"] as const) {
    it(`${who}: add, edit, remove and read in shop B are refused and change nothing`, async () => {
      const as = cookie[who];
      const staffOfB = async () => (await t.db.select().from(shopStaff).where(eq(shopStaff.shopId, ids.shopB))).length;
      const countBefore = await staffOfB();
      const addB = await add(await newMemberBody(as, { shopId: ids.shopB, access_module: grid() }), as);
      expect(addB.status).toBe(404);
      expect(await staffOfB()).toBe(countBefore);

      const before = await editBody(ids.staffB);
      const editB = await edit({ ...before, fName: "Taken Over", access_module: grid() }, as);
      expect(editB.status).toBe(404);
      const editBNamed = await edit({ ...before, shopId: ids.shopB, fName: "Taken Over" }, as);
      expect(editBNamed.status).toBe(404);
      const editOwnerB = await edit({ userId: ids.ownerB, fName: "Taken Over", email: ownerEmail.b }, as);
      expect(editOwnerB.status).toBe(404);
      expect(await granted(ids.staffB)).toEqual(["staff:add", "staff:edit"]);

      expect((await remove({ shopId: ids.shopB, userId: ids.staffB }, as)).status).toBe(404);
      expect((await remove({ shopId: ids.shopA, userId: ids.staffB }, as)).status).toBe(404);
      expect((await remove({ userId: ids.staffB }, as)).status).toBe(404);
      const [staffB] = await t.db.select().from(users).where(eq(users.id, ids.staffB));
      expect(staffB.deletedAt).toBeNull();
      expect(staffB.fName).not.toBe("Taken");

      expect((await permissionsOf(ids.staffB, as)).status).toBe(404);
      expect((await permissionsOf(ids.ownerB, as)).status).toBe(404);
    });
  }

  it("an admin naming shop B cannot reach a member of shop A through it", async () => {
    expect((await edit({ ...(await editBody(ids.clerk)), shopId: ids.shopB }, cookie.admin)).status).toBe(404);
    expect((await remove({ shopId: ids.shopB, userId: ids.clerk }, cookie.admin)).status).toBe(404);
  });

  it("signed-out callers get 401", async () => {
    expect((await add({}, "")).status).toBe(401);
    expect((await permissionsOf(ids.clerk, "")).status).toBe(401);
  });
});
