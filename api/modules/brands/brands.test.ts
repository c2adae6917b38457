import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import type { UploadPurpose } from "#contract/uploads/uploads";
import { brands } from "#api/db/schema";
import { createBrand } from "#api/db/seed/catalogue-factories";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { testKit, type TestKit } from "../../../tests/factories";

const HTML = new TextEncoder().encode(
  "<!doctype html><html><body><script>alert(document.cookie)</script></body></html>",
);
const day = (iso: string) => new Date(`${iso}T09:00:00Z`);

let t: TestApi;
let kit: TestKit;
const cookie: Record<"admin" | "owner" | "adder" | "editor" | "coupons", string> = {
  admin: "",
  owner: "",
  adder: "",
  editor: "",
  coupons: "",
};
const seeded: Record<string, string> = {};

beforeAll(async () => {
  t = await testApi();
  kit = testKit(t);
  const shop = await kit.shop();
  cookie.admin = (await kit.admin()).cookie;
  cookie.owner = shop.owner.cookie;
  cookie.adder = (await kit.staff(shop, ["product:add"])).cookie;
  cookie.editor = (await kit.staff(shop, ["product:edit"])).cookie;
  cookie.coupons = (await kit.staff(shop, ["coupon:add", "product:discount"])).cookie;
  // created and updated on different days, so each sort gives its own order
  const brand = (name: string, created: string, updated: string) =>
    createBrand(t.db, { name, image: `/api/files/seed/${name}.png`, createdAt: day(created), updatedAt: day(updated) });
  seeded.acme = (await brand("Acme Boots", "2026-01-01", "2026-03-01")).id;
  seeded.zephyr = (await brand("zephyr bags", "2026-01-02", "2026-01-02")).id;
  seeded.moss = (await brand("Moss & Co", "2026-01-03", "2026-02-01")).id;
  seeded.bolt = (await brand("Bolt_Boot", "2026-01-04", "2026-01-04")).id;
});
afterAll(() => t.close());

/** A catalogue image really uploaded (and checked) by the holder of `as`, through the upload API. */
const uploadedImage = (as: string, purpose: UploadPurpose = "catalogueImage") => kit.upload(as, purpose);

const list = (query: Record<string, string | number> = {}, as = cookie.admin) => t.get("brand", { cookie: as, query });
const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((b) => b.name);
const addBrand = (body: Record<string, unknown>, as = cookie.admin) => t.post("brand", { cookie: as, body });
const rowsNamed = (name: string) =>
  t.db
    .select()
    .from(brands)
    .where(sql`lower(${brands.name}) = lower(${name})`);
/** Brand names no other test uses. */
let n = 0;
const unique = (stem: string) => `${stem} ${++n}`;

