import { and, count, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import type { UploadPurpose } from "#contract/uploads/uploads";
import { sessions, shopCategories, shops, users } from "#api/db/schema";
import { createUser } from "#api/db/seed/factories";
import { createCategory } from "#api/db/seed/catalogue-factories";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { KIT_PASSWORD, testKit, type TestKit } from "../../../tests/factories";

const timings = {
  monday: [{ status: true, start: "9:00 AM", end: "5:00 PM" }],
  saturday: [
    { status: true, start: "10:00 AM", end: "1:00 PM" },
    { status: true, start: "2:00 PM", end: "4:00 PM" },
  ],
};

let t: TestApi;
let kit: TestKit;
const cookie: Record<string, string> = {};
const dept: Record<string, string> = {};
let leafId: string;
let shopA: { id: string; ownerId: string };
let shopB: { id: string; ownerId: string };
let place: { description: string; place_id: string };

const uploadedImage = (as: string, purpose: UploadPurpose = "shopImage") => kit.upload(as, purpose);

let phoneSeq = 0;
/** A valid Australian mobile number nobody uses yet. */
const freshMobile = () => `4${String(91000000 + phoneSeq++).padStart(8, "0")}`;

async function validShop(overrides: Record<string, unknown> = {}) {
  return {
    owner: { fName: "Ava Chen", gender: "Female", countryFlag: "AU", countryCode: "+61", mobile: freshMobile() },
    name: "Ava Ceramics",
    story: "Hand-thrown stoneware.\n\nMade in Sydney.",
    email: "Hello@AvaCeramics.test",
    website: "avaceramics.test",
    location: { address: place.description, placeId: place.place_id },
    categories: [dept.home],
    image: await uploadedImage(cookie.admin),
    coverImage: await uploadedImage(cookie.admin),
    timings,
    ...overrides,
  };
}
const addShop = (body: unknown, as = cookie.admin) => t.post("shop/add", { cookie: as, body });
const userCount = async () => (await t.db.select({ n: count() }).from(users))[0]!.n;
const shopCount = async () => (await t.db.select({ n: count() }).from(shops))[0]!.n;
const login = (email: string) => t.post("auth/login", { body: { email, password: KIT_PASSWORD } });

beforeAll(async () => {
  t = await testApi();
  kit = testKit(t);
  for (const [key, name] of [
    ["fashion", "Fashion"],
    ["home", "Home & Living"],
    ["beauty", "Beauty"],
    ["toys", "Toys"],
    ["sport", "Sport"],
  ] as const) {
    dept[key] = (await createCategory(t.db, { name })).id;
  }
  const child = await createCategory(t.db, { name: "Mugs", parent: { id: dept.home!, level: 0 } });
  leafId = child.id;
  const a = await kit.shop({
    name: "Harbour Threads",
    email: "hello@harbour.test",
    status: "Approved",
    owner: { fName: "Liam", lName: "Nguyen" },
    departments: [dept.fashion!, dept.beauty!, dept.toys!, dept.sport!],
  });
  shopA = { id: a.id, ownerId: a.owner.id };
  const b = await kit.shop({
    name: "Glow Botanics",
    status: "Pending",
    owner: { fName: "Mia", lName: "Rossi" },
    departments: [dept.beauty!],
  });
  shopB = { id: b.id, ownerId: b.owner.id };
  cookie.admin = (await kit.admin()).cookie;
  cookie.owner = a.owner.cookie;
  cookie.staff = (await kit.staff(a, ["shop:edit-details", "staff:add", "staff:edit"])).cookie;
  const predicted = await t.get("geo/places/autocomplete", {
    cookie: cookie.admin,
    query: { input: "12 George St, Sydney" },
  });
  place = predicted.body.data[0];
});
afterAll(() => t.close());

describe("GET shop/list (spec 1 §7)", () => {
  it("lists live shops with their departments, owner and status, newest first", async () => {
    const res = await t.get("shop/list", { cookie: cookie.admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, count: 2, isNext: false });
    expect(res.body.data.map((s: { name: string }) => s.name)).toEqual(["Glow Botanics", "Harbour Threads"]);
    expect(res.body.data[1]).toMatchObject({
      _id: shopA.id,
      email: "hello@harbour.test",
      status: "Approved",
      image: "null",
      ownerId: { _id: shopA.ownerId, fName: "Liam", lName: "Nguyen" },
      categories: [
        { _id: dept.beauty, name: "Beauty" },
        { _id: dept.fashion, name: "Fashion" },
        { _id: dept.sport, name: "Sport" },
        { _id: dept.toys, name: "Toys" },
      ],
    });
  });

  it("filters by departments (repeated category: shops with any of them) and searches name, e-mail and owner", async () => {
    const byCat = async (category: string[]) =>
      (await t.get("shop/list", { cookie: cookie.admin, query: { category } })).body.data.map(
        (s: { name: string }) => s.name,
      );
    expect(await byCat([dept.fashion!])).toEqual(["Harbour Threads"]);
    expect(await byCat([dept.beauty!])).toEqual(["Glow Botanics", "Harbour Threads"]);
    expect(await byCat([dept.home!])).toEqual([]);
    const search = async (s: string) =>
      (await t.get("shop/list", { cookie: cookie.admin, query: { search: s } })).body.data.map(
        (x: { name: string }) => x.name,
      );
    expect(await search("glow")).toEqual(["Glow Botanics"]);
    expect(await search("harbour.test")).toEqual(["Harbour Threads"]);
    expect(await search("Mia Rossi")).toEqual(["Glow Botanics"]);
    expect(await search("100%")).toEqual([]);
  });

  it("sorts, pages and counts", async () => {
    const res = await t.get("shop/list", { cookie: cookie.admin, query: { sort: "name", sortType: "asc", limit: 1 } });
    expect(res.body).toMatchObject({ count: 2, isNext: true });
    expect(res.body.data[0].name).toBe("Glow Botanics");
    const second = await t.get("shop/list", {
      cookie: cookie.admin,
      query: { sort: "name", sortType: "asc", limit: 1, skip: 1 },
    });
    expect(second.body).toMatchObject({ isNext: false, data: [{ name: "Harbour Threads" }] });
    expect((await t.get("shop/list", { cookie: cookie.admin, query: { sort: "password" } })).status).toBe(400);
  });
});

describe("POST shop/add (spec 1 §5 Add shop)", () => {
  it("creates the owner (no password, phone verified) and the Pending shop in one call, with 'Shop - {name} created successfully'", async () => {
    const body = await validShop();
    const res = await addShop(body);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Shop - Ava Ceramics created successfully");
    const [shop] = await t.db.select().from(shops).where(eq(shops.id, res.body.data._id));
    expect(shop).toMatchObject({
      name: "Ava Ceramics",
      email: "hello@avaceramics.test",
      website: "https://avaceramics.test",
      status: "Pending",
      address: "12 George St, Sydney, New South Wales, Australia",
      placeId: place.place_id,
      latitude: -33.86785,
      longitude: 151.20732,
      story: "<p>Hand-thrown stoneware.</p><p>Made in Sydney.</p>",
      timings,
      image: body.image,
      coverImage: body.coverImage,
    });
    const [owner] = await t.db.select().from(users).where(eq(users.id, shop!.ownerId));
    expect(owner).toMatchObject({
      fName: "Ava",
      lName: "Chen",
      gender: "Female",
      role: "shopOwner",
      countryCode: "+61",
      countryFlag: "AU",
      mobile: body.owner.mobile,
      passwordHash: null,
    });
    expect(owner!.phoneVerifiedAt).toBeInstanceOf(Date);
    expect(
      await t.db
        .select({ c: shopCategories.categoryId })
        .from(shopCategories)
        .where(eq(shopCategories.shopId, shop!.id)),
    ).toEqual([{ c: dept.home }]);
    // the admin reads it back in the spec's wire format: an empty website would be ' '
    const details = await t.get(`shop/getdetails/${shop!.id}`, { cookie: cookie.admin });
    expect(details.body.data).toMatchObject({
      name: "Ava Ceramics",
      location: { coordinates: [151.20732, -33.86785] },
      status: "Pending",
    });
  });

  it("stores an empty website as NULL (the wire's single space too)", async () => {
    for (const website of ["", " "]) {
      const res = await addShop(await validShop({ name: `No Site ${website.length}`, website }));
      expect(res.status).toBe(200);
      const [shop] = await t.db.select({ website: shops.website }).from(shops).where(eq(shops.id, res.body.data._id));
      expect(shop!.website).toBeNull();
      expect((await t.get(`shop/getdetails/${res.body.data._id}`, { cookie: cookie.admin })).body.data.website).toBe(
        " ",
      );
    }
  });

  it("takes the spec's two calls: POST user/add-user (role shopOwner), then POST shop/add with its ownerId", async () => {
    const mobile = freshMobile();
    const made = await t.post("user/add-user", {
      cookie: cookie.admin,
      body: { role: "shopOwner", fName: "Zoe Park", gender: "Female", countryCode: "+61", countryFlag: "AU", mobile },
    });
    expect(made.status).toBe(200);
    const { owner: _inline, ...shop } = await validShop({ name: "Spec Two Calls" });
    const res = await addShop({ ...shop, ownerId: made.body.data._id });
    expect(res.status).toBe(200);
    const [owner] = await t.db.select().from(users).where(eq(users.id, res.body.data.ownerId));
    expect(owner).toMatchObject({ fName: "Zoe", lName: "Park", role: "shopOwner", mobile, passwordHash: null });
  });

  it("takes the spec's two calls too: an owner made first, then ownerId", async () => {
    const owner = await createUser(t.db, { role: "shopOwner", email: null, passwordHash: null });
    const { owner: _inline, ...shop } = await validShop({ name: "Two Step Shop" });
    const res = await addShop({ ...shop, ownerId: owner.id });
    expect(res.status).toBe(200);
    expect(res.body.data.ownerId).toBe(owner.id);
    // one owner has one shop
    const again = await addShop({ ...(await validShop({ name: "Second Shop" })), owner: undefined, ownerId: owner.id });
    expect(again.status).toBe(400);
    expect(again.body.errors.ownerId).toEqual([MSG.ownerHasShop]);
    // not an owner, or no such user
    const influencer = await createUser(t.db, { role: "influencer" });
    for (const ownerId of [influencer.id, "000000000000000000000000"]) {
      const bad = await addShop({ ...shop, name: "Nobodys Shop", ownerId });
      expect(bad.body.errors.ownerId).toEqual([MSG.ownerUnknown]);
    }
    // neither, or both
    expect((await addShop({ ...shop, name: "Ownerless" })).body.message).toBe(MSG.ownerIdOrOwner);
    expect((await addShop({ ...(await validShop()), ownerId: owner.id })).body.message).toBe(MSG.ownerIdOrOwner);
  });

  it("refuses every missing or bad field with the spec's words, and changes nothing", async () => {
    const before = [await userCount(), await shopCount()];
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { owner: { gender: "Male", countryFlag: "AU", mobile: freshMobile() } },
        "owner.fName",
        "Please enter your name",
      ],
      [
        { owner: { fName: "Sam Lee", countryFlag: "AU", mobile: freshMobile() } },
        "owner.gender",
        "Please select gender",
      ],
      [
        { owner: { fName: "Sam Lee", gender: "Male", countryFlag: "AU", mobile: "" } },
        "owner.mobile",
        "Please enter your phone number",
      ],
      [
        { owner: { fName: "Sam Lee", gender: "Male", countryFlag: "AU", mobile: "12345" } },
        "owner.mobile",
        "Please enter a valid mobile number",
      ],
      [{ name: "" }, "name", MSG.shopNameRequired],
      [{ name: "A".repeat(26) }, "name", "Maximum 25 Character Of The Shop Name"],
      [{ story: undefined }, "story", "Please enter shop story"],
      [{ story: "<p><br></p>" }, "story", "Please enter shop story"],
      [{ email: "not-an-email" }, "email", "Please enter valid shop's email"],
      [{ email: "" }, "email", "Please enter valid shop's email"],
      [{ location: undefined }, "location", "Please Select Shop's Address"],
      [{ location: { address: "somewhere", placeId: "" } }, "location.placeId", "Please Select Shop's Address"],
      [{ location: { address: "made up", placeId: "not-a-place" } }, "location", MSG.placeUnknown],
      [{ website: "not a url" }, "website", "Please Enter Valid URL"],
      [{ categories: [] }, "categories", "Please Select Shop Category"],
      [{ categories: [leafId] }, "categories", MSG.shopCategoryNotDepartment],
      [{ image: "null" }, "image", "Please Add Shop Image"],
      [{ coverImage: undefined }, "coverImage", "Please Add Shop Cover Image"],
      [{ timings: {} }, "timings", "Please Add Shop Timing"],
      [{ timings: undefined }, "timings", "Please Add Shop Timing"],
      [
        { timings: { monday: [{ status: true, start: "", end: "5:00 PM" }] } },
        "timings.monday.0.start",
        "Please Select Start Date",
      ],
    ];
    for (const [override, field, message] of cases) {
      const res = await addShop(await validShop(override));
      expect(res.status, `${field}: ${message}`).toBe(400);
      expect(res.body.errors?.[field], field).toEqual([message]);
    }
    expect([await userCount(), await shopCount()]).toEqual(before);
  });

  it("refuses images that are not the admin's own shop-image uploads", async () => {
    const ownersUpload = await uploadedImage(cookie.owner);
    const profilePicture = await uploadedImage(cookie.admin, "profileImage");
    for (const image of ["https://evil.example/logo.png", ownersUpload, profilePicture]) {
      expect((await addShop(await validShop({ image }))).body.errors.image).toEqual([MSG.shopImageNotUploaded]);
      expect((await addShop(await validShop({ coverImage: image }))).body.errors.coverImage).toEqual([
        MSG.shopCoverNotUploaded,
      ]);
    }
  });

  it("creates owner and shop in ONE transaction: a refused shop leaves no owner behind", async () => {
    const before = [await userCount(), await shopCount()];
    const body = await validShop({ name: "Half Made", categories: [dept.home, leafId] });
    const res = await addShop(body);
    expect(res.status).toBe(400);
    expect(res.body.errors.categories).toEqual([MSG.shopCategoryNotDepartment]);
    expect([await userCount(), await shopCount()]).toEqual(before);
    expect(
      await t.db
        .select()
        .from(users)
        .where(eq(users.mobile, (body.owner as { mobile: string }).mobile)),
    ).toEqual([]);
    // the same owner details work once the shop is right
    expect((await addShop({ ...body, categories: [dept.home] })).status).toBe(200);
  });

  it("refuses an owner phone already used by another live account, on the phone field", async () => {
    const [taken] = await t.db.select({ mobile: users.mobile }).from(users).where(eq(users.id, shopA.ownerId));
    const res = await addShop(
      await validShop({ owner: { fName: "Copy Cat", gender: "Male", countryFlag: "AU", mobile: taken!.mobile } }),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors.mobile).toEqual([MSG.phoneTaken]);
  });
});

