import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import { sessions, shops, users } from "#api/db/schema";
import { createOwnerWithShop, createStaff, createUser } from "#api/db/seed/factories";
import { testApi, type TestApi } from "../../../tests/api-harness";

let t: TestApi;
let admin: string;
const ids: Record<string, string> = {};
const day = (iso: string) => new Date(`${iso}T09:00:00Z`);

beforeAll(async () => {
  t = await testApi();
  ids.boss = (
    await createUser(t.db, {
      role: "admin",
      fName: "Ada",
      lName: "Admin",
      email: "boss@liveshop.test",
      password: "Boss#2026!",
    })
  ).id;
  ids.otherAdmin = (
    await createUser(t.db, { role: "admin", fName: "Otto", lName: "Admin", email: "otto@liveshop.test" })
  ).id;
  const person = (fName: string, lName: string, gender: string, created: string, mobile: string) => ({
    fName,
    lName,
    gender,
    email: `${fName.toLowerCase()}@example.test`,
    mobile,
    createdAt: day(created),
  });
  ids.aaron = (
    await createUser(t.db, { role: "endUser", ...person("Aaron", "Zed", "Male", "2026-01-01", "411111111") })
  ).id;
  ids.bella = (
    await createUser(t.db, {
      role: "endUser",
      ...person("Bella", "Young", "Female", "2026-02-01", "422222222"),
      address: "1 Pitt St, Sydney",
    })
  ).id;
  ids.carl = (
    await createUser(t.db, { role: "endUser", ...person("Carl", "Xu", "Male", "2026-03-01", "433333333") })
  ).id;
  ids.dana = (
    await createUser(t.db, {
      role: "influencer",
      ...person("Dana", "Wills", "Other", "2026-04-01", "444444444"),
      customizeGender: "Non-binary",
      status: "Pending",
    })
  ).id;
  ids.eve = (
    await createUser(t.db, { role: "influencer", ...person("Eve", "Vance", "Female", "2026-05-01", "455555555") })
  ).id;
  const finn = await createOwnerWithShop(
    t.db,
    { ...person("Finn", "Upton", "Male", "2026-06-01", "466666666"), password: "Finn#2026!" },
    { name: "Upton Outfitters" },
  );
  ids.finn = finn.owner.id;
  ids.finnShop = finn.shop.id;
  ids.gina = (
    await createStaff(t.db, finn.shop.id, ["product:add"], {
      ...person("Gina", "Tate", "Female", "2026-07-01", "477777777"),
      password: "Gina#2026!",
      designation: "Packer",
    })
  ).id;
  const hugo = await createOwnerWithShop(t.db, person("Hugo", "Stone", "Male", "2026-08-01", "488888888"), {
    name: "Closed Corner",
    deletedAt: day("2026-09-01"),
  });
  ids.hugo = hugo.owner.id;
  ids.ivy = (
    await createUser(t.db, {
      role: "endUser",
      ...person("Ivy", "Ross", "Female", "2026-09-01", "499999999"),
      deletedAt: day("2026-10-01"),
    })
  ).id;
  admin = await t.signIn("boss@liveshop.test", "Boss#2026!");
});
afterAll(() => t.close());

const list = (query: Record<string, string | number | (string | number)[] | undefined> = {}) =>
  t.get("user/list", { cookie: admin, query });
const names = (res: { body: { data: { fName: string }[] } }) => res.body.data.map((u) => u.fName);

