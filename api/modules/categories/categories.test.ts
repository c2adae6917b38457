import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import { categories, categoryAttributes } from "#api/db/schema";
import {
  assignShopCategories,
  createAttribute,
  createCategory,
  createShopCommission,
} from "#api/db/seed/catalogue-factories";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { testKit, type TestKit } from "../../../tests/factories";

let t: TestApi;
let kit: TestKit;
let admin: string;
let owner: string;
let staff: string;
const ids: Record<string, string> = {};
const day = (iso: string) => new Date(`${iso}T09:00:00Z`);

beforeAll(async () => {
  t = await testApi();
  kit = testKit(t);
  const shop = await kit.shop({ name: "Branch Boutique" });
  ids.shop = shop.id;
  admin = (await kit.admin()).cookie;
  owner = shop.owner.cookie;
  staff = (await kit.staff(shop, ["product:edit"])).cookie;

  const women = await createCategory(t.db, { name: "Women", createdAt: day("2026-01-01") });
  const men = await createCategory(t.db, { name: "Men", createdAt: day("2026-02-01") });
  await createCategory(t.db, { name: "Home", createdAt: day("2026-03-01") });
  const clothing = await createCategory(t.db, { name: "Clothing", parent: women });
  const dresses = await createCategory(t.db, { name: "Dresses", parent: clothing, tax: 10, commission: 12 });
  await createCategory(t.db, { name: "Jeans", parent: clothing });
  const shirts = await createCategory(t.db, {
    name: "Shirts",
    parent: await createCategory(t.db, { name: "Tops", parent: men }),
  });
  Object.assign(ids, { women: women.id, men: men.id, clothing: clothing.id, dresses: dresses.id, shirts: shirts.id });
  await assignShopCategories(t.db, ids.shop, [women.id]);

  ids.material = (await createAttribute(t.db, { name: "Material", type: "dropdown", list: ["Cotton", "Silk"] })).id;
  ids.weight = (await createAttribute(t.db, { name: "Weight", type: "number", list: [] })).id;
  ids.color = (
    await createAttribute(t.db, {
      name: "Color",
      type: "dropdown",
      isForVariation: true,
      list: ["Red", "Blue"],
      map: { Red: "#E53935", Blue: "#1E88E5" },
    })
  ).id;
  ids.size = (
    await createAttribute(t.db, { name: "Size", type: "dropdown", isForVariation: true, list: ["S", "M", "L"] })
  ).id;
});
afterAll(() => t.close());

const list = (body: unknown, query: Record<string, string | number> = {}, cookie = admin) =>
  t.post("category/list", { cookie, body, query });
const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((c) => c.name);

/** A catalogue image really uploaded (and checked) by the holder of `cookie`; its location. */
const uploadedImage = (cookie: string) => kit.upload(cookie, "catalogueImage");

