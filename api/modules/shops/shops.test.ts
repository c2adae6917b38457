import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shops, users } from "#api/db/schema";
import { createCategory } from "#api/db/seed/catalogue-factories";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { testKit, type TestKit } from "../../../tests/factories";

let t: TestApi;
let kit: TestKit;
let admin: string;
let owner: string;
let staff: string;
let otherOwner: string;
let shopId: string;
let otherShopId: string;
let ownerId: string;
const timings = {
  monday: [{ status: true, start: "9:00 AM", end: "5:00 PM" }],
  saturday: [
    { status: true, start: "10:00 AM", end: "1:00 PM" },
    { status: true, start: "2:00 PM", end: "4:00 PM" },
  ],
};

beforeAll(async () => {
  t = await testApi();
  kit = testKit(t);
  const departments = await Promise.all(
    ["Women's Fashion", "Men's Fashion"].map((name) => createCategory(t.db, { name })),
  );
  const first = await kit.shop({
    name: "Harbour Threads",
    email: "hello@harbour.test",
    website: "https://harbour.test",
    image: "/api/files/logo.png",
    countryCode: "+61",
    mobile: "412345678",
    address: "12 George St, Sydney NSW 2000, Australia",
    placeId: "place-1",
    longitude: 151.2093,
    latitude: -33.8688,
    story: "Streetwear, streamed live.",
    timings,
    owner: { fName: "Liam", lName: "Nguyen", image: "/api/files/liam.png" },
    departments: departments.map((d) => d.id),
  });
  shopId = first.id;
  ownerId = first.owner.id;
  staff = (await kit.staff(first, ["product:add"], { fName: "Noah", lName: "Patel", designation: "Store manager" }))
    .cookie;
  const gone = await kit.staff(first, [], { fName: "Gone", lName: "Away", designation: "Former" });
  await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
  const second = await kit.shop({ name: "Glow Botanics" });
  otherShopId = second.id;
  admin = (await kit.admin()).cookie;
  owner = first.owner.cookie;
  otherOwner = second.owner.cookie;
});
afterAll(() => t.close());

describe("GET shop/getdetails/{id} (spec 1 §3 Shop, §7)", () => {
  it("gives the owner their shop with the spec's fields: location as a GeoJSON point, owner, then staff with designation", async () => {
    const res = await t.get(`shop/getdetails/${shopId}`, { cookie: owner });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toEqual({
      _id: shopId,
      name: "Harbour Threads",
      email: "hello@harbour.test",
      website: "https://harbour.test",
      image: "/api/files/logo.png",
      coverImage: "null",
      countryCode: "+61",
      mobile: "412345678",
      location: {
        address: "12 George St, Sydney NSW 2000, Australia",
        placeId: "place-1",
        type: "Point",
        coordinates: [151.2093, -33.8688],
      },
      // its departments, by name
      categories: [
        { _id: expect.any(String), name: "Men's Fashion" },
        { _id: expect.any(String), name: "Women's Fashion" },
      ],
      status: "Approved",
      ownerId: { _id: ownerId, fName: "Liam", lName: "Nguyen", image: "/api/files/liam.png" },
      shopStaffs: [
        { _id: expect.any(String), fName: "Noah", lName: "Patel", image: null, designation: "Store manager" },
      ],
      story: "Streetwear, streamed live.",
      timings,
    });
  });

  it("gives a staff member their own shop", async () => {
    const res = await t.get(`shop/getdetails/${shopId}`, { cookie: staff });
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe("Harbour Threads");
  });

  it("lets an admin read any shop, a Rejected one included", async () => {
    await t.db.update(shops).set({ status: "Rejected" }).where(eq(shops.id, otherShopId));
    const res = await t.get(`shop/getdetails/${otherShopId}`, { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: "Glow Botanics", status: "Rejected", shopStaffs: [] });
    await t.db.update(shops).set({ status: "Approved" }).where(eq(shops.id, otherShopId));
  });

  it("answers 404 with status 1004 when an owner or staff member asks for another shop", async () => {
    for (const cookie of [otherOwner, staff]) {
      const res = await t.get(`shop/getdetails/${cookie === staff ? otherShopId : shopId}`, { cookie });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, status: 1004, data: null });
    }
  });

  it("answers 404/1004 for an unknown or deleted shop, even to an admin", async () => {
    expect((await t.get("shop/getdetails/000000000000000000000000", { cookie: admin })).body.status).toBe(1004);
    const shop = await kit.shop({ name: "Closed Down" });
    await t.db.update(shops).set({ deletedAt: new Date() }).where(eq(shops.id, shop.id));
    const res = await t.get(`shop/getdetails/${shop.id}`, { cookie: admin });
    expect(res.status).toBe(404);
    expect(res.body.status).toBe(1004);
  });

  it("keeps the spec's wire format for what is missing: image 'null', website a single space, no coordinates", async () => {
    const res = await t.get(`shop/getdetails/${otherShopId}`, { cookie: admin });
    expect(res.body.data).toMatchObject({
      image: "null",
      coverImage: "null",
      website: " ",
      timings: {},
      location: { type: "Point", coordinates: [] },
    });
  });

  it("answers 401 with status 1001 without a session", async () => {
    const res = await t.get(`shop/getdetails/${shopId}`);
    expect(res.status).toBe(401);
    expect(res.body.status).toBe(1001);
  });
});