describe("GET user/list (spec 1 §7 Users)", () => {
  it("lists every live non-admin user, newest first by default, as spec 1 §3's User", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, count: 8, isNext: false });
    expect(names(res)).toEqual(["Hugo", "Gina", "Finn", "Eve", "Dana", "Carl", "Bella", "Aaron"]);
    const bella = res.body.data.find((u: { fName: string }) => u.fName === "Bella");
    expect(bella).toEqual({
      _id: ids.bella,
      fName: "Bella",
      lName: "Young",
      email: "bella@example.test",
      image: null,
      mobile: "422222222",
      countryCode: "+61",
      countryFlag: "AU",
      gender: "Female",
      customizeGender: null,
      createdAt: "2026-02-01T09:00:00.000Z",
      locations: [{ address: "1 Pitt St, Sydney" }],
      role: { role: "endUser" },
      status: "Approved",
    });
  });

  it("never lists admins or soft-deleted users", async () => {
    const res = await list({ limit: 100 });
    const listed = res.body.data.map((u: { _id: string }) => u._id);
    expect(listed).not.toContain(ids.boss);
    expect(listed).not.toContain(ids.otherAdmin);
    expect(listed).not.toContain(ids.ivy);
    expect((await list({ search: "Ivy" })).body).toMatchObject({ data: [], count: 0, isNext: false });
  });

  it("sorts by each indexed column in both directions", async () => {
    expect(names(await list({ sort: "fName", sortType: "asc" }))).toEqual([
      "Aaron",
      "Bella",
      "Carl",
      "Dana",
      "Eve",
      "Finn",
      "Gina",
      "Hugo",
    ]);
    expect(names(await list({ sort: "fName", sortType: "desc" }))).toEqual([
      "Hugo",
      "Gina",
      "Finn",
      "Eve",
      "Dana",
      "Carl",
      "Bella",
      "Aaron",
    ]);
    expect(names(await list({ sort: "createdAt", sortType: "asc" }))).toEqual([
      "Aaron",
      "Bella",
      "Carl",
      "Dana",
      "Eve",
      "Finn",
      "Gina",
      "Hugo",
    ]);
    expect(names(await list({ sort: "email", sortType: "desc" }))[0]).toBe("Hugo");
    const byRole = await list({ sort: "role", sortType: "asc", limit: 100 });
    expect(byRole.body.data.map((u: { role: { role: string } }) => u.role.role)).toEqual([
      "endUser",
      "endUser",
      "endUser",
      "influencer",
      "influencer",
      "shopOwner",
      "shopOwner",
      "staff",
    ]);
    const byGender = await list({ sort: "gender", sortType: "desc" });
    expect(byGender.body.data.map((u: { gender: string }) => u.gender)).toEqual([
      "Other",
      "Male",
      "Male",
      "Male",
      "Male",
      "Female",
      "Female",
      "Female",
    ]);
  });

  it("refuses an unknown sort column with 400", async () => {
    const res = await list({ sort: "passwordHash" });
    expect(res.status).toBe(400);
    expect(res.body.errors.sort).toHaveLength(1);
  });

  it("pages with skip and limit (or the spec's page), fetching one row more to know isNext", async () => {
    const first = await list({ limit: 3 });
    expect(first.body).toMatchObject({ count: 8, isNext: true });
    expect(names(first)).toEqual(["Hugo", "Gina", "Finn"]);
    const second = await list({ limit: 3, skip: 3 });
    expect(names(second)).toEqual(["Eve", "Dana", "Carl"]);
    expect(second.body.isNext).toBe(true);
    expect(names(await list({ limit: 3, page: 2 }))).toEqual(["Eve", "Dana", "Carl"]);
    const last = await list({ limit: 3, skip: 6 });
    expect(names(last)).toEqual(["Bella", "Aaron"]);
    expect(last.body).toMatchObject({ count: 8, isNext: false });
    const exact = await list({ limit: 4, skip: 4 });
    expect(exact.body.isNext).toBe(false);
    expect(names(exact)).toHaveLength(4);
  });

  it("caps the page size at 100: 100 is served, 101 is refused with 400 and changes nothing", async () => {
    expect((await list({ limit: 100 })).status).toBe(200);
    const res = await list({ limit: 101 });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.errors.limit).toEqual([MSG.listLimit(100)]);
    expect((await list({ limit: 0 })).status).toBe(400);
    expect((await list({ skip: -1 })).status).toBe(400);
  });

  it("searches first name, last name, full name, e-mail and phone, case-insensitively", async () => {
    expect(names(await list({ search: "bell" }))).toEqual(["Bella"]);
    expect(names(await list({ search: "YOUNG" }))).toEqual(["Bella"]);
    expect(names(await list({ search: "bella young" }))).toEqual(["Bella"]);
    expect(names(await list({ search: "carl@example" }))).toEqual(["Carl"]);
    expect(names(await list({ search: "433333333" }))).toEqual(["Carl"]);
    expect(names(await list({ search: "+61 433 333 333" }))).toEqual(["Carl"]);
    // as typed at home, with the trunk 0 (the one phone rule of every list)
    expect(names(await list({ search: "0433 333 333" }))).toEqual(["Carl"]);
    expect(names(await list({ search: "(04) 3333-3333" }))).toEqual(["Carl"]);
    // the spec's searchText is accepted as well
    expect(names(await list({ searchText: "Tate" }))).toEqual(["Gina"]);
    expect((await list({ search: "example.test" })).body.count).toBe(8);
  });

  it("treats the user's % and _ as text, not wildcards", async () => {
    expect((await list({ search: "%" })).body.count).toBe(0);
    expect((await list({ search: "_" })).body.count).toBe(0);
  });

  it("filters by one or several roles, and refuses the admin role", async () => {
    expect(names(await list({ role: "endUser" }))).toEqual(["Carl", "Bella", "Aaron"]);
    expect(names(await list({ role: ["influencer", "staff"] }))).toEqual(["Gina", "Eve", "Dana"]);
    expect(names(await list({ role: "shopOwner", search: "upton" }))).toEqual(["Finn"]);
    const refused = await list({ role: "admin" });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(MSG.invalidRoleFilter);
  });

  it("filters by gender; Others also finds an influencer's Other", async () => {
    expect(names(await list({ gender: "Female" }))).toEqual(["Gina", "Eve", "Bella"]);
    expect(names(await list({ gender: "Others" }))).toEqual(["Dana"]);
    expect(names(await list({ gender: "Male", role: "endUser" }))).toEqual(["Carl", "Aaron"]);
    const refused = await list({ gender: "Robot" });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(MSG.invalidGenderFilter);
  });
});

