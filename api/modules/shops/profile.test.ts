import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import type { UploadPurpose } from "#contract/uploads/uploads";
import { shopCategories, shops, staffPermissions } from "#api/db/schema";
import { createCategory } from "#api/db/seed/catalogue-factories";
import { offlinePlaces } from "#api/platform/providers/places";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { testKit, type TestKit } from "../../../tests/factories";

// spec 1 §5 Shop profile edits, §4 Shop images, §7 POST shop/edit; ARCHITECTURE §4 wire formats, §5 who may edit

let t: TestApi;
let kit: TestKit;
const cookie = {} as Record<"admin" | "owner" | "editor" | "reader" | "otherOwner" | "otherEditor", string>;
let shopId: string;
let otherShopId: string;
let ownerId: string;
let readerId: string;
let women: string;
let men: string;
let leaf: string;

beforeAll(async () => {
  t = await testApi();
  kit = testKit(t);
  const depts = await Promise.all(["Women", "Men"].map((name) => createCategory(t.db, { name })));
  women = depts[0]!.id;
  men = depts[1]!.id;
  const category = await createCategory(t.db, { name: "Tops", parent: { id: women, level: 0 } });
  leaf = (await createCategory(t.db, { name: "Tees", parent: { id: category.id, level: 1 } })).id;
  const a = await kit.shop({
    name: "Harbour Threads",
    email: "hello@harbour.test",
    website: "https://harbour.test",
    story: "<p>Old story</p>",
    departments: [women],
  });
  shopId = a.id;
  ownerId = a.owner.id;
  const reader = await kit.staff(a, ["product:add"]);
  readerId = reader.id;
  const b = await kit.shop({ name: "Glow Botanics" });
  otherShopId = b.id;
  Object.assign(cookie, {
    admin: (await kit.admin()).cookie,
    owner: a.owner.cookie,
    editor: (await kit.staff(a, ["shop:edit-details"])).cookie,
    reader: reader.cookie,
    otherOwner: b.owner.cookie,
    otherEditor: (await kit.staff(b, ["shop:edit-details"])).cookie,
  });
});
afterAll(() => t.close());

const edit = (body: Record<string, unknown>, as = cookie.owner) =>
  t.post("shop/edit", { cookie: as, body: { _id: shopId, ownerId, ...body } });
const row = async (id = shopId) => (await t.db.select().from(shops).where(eq(shops.id, id)))[0]!;

const uploaded = (as: string, purpose: UploadPurpose = "shopImage") => kit.upload(as, purpose);

/** Expects a 400 naming `message`, and the shop unchanged. */
async function refused(body: Record<string, unknown>, message: string, as = cookie.owner) {
  const before = await row();
  const res = await edit(body, as);
  expect(res.status).toBe(400);
  expect(res.body.success).toBe(false);
  expect(res.body.message).toBe(message);
  expect(await row()).toEqual(before);
  return res;
}

describe("POST shop/edit: name (spec 1 §5)", () => {
  it("saves letters, digits and spaces, trimmed, and answers the shop as GET shop/getdetails shows it", async () => {
    const res = await edit({ name: "  Harbour Threads 2 " });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: MSG.shopUpdated,
      data: { _id: shopId, name: "Harbour Threads 2" },
    });
    expect((await row()).name).toBe("Harbour Threads 2");
    const details = await t.get(`shop/getdetails/${shopId}`, { cookie: cookie.owner });
    expect(details.body.data).toEqual(res.body.data);
  });
  it("refuses special characters with 'Special characters are not allowed'", async () => {
    for (const name of ["Harbour & Co", "Shop!", "O'Neil", "<b>x</b>"]) await refused({ name }, MSG.specialCharacters);
  });
  it("refuses more than 25 characters with 'Please Add Shop Name Under 25 Characters'; 25 is fine", async () => {
    await refused({ name: "a".repeat(26) }, MSG.shopNameMax25);
    expect((await edit({ name: "b".repeat(25) })).status).toBe(200);
  });
  it("refuses an empty name", async () => {
    await refused({ name: "   " }, MSG.shopNameRequired);
  });
});

