import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import { users } from "#api/db/schema";
import { createOwnerWithShop, createStaff, createUser } from "#api/db/seed/factories";
import { testApi, type TestApi } from "../../../tests/api-harness";

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3, 4,
]);

let t: TestApi;
let admin: typeof users.$inferSelect;
let adminCookie: string;
let ownerCookie: string;
let owner: typeof users.$inferSelect;
let staffCookie: string;
beforeAll(async () => {
  t = await testApi();
  admin = await createUser(t.db, {
    role: "admin",
    email: "me@liveshop.test",
    password: "Admin#2026!",
    mobile: "412345678",
    gender: "Female",
  });
  adminCookie = await t.signIn("me@liveshop.test", "Admin#2026!");
  const shop = await createOwnerWithShop(t.db, {
    email: "shopper@liveshop.test",
    password: "Owner#2026!",
    mobile: "412000111",
  });
  owner = shop.owner;
  ownerCookie = await t.signIn("shopper@liveshop.test", "Owner#2026!");
  await createStaff(t.db, shop.shop.id, [], {
    email: "helper@liveshop.test",
    password: "Staff#2026!",
    mobile: "412000222",
  });
  staffCookie = await t.signIn("helper@liveshop.test", "Staff#2026!");
});
afterAll(() => t.close());

const editProfile = (cookie: string, body: Record<string, unknown>) => t.post("user/edit-profile", { cookie, body });
const rowOf = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

/** A profile image really uploaded (and checked) by the holder of `cookie`. */
async function uploadedImage(cookie: string) {
  const res = await t.app.request("http://localhost/api/upload/file", {
    method: "POST",
    headers: { cookie, "content-type": "image/png", "x-file-name": "me.png", "x-purpose": "profileImage" },
    body: PNG,
  });
  expect(res.status).toBe(200);
  return (await res.json()).data.location as string;
}