describe("POST category/list (spec 2 §7)", () => {
  it("lists departments (level 0) newest first, with isLeaf, childCount and shopCount", async () => {
    const res = await list({ level: 0 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, count: 3, isNext: false });
    expect(names(res)).toEqual(["Home", "Men", "Women"]);
    expect(res.body.data[2]).toMatchObject({
      _id: ids.women,
      level: 0,
      isLeaf: false,
      parent: null,
      childCount: 1,
      shopCount: 1,
      image: null,
    });
  });

  it("searches, sorts by name, and pages with skip and limit (or page)", async () => {
    expect(names(await list({ level: 0 }, { search: "me" }))).toEqual(
      ["Home", "Men", "Women"].filter((n) => /me/i.test(n)),
    );
    expect(names(await list({ level: 0 }, { sort: "name", sortType: "asc" }))).toEqual(["Home", "Men", "Women"]);
    const first = await list({ level: 0 }, { sort: "name", sortType: "asc", limit: 2 });
    expect(first.body).toMatchObject({ count: 3, isNext: true });
    const second = await list({ level: 0 }, { sort: "name", sortType: "asc", limit: 2, page: 2 });
    expect(names(second)).toEqual(["Women"]);
    expect(second.body.isNext).toBe(false);
  });

  it("lists one level, or the children of a parent; leaves say isLeaf", async () => {
    expect(names(await list({ level: 2 }, { sort: "name", sortType: "asc" }))).toEqual(["Dresses", "Jeans", "Shirts"]);
    const children = await list({ parent: ids.clothing }, { sort: "name", sortType: "asc" });
    expect(names(children)).toEqual(["Dresses", "Jeans"]);
    expect(children.body.data[0]).toMatchObject({ level: 2, isLeaf: true, parent: ids.clothing, childCount: 0 });
  });

  it("is readable by shop owners and staff (the product form needs it), and not signed out", async () => {
    expect((await list({ level: 0 }, {}, owner)).status).toBe(200);
    expect((await list({ level: 0 }, {}, staff)).status).toBe(200);
    const anonymous = await t.post("category/list", { body: { level: 0 } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.status).toBe(1001);
  });

  it("refuses a bad level or sort", async () => {
    expect((await list({ level: 3 })).status).toBe(400);
    expect((await list({ level: 0 }, { sort: "shopCount" })).body.message).toBe(MSG.listSort(["createdAt", "name"]));
  });
});

describe("GET category/{id}", () => {
  it("returns a leaf with its ancestors, attributes, variations, tax and commission", async () => {
    const res = await t.get(`category/${ids.dresses}`, { cookie: owner });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      _id: ids.dresses,
      name: "Dresses",
      level: 2,
      isLeaf: true,
      ancestors: [
        { _id: ids.women, name: "Women" },
        { _id: ids.clothing, name: "Clothing" },
      ],
      children: [],
      attr: [],
      variations: [],
      tax: 10,
      commission: 12,
    });
  });

  it("returns a department with its children", async () => {
    const res = await t.get(`category/${ids.women}`, { cookie: staff });
    expect(res.body.data).toMatchObject({
      isLeaf: false,
      ancestors: [],
      children: [{ _id: ids.clothing, name: "Clothing", childCount: 2, isLeaf: false }],
    });
  });

  it("answers 404/1004 for an unknown id", async () => {
    const res = await t.get("category/nope", { cookie: admin });
    expect(res.status).toBe(404);
    expect(res.body.status).toBe(1004);
  });
});