describe("GET brand (spec 2 §7)", () => {
  it("lists brands newest first as spec 2 §3's Brand, with count and isNext", async () => {
    const res = await list({ search: "o" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, count: 3, isNext: false });
    expect(names(res)).toEqual(["Bolt_Boot", "Moss & Co", "Acme Boots"]);
    expect(res.body.data[2]).toEqual({
      _id: seeded.acme,
      name: "Acme Boots",
      image: "/api/files/seed/Acme Boots.png",
      createdAt: "2026-01-01T09:00:00.000Z",
      updatedAt: "2026-03-01T09:00:00.000Z",
    });
  });

  it("searches the name without regard to case through searchText or search, with wildcards taken literally", async () => {
    expect(names(await list({ searchText: "BOOT" }))).toEqual(["Bolt_Boot", "Acme Boots"]);
    expect(names(await list({ search: "zephyr" }))).toEqual(["zephyr bags"]);
    expect(names(await list({ search: "t_b" }))).toEqual(["Bolt_Boot"]);
    expect(names(await list({ search: "t%b" }))).toEqual([]);
    expect((await list({ search: "no brand like this" })).body).toMatchObject({ data: [], count: 0, isNext: false });
  });

  it("sorts by name, createdAt and updatedAt in both directions", async () => {
    const seededOnly = (res: { body: { data: { _id: string; name: string }[] } }) =>
      res.body.data.filter((b) => Object.values(seeded).includes(b._id)).map((b) => b.name);
    const all = { limit: 100 };
    expect(seededOnly(await list({ ...all, sort: "name", sortType: "asc" }))).toEqual([
      "Acme Boots",
      "Bolt_Boot",
      "Moss & Co",
      "zephyr bags",
    ]);
    expect(seededOnly(await list({ ...all, sort: "name", sortType: "desc" }))).toEqual([
      "zephyr bags",
      "Moss & Co",
      "Bolt_Boot",
      "Acme Boots",
    ]);
    expect(seededOnly(await list({ ...all, sort: "createdAt", sortType: "asc" }))).toEqual([
      "Acme Boots",
      "zephyr bags",
      "Moss & Co",
      "Bolt_Boot",
    ]);
    expect(seededOnly(await list({ ...all, sort: "updatedAt", sortType: "desc" }))).toEqual([
      "Acme Boots",
      "Moss & Co",
      "Bolt_Boot",
      "zephyr bags",
    ]);
    expect(seededOnly(await list({ ...all, sort: "updatedAt", sortType: "asc" }))).toEqual([
      "zephyr bags",
      "Bolt_Boot",
      "Moss & Co",
      "Acme Boots",
    ]);
    const bad = await list({ sort: "image" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MSG.listSort(["createdAt", "name", "updatedAt"]));
  });

  it("pages by page or skip; isNext says whether another page follows", async () => {
    const query = { sort: "createdAt", sortType: "asc", search: "o", limit: 2 };
    const first = await list(query);
    expect(names(first)).toEqual(["Acme Boots", "Moss & Co"]);
    expect(first.body).toMatchObject({ count: 3, isNext: true });
    const second = await list({ ...query, page: 2 });
    expect(names(second)).toEqual(["Bolt_Boot"]);
    expect(second.body).toMatchObject({ count: 3, isNext: false });
    expect(names(await list({ ...query, skip: 1 }))).toEqual(["Moss & Co", "Bolt_Boot"]);
  });

  it("accepts a limit of 1500 (the product form's brand select, spec 2 §9) and refuses 1501", async () => {
    const lookup = await list({ limit: 1500 });
    expect(lookup.status).toBe(200);
    expect(lookup.body.data.length).toBe(lookup.body.count);
    const over = await list({ limit: 1501 });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(MSG.listLimit(1500));
    expect(over.body.errors.limit).toEqual([MSG.listLimit(1500)]);
  });

  it("is open to shop owners and staff (the product form loads it)", async () => {
    for (const as of [cookie.owner, cookie.adder, cookie.coupons]) expect((await list({}, as)).status).toBe(200);
  });
});

describe("GET brand/{id}", () => {
  it("answers one brand, or 404 with status 1004", async () => {
    const res = await t.get(`brand/${seeded.moss}`, { cookie: cookie.owner });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: seeded.moss, name: "Moss & Co", createdAt: "2026-01-03T09:00:00.000Z" });
    const missing = await t.get("brand/no-such-brand", { cookie: cookie.admin });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, status: 1004 });
  });
});