describe("GET user/{id}", () => {
  it("returns a customer's details with no shop", async () => {
    const res = await t.get(`user/${ids.bella}`, { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      _id: ids.bella,
      fName: "Bella",
      role: { role: "endUser" },
      shop: null,
      designation: null,
    });
  });

  it("adds the shop of an owner, and the shop and designation of a staff member", async () => {
    const owner = await t.get(`user/${ids.finn}`, { cookie: admin });
    expect(owner.body.data).toMatchObject({
      role: { role: "shopOwner" },
      shop: { _id: ids.finnShop, name: "Upton Outfitters" },
      designation: null,
    });
    const staff = await t.get(`user/${ids.gina}`, { cookie: admin });
    expect(staff.body.data).toMatchObject({
      role: { role: "staff" },
      shop: { _id: ids.finnShop, name: "Upton Outfitters" },
      designation: "Packer",
    });
    const closed = await t.get(`user/${ids.hugo}`, { cookie: admin });
    expect(closed.body.data.shop).toBeNull();
  });

  it("answers 404 with status 1004 for an unknown, deleted or admin account", async () => {
    for (const id of ["000000000000000000000000", ids.ivy, ids.otherAdmin, ids.boss]) {
      const res = await t.get(`user/${id}`, { cookie: admin });
      expect({ id, status: res.status, code: res.body.status }).toEqual({ id, status: 404, code: 1004 });
    }
  });
});