describe("POST category", () => {
  it("adds a department, a category below it and a sub-category below that", async () => {
    const dept = await t.post("category", { cookie: admin, body: { name: " Sports ", image: null } });
    expect(dept.status).toBe(200);
    expect(dept.body).toMatchObject({
      success: true,
      message: "Sports added successfully",
      data: { name: "Sports", level: 0, parent: null, isLeaf: false },
    });
    const cat = await t.post("category", { cookie: admin, body: { name: "Footwear", parent: dept.body.data._id } });
    expect(cat.body.data).toMatchObject({ level: 1, parent: dept.body.data._id });
    const leaf = await t.post("category", { cookie: admin, body: { name: "Runners", parent: cat.body.data._id } });
    expect(leaf.body.data).toMatchObject({
      level: 2,
      isLeaf: true,
      ancestors: [{ name: "Sports" }, { name: "Footwear" }],
    });
  });

  it("adds sub-categories only below level 2 (spec 2 §5)", async () => {
    const res = await t.post("category", { cookie: admin, body: { name: "Maxi", parent: ids.dresses } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ parent: [MSG.categoryLevel] });
    expect(await t.db.select().from(categories).where(eq(categories.name, "Maxi"))).toHaveLength(0);
  });

  it("needs a name: 'Please Enter Category Name' for a department and a category, 'Please Enter Sub Category Name' for a sub-category", async () => {
    const dept = await t.post("category", { cookie: admin, body: { name: "  " } });
    expect(dept.status).toBe(400);
    expect(dept.body).toMatchObject({
      message: "Please Enter Category Name",
      errors: { name: ["Please Enter Category Name"] },
    });
    const sub = await t.post("category", { cookie: admin, body: { name: "", parent: ids.clothing } });
    expect(sub.status).toBe(400);
    expect(sub.body.errors).toEqual({ name: ["Please Enter Sub Category Name"] });
    // below a department the child is a category
    const category = await t.post("category", { cookie: admin, body: { name: " ", parent: ids.women } });
    expect(category.status).toBe(400);
    expect(category.body).toMatchObject({
      message: "Please Enter Category Name",
      errors: { name: ["Please Enter Category Name"] },
    });
    const long = await t.post("category", { cookie: admin, body: { name: "x".repeat(51) } });
    expect(long.body.errors).toEqual({ name: [MSG.max50] });
  });

  it("refuses a sibling with the same name, and an unknown parent", async () => {
    const dup = await t.post("category", { cookie: admin, body: { name: "jeans", parent: ids.clothing } });
    expect(dup.status).toBe(400);
    expect(dup.body.errors).toEqual({ name: [MSG.categoryNameTaken] });
    const orphan = await t.post("category", { cookie: admin, body: { name: "Lost", parent: "nope" } });
    expect(orphan.body.errors).toEqual({ parent: [MSG.categoryParentMissing] });
  });

  it("takes an image only when it is this admin's checked JPG/PNG upload", async () => {
    const upload = await uploadedImage(admin);
    const ok = await t.post("category", { cookie: admin, body: { name: "Garden", image: upload } });
    expect(ok.body.data.image).toBe(upload);
    const foreign = await t.post("category", {
      cookie: admin,
      body: { name: "Garden 2", image: "https://evil.example/x.png" },
    });
    expect(foreign.body.errors).toEqual({ image: [MSG.imageNotUploaded] });
    const html = await t.as(admin).post("upload/file", {
      body: new TextEncoder().encode("<html><script>alert(1)</script></html>"),
      headers: { "content-type": "image/png", "x-file-name": "category.png", "x-purpose": "catalogueImage" },
    });
    expect(html.body).toMatchObject({ success: false, message: "You can only upload JPG/PNG file!" });
  });

  it("is refused to shop owners and staff (403) and signed-out callers (401)", async () => {
    expect((await t.post("category", { cookie: owner, body: { name: "Mine" } })).status).toBe(403);
    expect((await t.post("category", { cookie: staff, body: { name: "Mine" } })).status).toBe(403);
    expect((await t.post("category", { body: { name: "Mine" } })).status).toBe(401);
  });
});

