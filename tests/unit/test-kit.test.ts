import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#api/db/schema";
import { testApi, type TestApi } from "../api-harness";
import { testKit, type TestKit } from "../factories";

// The test kit makes what it says it makes: each record checked through the API a user would ask.

let t: TestApi;
let kit: TestKit;

beforeAll(async () => {
  t = await testApi();
  kit = testKit(t);
});
afterAll(() => t.close());

const whoIs = async (cookie: string) => (await t.as(cookie).get("auth/isLoggedIn")).body.data;

describe("testKit", () => {
  it("admin(): one admin per database, signed in", async () => {
    const admin = await kit.admin();
    expect(await whoIs(admin.cookie)).toMatchObject({
      _id: admin.id,
      email: admin.email,
      role: { role: "admin" },
      shop: null,
    });
    expect((await kit.admin()).id).toBe(admin.id);
  });

  it("shop(): a shop with its fields and departments, its owner signed in; a closed shop's owner has no session", async () => {
    const { catalogue } = kit;
    const { department } = await catalogue();
    const shop = await kit.shop({
      name: "Kit Pottery",
      status: "Pending",
      owner: { fName: "Ada" },
      departments: [department.id],
    });
    expect(await whoIs(shop.owner.cookie)).toMatchObject({
      _id: shop.owner.id,
      fName: "Ada",
      role: { role: "shopOwner" },
      shop: { _id: shop.id, name: "Kit Pottery" },
    });
    const details = await t.as((await kit.admin()).cookie).get(`shop/getdetails/${shop.id}`);
    expect(details.body.data).toMatchObject({
      name: "Kit Pottery",
      status: "Pending",
      categories: [{ _id: department.id }],
      ownerId: { _id: shop.owner.id },
    });
    const closed = await kit.shop({ deletedAt: new Date() });
    expect(closed.owner.cookie).toBe("");
  });

  it("staff(): a member of that shop holding exactly the rights given, which the API enforces", async () => {
    const shop = await kit.shop();
    const editor = await kit.staff(shop, ["product:edit"]);
    expect(await whoIs(editor.cookie)).toMatchObject({
      _id: editor.id,
      role: { role: "staff" },
      shop: { _id: shop.id },
      permissions: ["product:edit"],
    });
    const asEditor = t.as(editor.cookie);
    expect((await asEditor.get("product")).status).toBe(200);
    expect((await asEditor.post("product", { body: { name: "Not mine to add" } })).status).toBe(403);
    const cashier = await kit.staff(shop, ["coupon:add"]);
    expect((await t.as(cashier.cookie).get("product")).status).toBe(403);
  });

  it("product() and productWithVariations(): added by the owner, valid, and seen by no other shop", async () => {
    const a = await kit.shop();
    const b = await kit.shop();
    const single = await kit.product(a, { name: "Kit Mug", price: 12.5 });
    expect(single).toMatchObject({
      shopId: a.id,
      name: "Kit Mug",
      price: 12.5,
      isVariationAvailable: false,
      variations: [],
    });
    const tee = await kit.productWithVariations(b);
    expect(tee).toMatchObject({ shopId: b.id, isVariationAvailable: true, minAndMax: [25, 30.5], stock: 7 });
    expect(tee.variations).toHaveLength(2);

    const listOf = async (cookie: string) =>
      (await t.as(cookie).get("product")).body.data.map((p: { _id: string }) => p._id);
    expect(await listOf(a.owner.cookie)).toEqual([single._id]);
    expect(await listOf(b.owner.cookie)).toEqual([tee._id]);
    expect((await t.as(a.owner.cookie).get(`product/${tee._id}`)).status).toBe(404);
    expect((await t.as(b.owner.cookie).get(`product/${single._id}`)).status).toBe(404);
  });

  it("upload(): a checked file served back from its location", async () => {
    const shop = await kit.shop();
    const location = await kit.upload(shop.owner.cookie, "shopImage");
    const res = await t.request(location, { method: "GET" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
  });

  it("customer() and influencer(): the people of the mobile app, who have no console session", async () => {
    const customer = await kit.customer();
    const [row] = await t.db.select().from(users).where(eq(users.id, customer.id));
    expect(row).toMatchObject({ role: "endUser", email: customer.email, countryCode: "+61", mobile: customer.mobile });
    expect(row.phoneVerifiedAt).toBeInstanceOf(Date);

    const influencer = await kit.influencer({ fName: "Mia Wong" });
    const read = await t.as((await kit.admin()).cookie).get(`user/influencer/${influencer._id}`);
    expect(read.body.data).toMatchObject({
      _id: influencer._id,
      fName: "Mia",
      lName: "Wong",
      role: { role: "influencer" },
    });
  });
});