describe("POST brand (spec 2 §5, §7)", () => {
  it("adds a brand with 'Brand added successfully', trailing spaces trimmed, and stores it", async () => {
    const image = await uploadedImage(cookie.admin);
    const res = await addBrand({ name: "Nimbus Wear   ", image });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: "Brand added successfully" });
    expect(res.body.data).toMatchObject({ name: "Nimbus Wear", image });
    expect(res.body.data.createdAt).toBe(res.body.data.updatedAt);
    const [row] = await t.db.select().from(brands).where(eq(brands.id, res.body.data._id));
    expect(row).toMatchObject({ name: "Nimbus Wear", image });
    const again = await t.get(`brand/${res.body.data._id}`, { cookie: cookie.admin });
    expect(again.body.data).toEqual(res.body.data);
    expect(names(await list({ search: "nimbus" }))).toEqual(["Nimbus Wear"]);
  });

  it("refuses a missing or empty name with 'Please Add Brand Name'", async () => {
    const image = await uploadedImage(cookie.admin);
    for (const body of [{ name: "", image }, { image }, { name: null, image }]) {
      const res = await addBrand(body);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ name: ["Please Add Brand Name"] });
      expect(res.body.message).toBe("Please Add Brand Name");
    }
  });

  it("refuses a name starting with a space with 'Spaces are not allowed' (checked before trimming)", async () => {
    const image = await uploadedImage(cookie.admin);
    for (const name of [" Leading", "   ", "\tTabbed"]) {
      const res = await addBrand({ name, image });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ name: ["Spaces are not allowed"] });
    }
    expect(await rowsNamed("Leading")).toHaveLength(0);
  });

  it("refuses 51 characters with 'Maximum 50 Characters Allowed' and takes exactly 50", async () => {
    const image = await uploadedImage(cookie.admin);
    const long = await addBrand({ name: "B".repeat(51), image });
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual({ name: ["Maximum 50 Characters Allowed"] });
    const fifty = await addBrand({ name: `${"C".repeat(50)}  `, image });
    expect(fifty.status).toBe(200);
    expect(fifty.body.data.name).toBe("C".repeat(50));
  });

  it("refuses a missing image with 'Please Upload Brand Image', with the name's message beside it", async () => {
    for (const body of [
      { name: unique("No Image") },
      { name: unique("No Image"), image: "" },
      { name: unique("No Image"), image: "null" },
    ]) {
      const res = await addBrand(body);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ image: ["Please Upload Brand Image"] });
      expect(res.body.message).toBe("Please Upload Brand Image");
    }
    const both = await addBrand({ name: "" });
    expect(both.body.errors).toEqual({ name: ["Please Add Brand Name"], image: ["Please Upload Brand Image"] });
  });

  it("refuses an image that is not a checked catalogue upload of this user", async () => {
    const someoneElses = await uploadedImage(cookie.owner);
    const profilePicture = await uploadedImage(cookie.admin, "profileImage");
    const signed = await t.post("upload/sign", {
      cookie: cookie.admin,
      body: { fileName: "a.png", contentType: "image/png", size: 20, purpose: "catalogueImage" },
    });
    expect(signed.status).toBe(200);
    const name = unique("Borrowed");
    for (const image of ["https://evil.example/logo.png", someoneElses, profilePicture, signed.body.data.location]) {
      const res = await addBrand({ name, image });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ image: [MSG.imageNotUploaded] });
    }
    expect(await rowsNamed(name)).toHaveLength(0);
  });

  it("refuses an HTML file renamed .png at upload with 'You can only upload JPG/PNG file!'", async () => {
    const res = await t.app.request("http://localhost/api/upload/file", {
      method: "POST",
      headers: {
        cookie: cookie.admin,
        "content-type": "image/png",
        "x-file-name": "logo.png",
        "x-purpose": "catalogueImage",
      },
      body: HTML,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("You can only upload JPG/PNG file!");
  });

  it("refuses a name already taken, whatever its case, on the name field", async () => {
    const image = await uploadedImage(cookie.admin);
    for (const name of ["Acme Boots", "ACME BOOTS", "acme boots  "]) {
      const res = await addBrand({ name, image });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ name: [MSG.brandNameTaken] });
      expect(res.body.message).toBe(MSG.brandNameTaken);
    }
    expect(await rowsNamed("acme boots")).toHaveLength(1);
  });

  it("lets shop owners and staff who add or edit products add a brand; other staff get 403", async () => {
    for (const as of [cookie.owner, cookie.adder, cookie.editor]) {
      const name = unique("Shop Made");
      const res = await addBrand({ name, image: await uploadedImage(as) }, as);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(MSG.brandAdded);
      expect(await rowsNamed(name)).toHaveLength(1);
    }
    const name = unique("Not Allowed");
    const refused = await addBrand({ name, image: await uploadedImage(cookie.coupons) }, cookie.coupons);
    expect(refused.status).toBe(403);
    expect(await rowsNamed(name)).toHaveLength(0);
  });
});