describe("PUT shop/verification (spec 1 §4)", () => {
  const verify = (body: unknown, as = cookie.admin) => t.put("shop/verification", { cookie: as, body });

  it("moves Pending to Approved, refuses going back to Pending, and 'Please Change the Status' for no change", async () => {
    const { owner, ...shop } = await kit.shop({ name: "Pending One", status: "Pending" });
    const same = await verify({ _id: shop.id, status: "Pending", ownerId: owner.id });
    expect(same.status).toBe(400);
    expect(same.body.message).toBe("Please Change the Status");
    const approved = await verify({ _id: shop.id, status: "Approved", ownerId: owner.id });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toEqual({ _id: shop.id, status: "Approved" });
    const back = await verify({ _id: shop.id, status: "Pending", ownerId: owner.id });
    expect(back.status).toBe(400);
    expect(back.body.message).toBe(MSG.statusNotAllowed("Approved", "Pending"));
    expect((await t.db.select({ s: shops.status }).from(shops).where(eq(shops.id, shop.id)))[0]!.s).toBe("Approved");
  });

  it("rejects an Approved shop: its owner and staff are signed out and cannot sign in; approving again lets them back", async () => {
    const { owner, ...shop } = await kit.shop({ name: "Soon Rejected", status: "Approved" });
    const staff = await kit.staff(shop, []);
    const res = await verify({ _id: shop.id, status: "Rejected", ownerId: { _id: owner.id } });
    expect(res.status).toBe(200);
    for (const c of [owner.cookie, staff.cookie])
      expect((await t.get(`shop/getdetails/${shop.id}`, { cookie: c })).status).toBe(401);
    expect((await login(owner.email)).body.message).toBe(MSG.shopRejected);
    expect((await login(staff.email)).body.message).toBe(MSG.shopRejected);
    expect((await verify({ _id: shop.id, status: "Approved" })).status).toBe(200);
    expect((await login(owner.email)).status).toBe(200);
  });

  it("answers 404 for an unknown or deleted shop, or an ownerId that is not the shop's owner; 400 for an unknown status", async () => {
    expect((await verify({ _id: "000000000000000000000000", status: "Approved" })).status).toBe(404);
    expect((await verify({ _id: shopB.id, status: "Approved", ownerId: shopA.ownerId })).status).toBe(404);
    expect((await verify({ _id: shopB.id, status: "Closed" })).status).toBe(400);
  });
});

