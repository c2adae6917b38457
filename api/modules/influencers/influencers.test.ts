import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import { users } from "#api/db/schema";
import { createOwnerWithShop, createStaff, createUser } from "#api/db/seed/factories";
import { seedInfluencers } from "#api/db/seed/influencers";
import { hostPart } from "#api/modules/uploads";
import { isUniqueViolation } from "#api/platform/data/db-errors";
import { constraintOf } from "./service";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { PNG } from "../../../tests/factories";

let t: TestApi;
const cookie = { admin: "", admin2: "", owner: "", staff: "" };
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await testApi();
  await createUser(t.db, { role: "admin", email: "inf-admin@liveshop.test", password: "Admin#2026!" });
  await createUser(t.db, { role: "admin", email: "inf-admin2@liveshop.test", password: "Admin#2026!" });
  const { shop } = await createOwnerWithShop(t.db, { email: "inf-owner@liveshop.test", password: "Owner#2026!" });
  await createStaff(t.db, shop.id, ["product:add", "staff:add", "staff:edit"], {
    email: "inf-staff@liveshop.test",
    password: "Staff#2026!",
  });
  cookie.admin = await t.signIn("inf-admin@liveshop.test", "Admin#2026!");
  cookie.admin2 = await t.signIn("inf-admin2@liveshop.test", "Admin#2026!");
  cookie.owner = await t.signIn("inf-owner@liveshop.test", "Owner#2026!");
  cookie.staff = await t.signIn("inf-staff@liveshop.test", "Staff#2026!");
  ids.taken = (
    await createUser(t.db, { role: "endUser", email: "Taken@Example.test", countryCode: "+61", mobile: "412345678" })
  ).id;
  ids.gone = (
    await createUser(t.db, {
      role: "endUser",
      email: "gone@example.test",
      countryCode: "+61",
      mobile: "498765432",
      deletedAt: new Date(),
    })
  ).id;
  ids.customer = (await createUser(t.db, { role: "endUser", email: "customer@example.test" })).id;
});
afterAll(() => t.close());

/** An image really uploaded (and checked) by the holder of `as`, through the upload API. */
async function uploaded(purpose: "profileImage" | "portfolio" | "catalogueImage", as = cookie.admin) {
  const res = await t.app.request("http://localhost/api/upload/file", {
    method: "POST",
    headers: { cookie: as, "content-type": "image/png", "x-file-name": "picture.png", "x-purpose": purpose },
    body: PNG,
  });
  expect(res.status).toBe(200);
  return (await res.json()).data.location as string;
}

let n = 0;
/** A valid Add Influencer payload with its own e-mail and phone. */
async function payload(overrides: Record<string, unknown> = {}) {
  n++;
  return {
    role: "influencer",
    image: await uploaded("profileImage"),
    fName: "Mia Wong",
    email: `mia${n}@example.test`,
    countryFlag: "AU",
    countryCode: "+61",
    mobile: `0491 57${String(n).padStart(4, "0")}`,
    gender: "Female",
    dob: "14/02/1998",
    ethnicity: "southeastAsianPacificIslander",
    country: "AU",
    state: "NSW",
    city: "Sydney",
    bio: "Beauty and lifestyle live streams.",
    instaProfileId: "mia.wong",
    portfolio: [await uploaded("portfolio"), await uploaded("portfolio")],
    ...overrides,
  };
}

const add = (body: unknown, as = cookie.admin) => t.post("user/add-user", { cookie: as, body });
const edit = (id: string, body: unknown, as = cookie.admin) => t.put(`user/edit-user/${id}`, { cookie: as, body });
const verify = (body: unknown, as = cookie.admin) => t.put("user/verification", { cookie: as, body });
const row = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
/** The 400 of a refused add or edit: its field errors, having changed nothing. */
function refused(res: { status: number; body: { success: boolean; errors?: Record<string, string[]> } }) {
  expect(res.status).toBe(400);
  expect(res.body.success).toBe(false);
  return res.body.errors ?? {};
}