describe("PUT category/{id}", () => {
  it("sets a leaf's attributes (with default units) and variations (the first is main), kept as references", async () => {
    const attr = await t.put(`category/${ids.dresses}`, {
      cookie: admin,
      body: { id: ids.dresses, attr: [ids.material, { _id: ids.weight }] },
    });
    expect(attr.status).toBe(200);
    expect(attr.body.message).toBe(MSG.categoryUpdated);
    expect(attr.body.data.attr).toEqual([
      {
        _id: ids.material,
        name: "Material",
        label: "Material",
        type: "dropdown",
        list: ["Cotton", "Silk"],
        unit: null,
      },
      { _id: ids.weight, name: "Weight", label: "Weight", type: "number", list: [], unit: "kg" },
    ]);
    const variations = await t.put(`category/${ids.dresses}`, {
      cookie: admin,
      body: { id: ids.dresses, variations: [ids.color, ids.size] },
    });
    expect(variations.body.data.variations).toEqual([
      {
        _id: ids.color,
        name: "Color",
        label: "Color",
        dataType: "dropdown",
        list: ["Red", "Blue"],
        map: { Red: "#E53935", Blue: "#1E88E5" },
        isMainSelected: true,
      },
      {
        _id: ids.size,
        name: "Size",
        label: "Size",
        dataType: "dropdown",
        list: ["S", "M", "L"],
        isMainSelected: false,
        map: {},
      },
    ]);
    // saving one section leaves the other as it was
    expect((await t.get(`category/${ids.dresses}`, { cookie: admin })).body.data.attr).toHaveLength(2);
    const main = await t.put(`category/${ids.dresses}`, {
      cookie: admin,
      body: { variations: [{ _id: ids.color }, { _id: ids.size, isMainSelected: true }] },
    });
    expect(main.body.data.variations.map((v: { isMainSelected: boolean }) => v.isMainSelected)).toEqual([false, true]);
  });

  it("needs at least one attribute or variation, and variations marked for variation", async () => {
    const noAttr = await t.put(`category/${ids.dresses}`, { cookie: admin, body: { attr: [] } });
    expect(noAttr.status).toBe(400);
    expect(noAttr.body.errors).toEqual({ attr: ["Please Add Atleast one Attribute"] });
    const noVariation = await t.put(`category/${ids.dresses}`, { cookie: admin, body: { variations: [] } });
    expect(noVariation.body.errors).toEqual({ variations: ["Please Add Atleast one Variation"] });
    const notVariation = await t.put(`category/${ids.dresses}`, {
      cookie: admin,
      body: { variations: [ids.material] },
    });
    expect(notVariation.body.message).toBe(MSG.notForVariation("Material"));
    const unknown = await t.put(`category/${ids.dresses}`, { cookie: admin, body: { attr: ["nope"] } });
    expect(unknown.body.message).toBe(MSG.attributeUnknown);
    const links = await t.db.select().from(categoryAttributes).where(eq(categoryAttributes.categoryId, ids.dresses));
    expect(links).toHaveLength(4);
  });

  it("sets tax and commission as integers 0–100, with the spec's messages", async () => {
    expect((await t.put(`category/${ids.dresses}`, { cookie: admin, body: { tax: 0 } })).body.data.tax).toBe(0);
    expect(
      (await t.put(`category/${ids.dresses}`, { cookie: admin, body: { commission: "15" } })).body.data.commission,
    ).toBe(15);
    expect((await t.put(`category/${ids.dresses}`, { cookie: admin, body: { tax: "" } })).body.errors).toEqual({
      tax: ["Please Enter Tax"],
    });
    expect((await t.put(`category/${ids.dresses}`, { cookie: admin, body: { tax: 101 } })).body.errors).toEqual({
      tax: ["Tax range should be 1 to 100"],
    });
    expect((await t.put(`category/${ids.dresses}`, { cookie: admin, body: { tax: 7.5 } })).body.errors).toEqual({
      tax: ["Tax range should be 1 to 100"],
    });
    expect((await t.put(`category/${ids.dresses}`, { cookie: admin, body: { commission: null } })).body.errors).toEqual(
      { commission: ["Please Enter Commission"] },
    );
    expect((await t.put(`category/${ids.dresses}`, { cookie: admin, body: { commission: -1 } })).body.errors).toEqual({
      commission: ["Commission range should be 1 to 100"],
    });
    const [row] = await t.db.select().from(categories).where(eq(categories.id, ids.dresses));
    expect(row).toMatchObject({ tax: 0, commission: 15 });
  });

  it("keeps attributes, variations, tax and commission to leaves", async () => {
    const res = await t.put(`category/${ids.clothing}`, { cookie: admin, body: { tax: 10 } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.leafOnly);
  });

  it("renames with the level's message, and needs something to change", async () => {
    expect((await t.put(`category/${ids.men}`, { cookie: admin, body: { name: "" } })).body.errors).toEqual({
      name: ["Please Enter Category Name"],
    });
    expect((await t.put(`category/${ids.shirts}`, { cookie: admin, body: { name: " " } })).body.errors).toEqual({
      name: ["Please Enter Sub Category Name"],
    });
    expect((await t.put(`category/${ids.clothing}`, { cookie: admin, body: { name: "" } })).body.errors).toEqual({
      name: ["Please Enter Category Name"],
    });
    expect((await t.put(`category/${ids.men}`, { cookie: admin, body: { name: "Women" } })).body.errors).toEqual({
      name: [MSG.categoryNameTaken],
    });
    expect((await t.put(`category/${ids.men}`, { cookie: admin, body: { id: ids.men } })).body.message).toBe(
      MSG.categoryNothingToChange,
    );
    const renamed = await t.put(`category/${ids.men}`, { cookie: admin, body: { id: ids.men, name: "Menswear" } });
    expect(renamed.body.data.name).toBe("Menswear");
  });

  it("changes and removes the image ('null' on the wire)", async () => {
    const upload = await uploadedImage(admin);
    expect((await t.put(`category/${ids.men}`, { cookie: admin, body: { image: upload } })).body.data.image).toBe(
      upload,
    );
    expect((await t.put(`category/${ids.men}`, { cookie: admin, body: { image: "null" } })).body.data.image).toBeNull();
  });

  it("is refused to owners and staff, and unknown ids are 404", async () => {
    expect((await t.put(`category/${ids.dresses}`, { cookie: owner, body: { tax: 5 } })).status).toBe(403);
    expect((await t.put(`category/${ids.dresses}`, { cookie: staff, body: { tax: 5 } })).status).toBe(403);
    expect((await t.put(`category/${ids.dresses}`, { body: { tax: 5 } })).status).toBe(401);
    expect((await t.put("category/nope", { cookie: admin, body: { tax: 5 } })).status).toBe(404);
  });
});

describe("DELETE category/{id} (ADR 0013: refused while anything hangs on it)", () => {
  it("refuses a category with sub-categories", async () => {
    const res = await t.delete(`category/${ids.clothing}`, { cookie: admin });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("This category has 2 sub-categories. Delete them first.");
    // a department's children are categories
    const dept = await t.delete(`category/${ids.women}`, { cookie: admin });
    expect(dept.body.message).toBe("This department has 1 category. Delete it first.");
  });

  it("refuses a department that shops use, but not one only deleted shops used", async () => {
    const dept = await createCategory(t.db, { name: "Pets" });
    await assignShopCategories(t.db, ids.shop, [dept.id]);
    const res = await t.delete(`category/${dept.id}`, { cookie: admin });
    expect(res.body.message).toBe(MSG.categoryUsedByShops(1));
    const old = await createCategory(t.db, { name: "Aquariums" });
    await kit.shop({ name: "Closed Pets", deletedAt: day("2026-05-01"), departments: [old.id] });
    expect((await t.delete(`category/${old.id}`, { cookie: admin })).status).toBe(200);
  });

  it("refuses a sub-category with shop commission rows", async () => {
    const leaf = await createCategory(t.db, { name: "Scarves", parent: { id: ids.clothing, level: 1 } });
    await createShopCommission(t.db, ids.shop, leaf.id, 9);
    const res = await t.delete(`category/${leaf.id}`, { cookie: admin });
    expect(res.body.message).toBe(MSG.categoryHasCommissions(1));
    expect(await t.db.select().from(categories).where(eq(categories.id, leaf.id))).toHaveLength(1);
  });

  it("deletes an unused leaf with its attribute links, and answers 404 after", async () => {
    const leaf = await createCategory(t.db, { name: "Gloves", parent: { id: ids.clothing, level: 1 } });
    await t.put(`category/${leaf.id}`, { cookie: admin, body: { attr: [ids.material] } });
    const res = await t.delete(`category/${leaf.id}`, { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.categoryDeleted);
    expect(await t.db.select().from(categoryAttributes).where(eq(categoryAttributes.categoryId, leaf.id))).toHaveLength(
      0,
    );
    expect((await t.get(`category/${leaf.id}`, { cookie: admin })).status).toBe(404);
  });

  it("is refused to owners and staff", async () => {
    expect((await t.delete(`category/${ids.shirts}`, { cookie: owner })).status).toBe(403);
    expect((await t.delete(`category/${ids.shirts}`, { cookie: staff })).status).toBe(403);
    expect((await t.delete(`category/${ids.shirts}`)).status).toBe(401);
  });
});

describe("GET category/subcategory-list", () => {
  it("lists leaves with their category and department, searchable by either name, paged", async () => {
    // a look-up: by name, A to Z, unless asked otherwise
    const res = await t.get("category/subcategory-list", { cookie: owner, query: { limit: 2 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, isNext: true });
    expect(res.body.data[0]).toEqual({
      _id: ids.dresses,
      name: "Dresses",
      parent: { _id: ids.clothing, name: "Clothing", parent: { _id: ids.women, name: "Women" } },
    });
    const byParent = await t.get("category/subcategory-list", { cookie: admin, query: { search: "tops" } });
    expect(byParent.body.data.map((c: { name: string }) => c.name)).toEqual(["Shirts"]);
    expect(byParent.body.count).toBe(1);
    expect((await t.get("category/subcategory-list")).status).toBe(401);
  });
});

describe("GET category/departments", () => {
  it("gives every department, and only departments, A to Z as {_id, name}, past the 100 a page of POST category/list holds", async () => {
    const garden = await createCategory(t.db, { name: "Lookup Garden" });
    const tools = await createCategory(t.db, { name: "Lookup Tools", parent: garden });
    const spades = await createCategory(t.db, { name: "Lookup Spades", parent: tools });
    const before = await t.get("category/departments", { cookie: admin });
    expect(before.status).toBe(200);
    expect(before.body.success).toBe(true);
    const known = before.body.data as { _id: string; name: string }[];
    expect(known).toContainEqual({ _id: garden.id, name: "Lookup Garden" });
    // categories and sub-categories are not departments
    expect(known.map((d) => d._id)).not.toContain(tools.id);
    expect(known.map((d) => d._id)).not.toContain(spades.id);

    for (let i = 0; i < 101; i++) await createCategory(t.db, { name: `Zone ${String(i).padStart(3, "0")}` });
    const after = await t.get("category/departments", { cookie: admin });
    const departments = after.body.data as { _id: string; name: string }[];
    const [{ n }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(categories)
      .where(eq(categories.level, 0));
    expect(departments).toHaveLength(n);
    expect(departments.length).toBeGreaterThan(100);
    // A to Z (names chosen to sort alike under any collation the database may use)
    const zones = departments.map((d) => d.name).filter((name) => name.startsWith("Zone "));
    expect(zones).toEqual(Array.from({ length: 101 }, (_, i) => `Zone ${String(i).padStart(3, "0")}`));
    expect(departments.findIndex((d) => d.name === "Lookup Garden")).toBeLessThan(
      departments.findIndex((d) => d.name === "Zone 000"),
    );
    expect(departments.every((d) => Object.keys(d).sort().join() === "_id,name")).toBe(true);
  });

  it("is read by every console role alike (departments belong to no shop), and by no one signed out", async () => {
    const other = await kit.shop({ name: "Other Outfitters" });
    const answers = await Promise.all(
      [admin, owner, staff, other.owner.cookie].map((cookie) => t.get("category/departments", { cookie })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    for (const answer of answers.slice(1)) expect(answer.body.data).toEqual(answers[0].body.data);
    expect((await t.get("category/departments")).status).toBe(401);
  });
});

describe("the tree under simultaneous changes (ARCHITECTURE §3: the database decides)", () => {
  it("lets exactly one of six simultaneous adds of the same name under one parent win", async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.post("category", { cookie: admin, body: { name: i % 2 ? "RACE LEAF" : "Race Leaf", parent: ids.clothing } }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200))
      expect(r.body.errors).toEqual({ name: [MSG.categoryNameTaken] });
  });

  it("never leaves an orphan when a category is deleted while a child is being added to it", async () => {
    for (let round = 0; round < 8; round++) {
      const parent = await createCategory(t.db, { name: `Racing ${round}`, parent: { id: ids.men, level: 0 } });
      const [removed, added] = await Promise.all([
        t.delete(`category/${parent.id}`, { cookie: admin }),
        t.post("category", { cookie: admin, body: { name: "Late child", parent: parent.id } }),
      ]);
      // one of them wins, never both
      expect([removed.status, added.status].filter((s) => s === 200)).toHaveLength(1);
      if (removed.status === 200) expect(added.body.errors).toEqual({ parent: [MSG.categoryParentMissing] });
      else expect([MSG.categoryHasChildren(1, 1), MSG.categoryInUse]).toContain(removed.body.message);
      const orphans = await t.db.execute(
        sql`select count(*)::int as n from categories c where c.parent_id is not null and not exists (select 1 from categories p where p.id = c.parent_id)`,
      );
      const rows = (Array.isArray(orphans) ? orphans : (orphans as { rows: unknown[] }).rows) as { n: number }[];
      expect(Number(rows[0].n)).toBe(0);
    }
  });
});