describe("DELETE shop/{id}", () => {
  it("soft-deletes: the shop leaves the list, its people are signed out and told the shop was removed at sign-in", async () => {
    const { owner, ...shop } = await kit.shop({ name: "Closing Down" });
    const staff = await kit.staff(shop, []);
    const res = await t.delete(`shop/${shop.id}`, { cookie: cookie.admin });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Shop - Closing Down deleted successfully");
    const [row] = await t.db.select().from(shops).where(eq(shops.id, shop.id));
    expect(row!.deletedAt).toBeInstanceOf(Date);
    expect((await t.get("shop/list", { cookie: cookie.admin, query: { search: "Closing" } })).body.data).toEqual([]);
    expect((await t.get(`shop/getdetails/${shop.id}`, { cookie: cookie.admin })).status).toBe(404);
    expect((await t.get("shop/getdetails/" + shop.id, { cookie: owner.cookie })).status).toBe(401);
    expect(
      (
        await t.db
          .select({ n: count() })
          .from(sessions)
          .innerJoin(users, eq(users.id, sessions.userId))
          .where(eq(users.id, staff.id))
      )[0]!.n,
    ).toBe(0);
    expect((await login(owner.email)).body.message).toBe(MSG.shopClosed);
    expect((await login(staff.email)).body.message).toBe(MSG.shopClosed);
    // the owner's account stays (orders and history point at it), and a second delete finds nothing
    expect(
      (
        await t.db
          .select()
          .from(users)
          .where(and(eq(users.id, owner.id), isNull(users.deletedAt)))
      ).length,
    ).toBe(1);
    expect((await t.delete(`shop/${shop.id}`, { cookie: cookie.admin })).status).toBe(404);
  });
});