describe("POST user/add-user with role influencer (spec 1 §5 Add Influencer)", () => {
  it("adds a Pending influencer with no password, a verified phone and every extra", async () => {
    const body = await payload({ tiktokProfileId: "mia.tt", fbProfileId: "", youtubeProfileId: "  " });
    const res = await add(body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: MSG.influencerAdded });
    const data = res.body.data;
    expect(data).toMatchObject({
      fName: "Mia",
      lName: "Wong",
      email: body.email,
      image: body.image,
      countryCode: "+61",
      countryFlag: "AU",
      mobile: body.mobile.replace(/\s/g, "").replace(/^0/, ""),
      gender: "Female",
      customizeGender: null,
      dob: "1998-02-14",
      ethnicity: "southeastAsianPacificIslander",
      country: "AU",
      state: "NSW",
      city: "Sydney",
      countryName: "Australia",
      stateName: "New South Wales",
      bio: "Beauty and lifestyle live streams.",
      instaProfileId: "mia.wong",
      tiktokProfileId: "mia.tt",
      fbProfileId: null,
      youtubeProfileId: null,
      portfolio: body.portfolio,
      role: { role: "influencer" },
      status: "Pending",
    });
    const stored = await row(data._id);
    expect(stored.passwordHash).toBeNull();
    expect(stored.phoneVerifiedAt).toBeInstanceOf(Date);
    expect(stored.role).toBe("influencer");
    // the list the page reloads (limit 10, createdAt desc, page 1) shows it first
    const list = await t.get("user/list", {
      cookie: cookie.admin,
      query: { role: "influencer", limit: 10, sort: "createdAt", sortType: "desc" },
    });
    expect(list.body.data[0]).toMatchObject({ _id: data._id, status: "Pending", fName: "Mia" });
  });

  it("accepts a date of birth as YYYY-MM-DD and today's date, and a custom gender with Other", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const res = await add(await payload({ dob: today, gender: "Other", customizeGender: "Non-binary" }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ dob: today, gender: "Other", customizeGender: "Non-binary" });
  });

  it("drops a custom gender sent with Male or Female", async () => {
    const res = await add(await payload({ gender: "Male", customizeGender: "ignored" }));
    expect(res.body.data.customizeGender).toBeNull();
  });

  it("gives each required field's message, and adds nothing", async () => {
    const before = (await t.db.select().from(users)).length;
    const errors = refused(await add({ role: "influencer" }));
    expect(errors).toMatchObject({
      image: [MSG.influencerImageRequired],
      fName: [MSG.fullNameRequired],
      email: [MSG.emailInvalid],
      mobile: [MSG.missingPhone],
      gender: [MSG.genderRequired],
      dob: [MSG.dobRequired],
      ethnicity: [MSG.ethnicityRequired],
      country: [MSG.countryRequired],
      bio: [MSG.bioRequired],
      portfolio: [MSG.portfolioRequired],
    });
    const blanks = refused(
      await add(await payload({ image: "", fName: "  ", email: "", mobile: "", dob: "", bio: " ", portfolio: [] })),
    );
    expect(blanks).toMatchObject({
      image: [MSG.influencerImageRequired],
      fName: [MSG.fullNameRequired],
      email: [MSG.emailInvalid],
      mobile: [MSG.missingPhone],
      dob: [MSG.dobRequired],
      bio: [MSG.bioRequired],
      portfolio: [MSG.portfolioRequired],
    });
    expect((await t.db.select().from(users)).length).toBe(before);
  });

  it("refuses an invalid e-mail, phone, gender, ethnicity and an over-long name", async () => {
    expect(refused(await add(await payload({ email: "not-an-email" })))).toMatchObject({ email: [MSG.emailInvalid] });
    expect(refused(await add(await payload({ mobile: "12345" })))).toMatchObject({ mobile: [MSG.invalidPhone] });
    expect(refused(await add(await payload({ mobile: "0491 570 000 000 000 000" })))).toMatchObject({
      mobile: [MSG.invalidPhone],
    });
    expect(refused(await add(await payload({ gender: "Others" })))).toMatchObject({ gender: [MSG.genderRequired] });
    expect(refused(await add(await payload({ ethnicity: "martian" })))).toMatchObject({
      ethnicity: [MSG.ethnicityRequired],
    });
    expect(refused(await add(await payload({ fName: "A".repeat(26) })))).toMatchObject({ fName: [MSG.nameMax] });
    expect(refused(await add(await payload({ bio: "b".repeat(1001) })))).toMatchObject({ bio: [MSG.bioMax] });
  });

  it("asks for the custom gender when the gender is Other ('Please Enter The Gender')", async () => {
    const res = await add(await payload({ gender: "Other", customizeGender: "" }));
    expect(refused(res)).toMatchObject({ customizeGender: [MSG.customGenderRequired] });
    expect(res.body.message).toBe(MSG.customGenderRequired);
  });

  it("takes the date of birth as DD/MM/YYYY, a real date, not in the future", async () => {
    expect(refused(await add(await payload({ dob: "1998-02-30" })))).toMatchObject({ dob: [MSG.dobInvalid] });
    expect(refused(await add(await payload({ dob: "31/02/1998" })))).toMatchObject({ dob: [MSG.dobInvalid] });
    expect(refused(await add(await payload({ dob: "02/14/1998" })))).toMatchObject({ dob: [MSG.dobInvalid] });
    expect(refused(await add(await payload({ dob: "yesterday" })))).toMatchObject({ dob: [MSG.dobInvalid] });
    const nextYear = new Date().getUTCFullYear() + 1;
    expect(refused(await add(await payload({ dob: `01/01/${nextYear}` })))).toMatchObject({ dob: [MSG.dobFuture] });
  });

  it("checks that country, state and city exist and belong together", async () => {
    expect(refused(await add(await payload({ country: "XX" })))).toMatchObject({ country: [MSG.geoCountryUnknown] });
    expect(refused(await add(await payload({ state: "" })))).toMatchObject({ state: [MSG.stateRequired] });
    expect(refused(await add(await payload({ state: "CA" })))).toMatchObject({ state: [MSG.geoStateUnknown] });
    expect(refused(await add(await payload({ city: "" })))).toMatchObject({ city: [MSG.cityRequired] });
    expect(refused(await add(await payload({ city: "Melbourne" })))).toMatchObject({ city: [MSG.cityRequired] });
    const vic = await add(await payload({ state: "VIC", city: "Melbourne" }));
    expect(vic.body.data).toMatchObject({ state: "VIC", city: "Melbourne", stateName: "Victoria" });
  });

  it("accepts a country that has no states without state and city", async () => {
    // Aruba: the geo data lists no states
    const res = await add(await payload({ country: "AW", state: "", city: "" }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ country: "AW", state: null, city: null, countryName: "Aruba" });
  });

  it("takes 1 to 8 portfolio images, each an upload of this admin for the portfolio", async () => {
    const eight = await Promise.all(Array.from({ length: 8 }, () => uploaded("portfolio")));
    const ok = await add(await payload({ portfolio: eight }));
    expect(ok.status).toBe(200);
    expect(ok.body.data.portfolio).toEqual(eight);
    const nine = [...eight, await uploaded("portfolio")];
    expect(refused(await add(await payload({ portfolio: nine })))).toMatchObject({ portfolio: [MSG.portfolioMax] });
    // one picture sent alone (a form with a single value) is a list of one
    const single = await add(await payload({ portfolio: await uploaded("portfolio") }));
    expect(single.body.data.portfolio).toHaveLength(1);
    // a file that is not this admin's, not a portfolio upload, or not ours at all
    expect(
      refused(await add(await payload({ portfolio: [await uploaded("portfolio", cookie.admin2)] }))),
    ).toMatchObject({ portfolio: [MSG.portfolioNotUploaded] });
    expect(refused(await add(await payload({ portfolio: [await uploaded("catalogueImage")] })))).toMatchObject({
      portfolio: [MSG.portfolioNotUploaded],
    });
    expect(refused(await add(await payload({ portfolio: ["https://elsewhere.example/cat.png"] })))).toMatchObject({
      portfolio: [MSG.portfolioNotUploaded],
    });
  });

  it("takes a profile image only from this admin's own profile-image uploads", async () => {
    expect(refused(await add(await payload({ image: await uploaded("profileImage", cookie.admin2) })))).toMatchObject({
      image: [MSG.imageNotUploaded],
    });
    expect(refused(await add(await payload({ image: await uploaded("portfolio") })))).toMatchObject({
      image: [MSG.imageNotUploaded],
    });
    expect(refused(await add(await payload({ image: "/api/files/nowhere/picture.png" })))).toMatchObject({
      image: [MSG.imageNotUploaded],
    });
  });

  it("refuses an e-mail (any case) or phone used by another live account; a deleted account's are free", async () => {
    const both = refused(await add(await payload({ email: "TAKEN@example.test", mobile: "0412 345 678" })));
    expect(both).toMatchObject({ email: [MSG.emailTaken], mobile: [MSG.phoneTaken] });
    expect(refused(await add(await payload({ countryFlag: "NZ", mobile: "+61 412 345 678" })))).toMatchObject({
      mobile: [MSG.phoneTaken],
    });
    const reuse = await add(await payload({ email: "gone@example.test", mobile: "0498 765 432" }));
    expect(reuse.status).toBe(200);
  });
});