describe("POST user/edit-profile", () => {
  it("needs a session", async () => {
    const res = await t.post("user/edit-profile", { body: { fName: "X" } });
    expect(res.status).toBe(401);
  });

  it("answers missing fields with the spec's messages, keyed by field", async () => {
    const res = await editProfile(adminCookie, { fName: "", mobile: "", gender: "", countryFlag: "AU" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      fName: ["Please Enter Your Name"],
      mobile: ["Please Enter Your Phone Number"],
      gender: ["Please Select Gender"],
    });
    expect(res.body.message).toBe("Please Enter Your Name");
  });

  it("refuses a name over 25 characters and an invalid phone number", async () => {
    const long = await editProfile(adminCookie, {
      fName: "A".repeat(26),
      countryFlag: "AU",
      mobile: "412345678",
      gender: "Male",
    });
    expect(long.body.errors.fName).toEqual(["Maximum 25 Character Required"]);
    const phone = await editProfile(adminCookie, { fName: "Ann Lee", countryFlag: "AU", mobile: "12", gender: "Male" });
    expect(phone.status).toBe(400);
    expect(phone.body.errors.mobile).toEqual(["Please enter a valid mobile number"]);
    expect((await rowOf(admin.id)).fName).toBe(admin.fName);
  });

  it("saves the name split at the first space, the phone with its dial code, and the gender", async () => {
    const res = await editProfile(adminCookie, {
      fName: "Mary  Jane Watson",
      countryFlag: "NZ",
      mobile: "021 234 5678",
      gender: "Others",
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Changes made successfully");
    expect(res.body.data).toMatchObject({
      fName: "Mary",
      lName: "Jane Watson",
      countryFlag: "NZ",
      countryCode: "+64",
      mobile: "212345678",
      gender: "Others",
    });
    expect(await rowOf(admin.id)).toMatchObject({
      fName: "Mary",
      lName: "Jane Watson",
      countryCode: "+64",
      mobile: "212345678",
      gender: "Others",
    });
  });

  it("refuses a phone number another account uses, and changes nothing", async () => {
    const res = await editProfile(adminCookie, {
      fName: "Someone Else",
      countryFlag: "AU",
      mobile: "0412 000 111",
      gender: "Male",
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.mobile).toEqual([MSG.phoneTaken]);
    expect((await rowOf(admin.id)).fName).toBe("Mary");
  });

  it("reads only the profile fields: role, e-mail or password in the payload change nothing", async () => {
    const res = await editProfile(ownerCookie, {
      fName: "Sam Owner",
      countryFlag: "AU",
      mobile: "412000111",
      gender: "Male",
      role: "admin",
      email: "taken-over@liveshop.test",
      passwordHash: "x",
    });
    expect(res.status).toBe(200);
    expect(await rowOf(owner.id)).toMatchObject({
      role: "shopOwner",
      email: "shopper@liveshop.test",
      fName: "Sam",
      lName: "Owner",
    });
  });

  it("does not let a shop owner or staff member change their phone (spec 1 §5)", async () => {
    for (const cookie of [ownerCookie, staffCookie]) {
      const res = await editProfile(cookie, {
        fName: "New Name",
        countryFlag: "AU",
        mobile: "412999888",
        gender: "Female",
      });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(MSG.phoneNotEditable);
    }
    expect((await rowOf(owner.id)).mobile).toBe("412000111");
    expect((await rowOf(owner.id)).fName).toBe("Sam");
  });

  it("changes the avatar to the user's own checked upload with 'Profile Image Updated Successfully', and removes it with 'null'", async () => {
    const location = await uploadedImage(adminCookie);
    const res = await editProfile(adminCookie, { image: location });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Profile Image Updated Successfully");
    expect(res.body.data.image).toBe(location);
    expect((await rowOf(admin.id)).image).toBe(location);
    const removed = await editProfile(adminCookie, { image: "null" });
    expect(removed.body.message).toBe("Profile Image Updated Successfully");
    expect((await rowOf(admin.id)).image).toBeNull();
  });

  it("refuses an image that is not an upload of this user", async () => {
    const foreign = await editProfile(adminCookie, { image: "https://evil.example/pixel.png" });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors.image).toEqual([MSG.imageNotUploaded]);
    const someoneElses = await uploadedImage(ownerCookie);
    expect((await editProfile(adminCookie, { image: someoneElses })).status).toBe(400);
    const signed = await t.post("upload/sign", {
      cookie: adminCookie,
      body: { fileName: "a.png", contentType: "image/png", size: 20, purpose: "profileImage" },
    });
    expect((await editProfile(adminCookie, { image: signed.body.data.location })).status).toBe(400);
    expect((await rowOf(admin.id)).image).toBeNull();
  });
});

describe("POST user/change-password", () => {
  it("is for admins only", async () => {
    for (const cookie of [ownerCookie, staffCookie]) {
      const res = await t.post("user/change-password", {
        cookie,
        body: { oldPassword: "Owner#2026!", newPassword: "Another#2026" },
      });
      expect(res.status).toBe(403);
    }
  });

  it("answers missing and short passwords with messages", async () => {
    const empty = await t.post("user/change-password", {
      cookie: adminCookie,
      body: { oldPassword: "", newPassword: "" },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.oldPassword).toEqual([MSG.currentPasswordRequired]);
    expect(empty.body.errors.newPassword[0]).toBe(MSG.newPasswordRequired);
    const short = await t.post("user/change-password", {
      cookie: adminCookie,
      body: { oldPassword: "Admin#2026!", newPassword: "short" },
    });
    expect(short.body.errors.newPassword).toEqual([MSG.passwordMin]);
  });

  it("refuses a wrong current password and keeps the old one", async () => {
    const res = await t.post("user/change-password", {
      cookie: adminCookie,
      body: { oldPassword: "not-it", newPassword: "Brand#New2026" },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.oldPassword).toEqual([MSG.currentPasswordWrong]);
    expect(await t.signIn("me@liveshop.test", "Admin#2026!")).toMatch(/^ls_session=/);
  });

  it("stores the new password as argon2id, ends every other session and keeps this one", async () => {
    const other = await t.signIn("me@liveshop.test", "Admin#2026!");
    const res = await t.post("user/change-password", {
      cookie: adminCookie,
      body: { oldPassword: "Admin#2026!", newPassword: "Brand#New2026" },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Password Changed Successfully");
    expect((await rowOf(admin.id)).passwordHash).toMatch(/^\$argon2id\$/);
    expect((await t.get("auth/isLoggedIn", { cookie: other })).status).toBe(401);
    expect((await t.get("auth/isLoggedIn", { cookie: adminCookie })).status).toBe(200);
    expect((await t.post("auth/login", { body: { email: "me@liveshop.test", password: "Admin#2026!" } })).status).toBe(
      400,
    );
    expect(await t.signIn("me@liveshop.test", "Brand#New2026")).toMatch(/^ls_session=/);
  });

  it("stops guessing the current password after 10 wrong tries", async () => {
    await createUser(t.db, { role: "admin", email: "guess@liveshop.test", password: "Guess#2026!" });
    const cookie = await t.signIn("guess@liveshop.test", "Guess#2026!");
    for (let i = 0; i < 10; i++) {
      expect(
        (
          await t.post("user/change-password", {
            cookie,
            body: { oldPassword: `wrong-${i}`, newPassword: "Whatever#2026" },
          })
        ).status,
      ).toBe(400);
    }
    const blocked = await t.post("user/change-password", {
      cookie,
      body: { oldPassword: "Guess#2026!", newPassword: "Whatever#2026" },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(MSG.passwordThrottled);
  });
});