describe("tenant isolation: owners and staff are refused every admin shop call", () => {
  it("answers 403 to an owner and a staff member for the list, add, verification and delete, and changes nothing", async () => {
    const body = await validShop({ name: "Sneaky Shop" });
    for (const as of [cookie.owner, cookie.staff]) {
      expect((await t.get("shop/list", { cookie: as })).status).toBe(403);
      expect((await addShop(body, as)).status).toBe(403);
      expect(
        (await t.put("shop/verification", { cookie: as, body: { _id: shopB.id, status: "Approved" } })).status,
      ).toBe(403);
      expect(
        (await t.put("shop/verification", { cookie: as, body: { _id: shopA.id, status: "Rejected" } })).status,
      ).toBe(403);
      expect((await t.delete(`shop/${shopB.id}`, { cookie: as })).status).toBe(403);
      expect((await t.delete(`shop/${shopA.id}`, { cookie: as })).status).toBe(403);
    }
    const rows = await t.db
      .select({ id: shops.id, status: shops.status, deletedAt: shops.deletedAt })
      .from(shops)
      .where(eq(shops.name, "Glow Botanics"));
    expect(rows).toEqual([{ id: shopB.id, status: "Pending", deletedAt: null }]);
    expect(await t.db.select().from(shops).where(eq(shops.name, "Sneaky Shop"))).toEqual([]);
  });

  it("answers 401 without a session", async () => {
    expect((await t.get("shop/list")).status).toBe(401);
    expect((await t.delete(`shop/${shopB.id}`)).status).toBe(401);
  });
});