describe("two saves racing for one e-mail or phone", () => {
  it("are told apart by the unique index that refused the write (users_email_unique, users_phone_unique)", async () => {
    const attempt = async (values: Record<string, string>) => {
      try {
        await createUser(t.db, { role: "influencer", ...values });
      } catch (error) {
        return { unique: isUniqueViolation(error), constraint: constraintOf(error) };
      }
      return null;
    };
    expect(await attempt({ email: "TAKEN@example.test", mobile: "455000111" })).toEqual({
      unique: true,
      constraint: "users_email_unique",
    });
    expect(await attempt({ email: "fresh@example.test", countryCode: "+61", mobile: "412345678" })).toEqual({
      unique: true,
      constraint: "users_phone_unique",
    });
  });
});

describe("POST user/add-user with role shopOwner (spec 1 §3 Owner payload)", () => {
  it("adds a shop owner with no password, for POST shop/add to name", async () => {
    const res = await add({
      role: "shopOwner",
      fName: "Olive Grant",
      gender: "Female",
      countryFlag: "AU",
      countryCode: "+61",
      mobile: "0433 111 222",
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      fName: "Olive",
      lName: "Grant",
      role: { role: "shopOwner" },
      countryCode: "+61",
      mobile: "433111222",
    });
    const stored = await row(res.body.data._id);
    expect(stored.passwordHash).toBeNull();
    expect(stored.phoneVerifiedAt).toBeInstanceOf(Date);
  });

  it("gives the owner form's messages, and refuses an unknown role", async () => {
    expect(refused(await add({ role: "shopOwner" }))).toMatchObject({
      fName: [MSG.ownerNameRequired],
      gender: [MSG.ownerGenderRequired],
      mobile: [MSG.ownerPhoneRequired],
    });
    expect(refused(await add({ role: "admin", fName: "Eve" }))).toMatchObject({ role: [MSG.addUserRole] });
    expect(refused(await add({ fName: "Eve" }))).toMatchObject({ role: [MSG.addUserRole] });
  });
});