describe("who may call the user routes", () => {
  it("refuses shop owners and staff with 403 on list, details and delete", async () => {
    const owner = await t.signIn("finn@example.test", "Finn#2026!");
    const staff = await t.signIn("gina@example.test", "Gina#2026!");
    for (const cookie of [owner, staff]) {
      expect((await t.get("user/list", { cookie })).status).toBe(403);
      expect((await t.get(`user/${ids.aaron}`, { cookie })).status).toBe(403);
      expect((await t.delete(`user/${ids.aaron}`, { cookie })).status).toBe(403);
    }
    const [aaron] = await t.db.select().from(users).where(eq(users.id, ids.aaron));
    expect(aaron.deletedAt).toBeNull();
  });

  it("answers 401 with status 1001 without a session", async () => {
    const res = await t.get("user/list");
    expect(res.status).toBe(401);
    expect(res.body.status).toBe(1001);
  });
});

describe("DELETE user/{id}", () => {
  it("refuses to delete yourself", async () => {
    const res = await t.delete(`user/${ids.boss}`, { cookie: admin });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MSG.cannotDeleteSelf);
    expect((await t.get("auth/isLoggedIn", { cookie: admin })).status).toBe(200);
  });

  it("refuses to delete the owner of a live shop, who stays listed", async () => {
    const res = await t.delete(`user/${ids.finn}`, { cookie: admin });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MSG.cannotDeleteShopOwner);
    expect(names(await list({ search: "Finn" }))).toEqual(["Finn"]);
  });

  it("answers 404 for an unknown user and for another admin", async () => {
    expect((await t.delete("user/000000000000000000000000", { cookie: admin })).status).toBe(404);
    expect((await t.delete(`user/${ids.otherAdmin}`, { cookie: admin })).status).toBe(404);
    const [otto] = await t.db.select().from(users).where(eq(users.id, ids.otherAdmin));
    expect(otto.deletedAt).toBeNull();
  });

  it("soft-deletes a customer: the row stays with deletedAt, the list and details hide it, a second delete is 404", async () => {
    const res = await t.delete(`user/${ids.aaron}`, { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: MSG.userDeleted, data: { _id: ids.aaron } });
    const [row] = await t.db.select().from(users).where(eq(users.id, ids.aaron));
    expect(row.deletedAt).toBeInstanceOf(Date);
    const after = await list();
    expect(after.body.count).toBe(7);
    expect(names(after)).not.toContain("Aaron");
    expect((await t.get(`user/${ids.aaron}`, { cookie: admin })).status).toBe(404);
    const again = await t.delete(`user/${ids.aaron}`, { cookie: admin });
    expect(again.status).toBe(404);
  });

  it("deletes the owner of a deleted shop; the shop keeps pointing at them", async () => {
    expect((await t.delete(`user/${ids.hugo}`, { cookie: admin })).status).toBe(200);
    const [shop] = await t.db.select().from(shops).where(eq(shops.ownerId, ids.hugo));
    expect(shop.name).toBe("Closed Corner");
  });

  it("ends every session of a deleted user: their next request is 401/1001", async () => {
    const first = await t.signIn("gina@example.test", "Gina#2026!");
    const second = await t.signIn("gina@example.test", "Gina#2026!");
    expect((await t.get("auth/isLoggedIn", { cookie: first })).status).toBe(200);
    expect((await t.delete(`user/${ids.gina}`, { cookie: admin })).status).toBe(200);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, ids.gina))).toEqual([]);
    for (const cookie of [first, second]) {
      const res = await t.get("auth/isLoggedIn", { cookie });
      expect(res.status).toBe(401);
      expect(res.body.status).toBe(1001);
    }
    const relogin = await t.post("auth/login", { body: { email: "gina@example.test", password: "Gina#2026!" } });
    expect(relogin.status).toBe(400);
  });

  it("frees a deleted user's e-mail and phone for a new account", async () => {
    const reused = await createUser(t.db, {
      role: "endUser",
      fName: "Aaron",
      lName: "Again",
      email: "aaron@example.test",
      mobile: "411111111",
    });
    expect(names(await list({ search: "aaron@example.test" }))).toEqual(["Aaron"]);
    expect((await list({ search: "aaron@example.test" })).body.data[0]._id).toBe(reused.id);
  });
});