describe("POST shop/edit: e-mail (spec 1 §5)", () => {
  it("saves a valid e-mail", async () => {
    expect((await edit({ email: "Team@Harbour.test" })).status).toBe(200);
    expect((await row()).email).toBe("team@harbour.test");
  });
  it("refuses an invalid one with 'Enter valid email' and more than 100 characters with 'Maximum 100 Characters Are Allowed'", async () => {
    for (const email of ["not-an-email", "a@", "a b@c.test", ""]) await refused({ email }, MSG.enterValidEmail);
    await refused({ email: `${"a".repeat(95)}@x.test` }, MSG.max100);
  });
});

describe("POST shop/edit: website (spec 1 §5, ARCHITECTURE §4)", () => {
  it("saves a URL (https:// added when no scheme is given) and refuses a non-URL with 'Please enter a valid URL'", async () => {
    expect((await edit({ website: "https://harbour.test/shop?x=1" })).status).toBe(200);
    expect((await row()).website).toBe("https://harbour.test/shop?x=1");
    expect((await edit({ website: "www.harbour.test" })).status).toBe(200);
    expect((await row()).website).toBe("https://www.harbour.test");
    for (const website of ["not a url", "harbour", "javascript:alert(1)", "http://"])
      await refused({ website }, MSG.enterValidUrl);
  });
  it("refuses more than 100 characters with 'Maximum 100 Characters Are Allowed'", async () => {
    await refused({ website: `https://harbour.test/${"a".repeat(80)}` }, MSG.max100);
  });
  it("takes an empty website as a single space, stores NULL and answers ' '", async () => {
    const res = await edit({ website: " " });
    expect(res.status).toBe(200);
    expect(res.body.data.website).toBe(" ");
    expect((await row()).website).toBeNull();
  });
});

describe("POST shop/edit: categories (spec 1 §5; departments, ARCHITECTURE §5)", () => {
  it("replaces the shop's departments, from ids or {_id} objects", async () => {
    const res = await edit({ categories: [men, { _id: women }] });
    expect(res.status).toBe(200);
    expect(res.body.data.categories.map((c: { name: string }) => c.name)).toEqual(["Men", "Women"]);
    expect((await edit({ categories: [men] })).status).toBe(200);
    expect(await t.db.select().from(shopCategories).where(eq(shopCategories.shopId, shopId))).toEqual([
      { shopId, categoryId: men },
    ]);
  });
  it("refuses none with 'Please Select Atleast One Business Category', and a category that is not a department", async () => {
    await refused({ categories: [] }, MSG.shopCategoryMin);
    await refused({ categories: [leaf] }, MSG.shopCategoryUnknown);
    await refused({ categories: ["no-such-id"] }, MSG.shopCategoryUnknown);
    expect(await t.db.select().from(shopCategories).where(eq(shopCategories.shopId, shopId))).toEqual([
      { shopId, categoryId: men },
    ]);
  });
});