describe("PUT brand/{id} (spec 2 §7)", () => {
  async function freshBrand(as = cookie.owner) {
    const res = await addBrand({ name: unique("Editable"), image: await uploadedImage(as) }, as);
    expect(res.status).toBe(200);
    return res.body.data as { _id: string; name: string; image: string; createdAt: string; updatedAt: string };
  }
  const update = (id: string, body: Record<string, unknown>, as = cookie.admin) =>
    t.put(`brand/${id}`, { cookie: as, body });

  it("renames a brand with 'Brand updated successfully', keeping its image (even one another user uploaded) and moving updatedAt", async () => {
    const brand = await freshBrand();
    await new Promise((r) => setTimeout(r, 5));
    const res = await update(brand._id, { name: "Renamed Brand  ", image: brand.image });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Brand updated successfully");
    expect(res.body.data).toMatchObject({
      _id: brand._id,
      name: "Renamed Brand",
      image: brand.image,
      createdAt: brand.createdAt,
    });
    expect(new Date(res.body.data.updatedAt).getTime()).toBeGreaterThan(new Date(brand.updatedAt).getTime());
    const [row] = await t.db.select().from(brands).where(eq(brands.id, brand._id));
    expect(row.name).toBe("Renamed Brand");
  });

  it("changes the image alone to the admin's own upload, and refuses one that is not", async () => {
    const brand = await freshBrand();
    const someoneElses = await uploadedImage(cookie.owner);
    const refused = await update(brand._id, { image: someoneElses });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ image: [MSG.imageNotUploaded] });
    const image = await uploadedImage(cookie.admin);
    const res = await update(brand._id, { image });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: brand.name, image });
  });

  it("applies the add rules: spec messages, a taken name refused, its own name in another case kept", async () => {
    const brand = await freshBrand();
    expect((await update(brand._id, { name: "" })).body.errors).toEqual({ name: [MSG.brandNameRequired] });
    expect((await update(brand._id, { name: " Spaced" })).body.errors).toEqual({ name: [MSG.noLeadingSpace] });
    expect((await update(brand._id, { name: "D".repeat(51) })).body.errors).toEqual({ name: [MSG.max50] });
    expect((await update(brand._id, { image: "" })).body.errors).toEqual({ image: [MSG.brandImageRequired] });
    const taken = await update(brand._id, { name: "moss & co" });
    expect(taken.status).toBe(400);
    expect(taken.body.errors).toEqual({ name: [MSG.brandNameTaken] });
    const recased = await update(brand._id, { name: brand.name.toUpperCase() });
    expect(recased.status).toBe(200);
    expect(recased.body.data.name).toBe(brand.name.toUpperCase());
    const nothing = await update(brand._id, {});
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe(MSG.brandNothingToChange);
  });

  it("is for admins only: owners and staff get 403 and nothing changes", async () => {
    const brand = await freshBrand();
    for (const as of [cookie.owner, cookie.adder, cookie.editor]) {
      const res = await update(brand._id, { name: unique("Owner Rename") }, as);
      expect(res.status).toBe(403);
    }
    const [row] = await t.db.select().from(brands).where(eq(brands.id, brand._id));
    expect(row.name).toBe(brand.name);
  });

  it("answers 404 for an unknown brand", async () => {
    const res = await update("no-such-brand", { name: unique("Ghost") });
    expect(res.status).toBe(404);
    expect(res.body.status).toBe(1004);
  });
});

describe("signed out", () => {
  it("answers 401 with status 1001 on every brand route", async () => {
    const calls = [
      t.get("brand"),
      t.get(`brand/${seeded.acme}`),
      t.post("brand", { body: { name: "X", image: "y" } }),
      t.put(`brand/${seeded.acme}`, { body: { name: "X" } }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(401);
      expect(res.body.status).toBe(1001);
    }
  });
});

describe("two people adding the same brand at once (ARCHITECTURE §3: the database decides)", () => {
  it("lets exactly one of six simultaneous adds win; the others get the name-taken message", async () => {
    const images = await Promise.all(
      [cookie.admin, cookie.owner, cookie.adder, cookie.editor, cookie.admin, cookie.owner].map((as) =>
        uploadedImage(as),
      ),
    );
    const name = unique("Race Brand");
    const results = await Promise.all(
      [cookie.admin, cookie.owner, cookie.adder, cookie.editor, cookie.admin, cookie.owner].map((as, i) =>
        addBrand({ name: i % 2 ? name.toUpperCase() : name, image: images[i] }, as),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200))
      expect(r.body.errors).toEqual({ name: [MSG.brandNameTaken] });
    expect(await rowsNamed(name)).toHaveLength(1);
  });
});