describe("GET user/influencer/{id}", () => {
  it("returns the influencer with every extra", async () => {
    const added = (await add(await payload())).body.data;
    const res = await t.get(`user/influencer/${added._id}`, { cookie: cookie.admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(added);
  });

  it("answers 404 (status 1004) for an unknown id, a customer and a deleted influencer", async () => {
    const deleted = (await add(await payload())).body.data._id;
    expect((await t.delete(`user/${deleted}`, { cookie: cookie.admin })).status).toBe(200);
    for (const id of ["000000000000000000000000", ids.customer, deleted]) {
      const res = await t.get(`user/influencer/${id}`, { cookie: cookie.admin });
      expect({ id, status: res.status, code: res.body.status }).toEqual({ id, status: 404, code: 1004 });
    }
  });
});

describe("PUT user/edit-user/{userId}", () => {
  it("saves every field; image and portfolio left out stay as they were", async () => {
    const before = (await add(await payload())).body.data;
    const { image: _image, portfolio: _portfolio, role: _role, ...rest } = await payload();
    const res = await edit(before._id, {
      ...rest,
      fName: "Mia Chen Wong",
      gender: "Other",
      customizeGender: "Agender",
      state: "VIC",
      city: "Melbourne",
      instaProfileId: "",
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.influencerUpdated);
    expect(res.body.data).toMatchObject({
      fName: "Mia",
      lName: "Chen Wong",
      email: rest.email,
      customizeGender: "Agender",
      state: "VIC",
      city: "Melbourne",
      instaProfileId: null,
      image: before.image,
      portfolio: before.portfolio,
      status: "Pending",
    });
  });

  it("keeps its own e-mail and phone, and removes portfolio images, down to none (optional on edit, spec 1 §5)", async () => {
    const body = await payload();
    const before = (await add(body)).body.data;
    const { role: _role, ...same } = body;
    const kept = await edit(before._id, { ...same, portfolio: [before.portfolio[1]] });
    expect(kept.status).toBe(200);
    expect(kept.body.data.portfolio).toEqual([before.portfolio[1]]);
    const none = await edit(before._id, { ...same, portfolio: [] });
    expect(none.status).toBe(200);
    expect(none.body.data.portfolio).toEqual([]);
    // left out, the current portfolio stays
    const { portfolio: _p, ...withoutPortfolio } = same;
    expect((await edit(before._id, { ...withoutPortfolio, portfolio: [before.portfolio[1]] })).status).toBe(200);
    expect((await edit(before._id, withoutPortfolio)).body.data.portfolio).toEqual([before.portfolio[1]]);
    // a new picture and a new portfolio image: this admin's uploads
    const image = await uploaded("profileImage");
    const extra = await uploaded("portfolio");
    const changed = await edit(before._id, { ...same, image, portfolio: [before.portfolio[1], extra] });
    expect(changed.body.data).toMatchObject({ image, portfolio: [before.portfolio[1], extra] });
    expect(
      refused(await edit(before._id, { ...same, portfolio: [await uploaded("portfolio", cookie.admin2)] })),
    ).toMatchObject({ portfolio: [MSG.portfolioNotUploaded] });
    expect((await row(before._id)).portfolio).toEqual([before.portfolio[1], extra]);
  });

  it("applies the add rules and refuses another account's e-mail or phone", async () => {
    const before = (await add(await payload())).body.data;
    const { role: _role, ...rest } = await payload();
    expect(refused(await edit(before._id, { ...rest, fName: "", dob: "30/02/2000", bio: "" }))).toMatchObject({
      fName: [MSG.fullNameRequired],
      dob: [MSG.dobInvalid],
      bio: [MSG.bioRequired],
    });
    expect(refused(await edit(before._id, { ...rest, gender: "Other" }))).toMatchObject({
      customizeGender: [MSG.customGenderRequired],
    });
    expect(
      refused(await edit(before._id, { ...rest, email: "taken@example.test", mobile: "412345678" })),
    ).toMatchObject({ email: [MSG.emailTaken], mobile: [MSG.phoneTaken] });
    expect((await row(before._id)).email).toBe(before.email);
  });

  it("answers 404 for an unknown user and for a user who is not an influencer", async () => {
    const { role: _role, ...rest } = await payload();
    expect((await edit("000000000000000000000000", rest)).status).toBe(404);
    expect((await edit(ids.customer, rest)).status).toBe(404);
    expect((await row(ids.customer)).email).toBe("customer@example.test");
  });
});

describe("PUT user/verification {userId, status} (spec 1 §4)", () => {
  it("follows Pending → Approved → Rejected → Approved, refusing what the dialog disables", async () => {
    const id = (await add(await payload())).body.data._id;
    const approve = await verify({ userId: id, status: "Approved" });
    expect(approve.status).toBe(200);
    expect(approve.body).toMatchObject({
      success: true,
      message: MSG.influencerStatusChanged("Approved"),
      data: { _id: id, status: "Approved" },
    });
    // once Approved, Pending is disabled
    const back = await verify({ userId: id, status: "Pending" });
    expect(back.status).toBe(400);
    expect(back.body.message).toBe(MSG.influencerStatusNotAllowed("Approved", "Pending"));
    expect((await row(id)).status).toBe("Approved");
    expect((await verify({ userId: id, status: "Rejected" })).body.data.status).toBe("Rejected");
    expect((await verify({ userId: id, status: "Pending" })).body.message).toBe(
      MSG.influencerStatusNotAllowed("Rejected", "Pending"),
    );
    expect((await verify({ userId: id, status: "Approved" })).body.data.status).toBe("Approved");
    const listed = await t.get("user/list", {
      cookie: cookie.admin,
      query: { role: "influencer", search: (await row(id)).email! },
    });
    expect(listed.body.data[0].status).toBe("Approved");
  });

  it("Pending → Rejected is allowed", async () => {
    const id = (await add(await payload())).body.data._id;
    expect((await verify({ userId: id, status: "Rejected" })).body.data.status).toBe("Rejected");
  });

  it("answers 'Please Change the Status' for the same status or none", async () => {
    const id = (await add(await payload())).body.data._id;
    for (const body of [{ userId: id, status: "Pending" }, { userId: id }, { userId: id, status: "" }]) {
      const res = await verify(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MSG.statusUnchanged);
    }
    const odd = await verify({ userId: id, status: "Banned" });
    expect(odd.status).toBe(400);
    expect(odd.body.message).toBe(MSG.influencerStatusInvalid);
    expect((await row(id)).status).toBe("Pending");
  });

  it("answers 404 for an unknown user, a customer and a deleted influencer", async () => {
    const deleted = (await add(await payload())).body.data._id;
    await t.delete(`user/${deleted}`, { cookie: cookie.admin });
    for (const userId of ["000000000000000000000000", ids.customer, deleted]) {
      expect((await verify({ userId, status: "Approved" })).status).toBe(404);
    }
    expect((await row(ids.customer)).status).toBe("Approved");
  });

  it("is named in the OpenAPI document", async () => {
    const doc = await t.get("openapi.json");
    expect(doc.body.paths["/api/user/verification"].put.summary).toContain(
      "PUT /api/user/verification {userId, status}",
    );
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(["/api/user/influencer/{id}", "/api/user/add-user", "/api/user/edit-user/{userId}"]),
    );
  });
});

describe("DELETE user/{id} for an influencer", () => {
  it("soft-deletes: gone from the influencer list, the row stays", async () => {
    const added = (await add(await payload())).body.data;
    const res = await t.delete(`user/${added._id}`, { cookie: cookie.admin });
    expect(res.status).toBe(200);
    expect((await row(added._id)).deletedAt).toBeInstanceOf(Date);
    const list = await t.get("user/list", { cookie: cookie.admin, query: { role: "influencer", search: added.email } });
    expect(list.body.count).toBe(0);
  });
});

describe("who may call the influencer routes", () => {
  it("refuses shop owners and staff (403; a Pending influencer's profile 404 to an owner), and changes nothing", async () => {
    const target = (await add(await payload())).body.data;
    for (const as of [cookie.owner, cookie.staff]) {
      // a shop reads Approved influencers only (the invite view, ADR 0061): this Pending one is not there for it
      expect((await t.get(`user/influencer/${target._id}`, { cookie: as })).status).toBe(
        as === cookie.owner ? 404 : 403,
      );
      expect((await add({ role: "influencer" }, as)).status).toBe(403);
      expect(
        (await add({ role: "shopOwner", fName: "X", gender: "Male", countryFlag: "AU", mobile: "0433 999 888" }, as))
          .status,
      ).toBe(403);
      expect((await edit(target._id, { fName: "Hacked" }, as)).status).toBe(403);
      expect((await verify({ userId: target._id, status: "Approved" }, as)).status).toBe(403);
      expect((await t.get("user/list", { cookie: as, query: { role: "influencer" } })).status).toBe(403);
      expect((await t.delete(`user/${target._id}`, { cookie: as })).status).toBe(403);
    }
    const stored = await row(target._id);
    expect(stored).toMatchObject({ fName: "Mia", status: "Pending", deletedAt: null });
  });

  it("answers 401 with status 1001 without a session", async () => {
    for (const res of [
      await t.get(`user/influencer/${"0".repeat(24)}`),
      await add({ role: "influencer" }, ""),
      await verify({ userId: "x", status: "Approved" }, ""),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body.status).toBe(1001);
    }
  });
});

describe("demo influencers", () => {
  it("have every extra, 2 to 5 stored portfolio images and a picture, in every verification state", async () => {
    const [admin] = await t.db.select().from(users).where(eq(users.email, "inf-admin@liveshop.test"));
    const people = [0, 1, 2].map((i) => ({
      fName: `Demo${i}`,
      lName: "Seed",
      gender: "Female",
      mobile: `47000000${i}`,
      email: `demo${i}@seed.test`,
      createdAt: new Date("2026-05-01T00:00:00Z"),
    }));
    await seedInfluencers(
      t.db,
      { storage: t.deps.storage, host: hostPart(t.deps, undefined) },
      { adminId: admin.id, people, extra: 3 },
    );
    const seeded = (await t.db.select().from(users)).filter(
      (u) =>
        u.role === "influencer" &&
        (u.lName === "Seed" || u.createdAt < new Date("2026-11-02")) &&
        u.image?.includes("profileImage"),
    );
    expect(seeded.length).toBeGreaterThanOrEqual(6);
    expect(new Set(seeded.map((u) => u.status))).toEqual(new Set(["Pending", "Approved", "Rejected"]));
    for (const u of seeded) {
      const res = await t.get(`user/influencer/${u.id}`, { cookie: cookie.admin });
      expect(res.status).toBe(200);
      const inf = res.body.data;
      for (const key of [
        "dob",
        "ethnicity",
        "country",
        "state",
        "city",
        "countryName",
        "stateName",
        "bio",
        "instaProfileId",
        "image",
      ])
        expect(inf[key], key).toBeTruthy();
      expect(inf.portfolio.length).toBeGreaterThanOrEqual(2);
      expect(inf.portfolio.length).toBeLessThanOrEqual(5);
      if (inf.gender === "Other") expect(inf.customizeGender).toBeTruthy();
      // each picture is served, and counts as the admin's own upload (so the edit form keeps or reuses it)
      for (const url of [inf.image, ...inf.portfolio]) {
        const file = await t.app.request(`http://localhost${url}`);
        expect(file.status, url).toBe(200);
        expect(file.headers.get("content-type")).toBe("image/png");
      }
      // the edit form saves a seeded influencer unchanged
      const {
        _id,
        lName: _l,
        createdAt: _c,
        locations: _lo,
        role: _r,
        status: _s,
        countryName: _cn,
        stateName: _sn,
        countryCode: _cc,
        ...rest
      } = inf;
      const saved = await edit(_id, { ...rest, fName: `${inf.fName} ${inf.lName}` });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
  });
});