describe("POST shop/edit: story (spec 1 §5; sanitised, ADR 0017)", () => {
  it("keeps the allow-list (paragraphs, bold, italic, lists, links) and drops scripts, handlers and styles", async () => {
    const res = await edit({
      story:
        '  <p onclick="x()">Hello <b>bold</b> <i>it</i> <strong>s</strong></p><script>alert(1)</script><ul><li>one</li></ul><a href="javascript:alert(1)">bad</a> <a href="https://x.test">ok</a><img src=x onerror=alert(1)><div style="color:red">div</div>  ',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.story).toBe(
      '<p>Hello <strong>bold</strong> <em>it</em> <strong>s</strong></p><ul><li>one</li></ul><a>bad</a> <a href="https://x.test" target="_blank" rel="noopener noreferrer nofollow">ok</a><p>div</p>',
    );
    expect((await row()).story).toBe(res.body.data.story);
  });
  it("trims the text: blanks at the start and end go, also inside the first and last paragraphs", async () => {
    const res = await edit({ story: "<p>&nbsp;&nbsp; Fresh flowers,</p><p>daily.&nbsp; <br></p><p>&nbsp;</p>" });
    expect(res.status).toBe(200);
    expect(res.body.data.story).toBe("<p>Fresh flowers,</p><p>daily.</p>");
    expect((await row()).story).toBe("<p>Fresh flowers,</p><p>daily.</p>");
  });
  it("refuses an empty story, an editor's empty paragraph, or markup with no text with 'Please Add Story'", async () => {
    for (const story of ["", "   ", "<p><br></p>", "<p>&nbsp;</p>", "<script>alert(1)</script>", "<ul><li></li></ul>"])
      await refused({ story }, MSG.storyRequired);
  });
});

describe("POST shop/edit: timings (spec 1 §3 Shop timings, §5)", () => {
  it("saves weekday → slots in 12-hour text, several a day, sorted by start; times normalised", async () => {
    const res = await edit({
      timings: {
        monday: [
          { status: true, start: "2:00 pm", end: "17:00" },
          { status: true, start: "9:00 AM", end: "12:00 PM" },
        ],
        sunday: [{ status: true, start: "10:00 AM", end: "4:00 PM" }],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.timings).toEqual({
      sunday: [{ status: true, start: "10:00 AM", end: "4:00 PM" }],
      monday: [
        { status: true, start: "9:00 AM", end: "12:00 PM" },
        { status: true, start: "2:00 PM", end: "5:00 PM" },
      ],
    });
  });
  it("gives the spec's messages: day, start, end, none", async () => {
    await refused({ timings: { funday: [{ status: true, start: "9:00 AM", end: "5:00 PM" }] } }, MSG.dayRequired);
    await refused({ timings: { monday: [{ status: true, end: "5:00 PM" }] } }, MSG.startRequired);
    await refused({ timings: { monday: [{ status: true, start: "9:00 AM", end: "" }] } }, MSG.endRequired);
    await refused({ timings: {} }, MSG.shopTimingRequired);
    await refused({ timings: { monday: [] } }, MSG.shopTimingRequired);
  });
  it("refuses an end not after the start, and overlapping slots of one day", async () => {
    await refused(
      { timings: { monday: [{ status: true, start: "5:00 PM", end: "9:00 AM" }] } },
      MSG.timingEndAfterStart,
    );
    await refused(
      {
        timings: {
          monday: [
            { status: true, start: "9:00 AM", end: "1:00 PM" },
            { status: true, start: "12:00 PM", end: "5:00 PM" },
          ],
        },
      },
      MSG.timingOverlap,
    );
  });
});

describe("POST shop/edit: address (spec 1 §3 location; places, ARCHITECTURE §6)", () => {
  it("resolves the chosen place to coordinates (longitude, latitude)", async () => {
    const [place] = await offlinePlaces.autocomplete("12 George St, Sydney");
    const res = await edit({ location: { address: place!.description, placeId: place!.place_id } });
    expect(res.status).toBe(200);
    expect(res.body.data.location).toMatchObject({
      address: place!.description,
      placeId: place!.place_id,
      type: "Point",
    });
    const [lng, lat] = res.body.data.location.coordinates;
    expect(lng).toBeCloseTo(151.2, 0);
    expect(lat).toBeCloseTo(-33.87, 0);
  });
  it("refuses a missing address and a place id that names no place", async () => {
    await refused({ location: { address: "", placeId: "" } }, MSG.shopAddressRequired);
    await refused({ location: { address: "Nowhere", placeId: "csc:nothing" } }, MSG.placeUnknown);
  });
});

describe("POST shop/edit: images (spec 1 §4 Shop images)", () => {
  it("sets the avatar and the cover to the caller's own shopImage uploads and removes them with 'null'", async () => {
    const image = await uploaded(cookie.owner);
    const coverImage = await uploaded(cookie.owner);
    const res = await edit({ image, coverImage });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ image, coverImage });
    const removed = await edit({ image: "null" });
    expect(removed.body).toMatchObject({ message: MSG.shopImageRemoved, data: { image: "null", coverImage } });
    expect((await row()).image).toBeNull();
    expect((await edit({ coverImage: "null" })).body.data.coverImage).toBe("null");
    expect((await row()).coverImage).toBeNull();
  });
  it("refuses someone else's upload, another purpose's upload, or a made-up location", async () => {
    const others = await uploaded(cookie.admin);
    const profile = await uploaded(cookie.owner, "profileImage");
    for (const image of [others, profile, "https://evil.test/x.png"]) {
      const res = await refused({ image }, MSG.imageNotUploaded);
      expect(res.body.errors).toEqual({ image: [MSG.imageNotUploaded] });
    }
    const res = await refused({ coverImage: others }, MSG.imageNotUploaded);
    expect(res.body.errors).toEqual({ coverImage: [MSG.imageNotUploaded] });
  });
});

describe("POST shop/edit: what it reads", () => {
  it("changes only the fields sent and ignores others (status, ownerId, mobile)", async () => {
    const before = await row();
    const res = await edit({
      name: "Only Name",
      status: "Approved",
      ownerId: "someone-else",
      mobile: "499999999",
      countryCode: "+1",
    });
    expect(res.status).toBe(200);
    const after = await row();
    expect({ ...after, updatedAt: before.updatedAt }).toEqual({ ...before, name: "Only Name" });
  });
  it("refuses a body with none of the fields", async () => {
    await refused({}, MSG.shopNothingToChange);
  });
  it("answers 404 for a shop that does not exist (admin)", async () => {
    const res = await t.post("shop/edit", { cookie: cookie.admin, body: { _id: "no-such-shop", name: "X" } });
    expect(res.status).toBe(404);
  });
});

describe("POST shop/edit: who may edit (ARCHITECTURE §5; tenancy from the session)", () => {
  it("lets an admin edit any shop", async () => {
    const res = await t.post("shop/edit", { cookie: cookie.admin, body: { _id: otherShopId, name: "Glow By Admin" } });
    expect(res.status).toBe(200);
    expect((await row(otherShopId)).name).toBe("Glow By Admin");
  });
  it("lets staff with shop:edit-details edit their own shop", async () => {
    expect((await edit({ name: "Edited By Staff" }, cookie.editor)).status).toBe(200);
  });
  it("refuses the owner and staff of shop A for shop B, changing nothing", async () => {
    const before = await row(otherShopId);
    for (const as of [cookie.owner, cookie.editor]) {
      const res = await t.post("shop/edit", { cookie: as, body: { _id: otherShopId, name: "Hijacked" } });
      expect(res.status).toBe(404);
      expect(res.body.success).toBe(false);
    }
    // and the other way round
    const res = await t.post("shop/edit", { cookie: cookie.otherEditor, body: { _id: shopId, name: "Hijacked" } });
    expect(res.status).toBe(404);
    expect(await row(otherShopId)).toEqual(before);
    expect((await row()).name).not.toBe("Hijacked");
  });
  it("refuses staff without shop:edit-details, and a grant takes effect on the very next request (and a revoke too)", async () => {
    expect((await edit({ name: "Reader Try" }, cookie.reader)).status).toBe(403);
    await t.db.insert(staffPermissions).values({ userId: readerId, permission: "shop:edit-details" });
    expect((await edit({ name: "Reader Did" }, cookie.reader)).status).toBe(200);
    expect((await row()).name).toBe("Reader Did");
    await t.db.delete(staffPermissions).where(eq(staffPermissions.userId, readerId));
    expect((await edit({ name: "Reader Again" }, cookie.reader)).status).toBe(403);
    expect((await row()).name).toBe("Reader Did");
  });
  it("needs a session", async () => {
    const res = await t.post("shop/edit", { body: { _id: shopId, name: "Anon" } });
    expect(res.status).toBe(401);
  });
});
