import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { hostPart, ownImageUpload, sniffContentType } from "#api/modules/uploads";
import {
  attributes,
  brands,
  categories,
  categoryAttributes,
  shopCategories,
  shopCommissions,
  shops,
  uploads,
  users,
} from "#api/db/schema";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { seedDemo } from "./index";

let t: TestApi;
let seconds = 0;
beforeAll(async () => {
  t = await testApi();
  const started = performance.now();
  await seedDemo(t.db, { storage: t.deps.storage, host: hostPart(t.deps, undefined) }, { orders: 0 });
  seconds = (performance.now() - started) / 1000;
});
afterAll(() => t.close());

const byLevel = async (level: number) => t.db.select().from(categories).where(eq(categories.level, level));

describe("demo taxonomy (taxonomy issue: Demo data)", () => {
  it("has departments, categories and sub-categories, a tree three levels deep, and 30 brands", async () => {
    const [departments, middle, leaves] = await Promise.all([byLevel(0), byLevel(1), byLevel(2)]);
    expect(departments.length).toBeGreaterThanOrEqual(5);
    expect(middle.length).toBeGreaterThanOrEqual(15);
    expect(leaves.length).toBeGreaterThanOrEqual(40);
    const departmentIds = new Set(departments.map((d) => d.id));
    const middleIds = new Set(middle.map((c) => c.id));
    expect(middle.every((c) => departmentIds.has(c.parentId!))).toBe(true);
    expect(leaves.every((c) => middleIds.has(c.parentId!))).toBe(true);
    expect(departments.map((d) => d.name)).toEqual(
      expect.arrayContaining([
        "Women's Fashion",
        "Men's Fashion",
        "Beauty & Personal Care",
        "Home & Living",
        "Sports & Outdoors",
      ]),
    );
    expect(await t.db.select().from(brands)).toHaveLength(30);
    console.info(`demo seed took ${seconds.toFixed(2)} s`);
  });

  it("gives every leaf tax, a commission, at least one attribute and one variation; variations use variation attributes only", async () => {
    const leaves = await byLevel(2);
    expect(leaves.every((c) => c.tax === 10)).toBe(true);
    expect(leaves.every((c) => c.commission !== null && c.commission >= 8 && c.commission <= 15)).toBe(true);
    // the commission differs from department to department
    expect(new Set(leaves.map((c) => c.commission)).size).toBeGreaterThan(1);
    const links = await t.db
      .select()
      .from(categoryAttributes)
      .innerJoin(attributes, eq(attributes.id, categoryAttributes.attributeId));
    for (const leaf of leaves) {
      const own = links.filter((l) => l.category_attributes.categoryId === leaf.id);
      const variations = own.filter((l) => l.category_attributes.kind === "variation");
      expect(own.filter((l) => l.category_attributes.kind === "attr").length, leaf.name).toBeGreaterThanOrEqual(1);
      expect(variations.length, leaf.name).toBeGreaterThanOrEqual(1);
      expect(
        variations.every((l) => l.attributes.isForVariation),
        leaf.name,
      ).toBe(true);
      // the first variation is the main one
      expect(
        variations.filter((l) => l.category_attributes.isMainSelected).map((l) => l.category_attributes.position),
      ).toEqual([0]);
    }
    // only leaves carry attributes, tax and commission
    const inner = [...(await byLevel(0)), ...(await byLevel(1))];
    expect(inner.every((c) => c.tax === null && c.commission === null)).toBe(true);
    expect(links.every((l) => leaves.some((leaf) => leaf.id === l.category_attributes.categoryId))).toBe(true);
  });

  it("defines the managed attributes with their types, units and colour values", async () => {
    const rows = await t.db.select().from(attributes);
    const named = (name: string) => rows.find((a) => a.name === name)!;
    expect(named("Size")).toMatchObject({
      type: "dropdown",
      isForVariation: true,
      list: ["XS", "S", "M", "L", "XL", "XXL"],
    });
    expect(named("Color").isForVariation).toBe(true);
    // jsonb keeps keys in its own order
    expect(Object.keys(named("Color").map).sort()).toEqual([...named("Color").list].sort());
    expect(Object.values(named("Color").map).every((hex) => /^#[0-9A-F]{6}$/.test(hex))).toBe(true);
    expect(named("Weight")).toMatchObject({ type: "number", unit: "kg" });
    expect(named("Height")).toMatchObject({ type: "number", unit: "cm" });
    expect(named("Width")).toMatchObject({ type: "number", unit: "cm" });
    expect(named("Waterproof")).toMatchObject({ type: "boolean", list: ["Yes", "No"] });
    expect(named("Volume")).toMatchObject({
      isForVariation: true,
      list: expect.arrayContaining(["30 ml", "50 ml", "100 ml"]),
    });
    expect(new Set(rows.map((a) => a.type))).toEqual(
      new Set(["text", "radio", "checkbox", "dropdown", "number", "boolean"]),
    );
    // spec 2 §5: names and labels at most 20 characters; every type but text and number has a list
    expect(rows.every((a) => a.name.length <= 20 && a.label.length <= 20)).toBe(true);
    expect(rows.filter((a) => a.type !== "text" && a.type !== "number").every((a) => a.list.length > 0)).toBe(true);
    expect(rows.filter((a) => a.type === "text" || a.type === "number").every((a) => a.list.length === 0)).toBe(true);
  });

  it("assigns the seeded shops to departments, with a couple of the shop's own commissions", async () => {
    const rows = await t.db
      .select({ shop: shops.name, department: categories.name, level: categories.level })
      .from(shopCategories)
      .innerJoin(shops, eq(shops.id, shopCategories.shopId))
      .innerJoin(categories, eq(categories.id, shopCategories.categoryId));
    const of = (shop: string) =>
      rows
        .filter((r) => r.shop === shop)
        .map((r) => r.department)
        .sort();
    expect(of("Harbour Threads")).toEqual(["Men's Fashion", "Women's Fashion"]);
    expect(of("Glow Botanics")).toEqual(["Beauty & Personal Care"]);
    expect(rows.every((r) => r.level === 0)).toBe(true);
    const allShops = await t.db.select().from(shops);
    expect(allShops.every((s) => rows.some((r) => r.shop === s.name))).toBe(true);
    // Harbour Threads' two from the taxonomy seed, and a few more per shop from the commission seed, all on leaves
    const commissions = await t.db
      .select({ shop: shops.name, category: categories.name, level: categories.level })
      .from(shopCommissions)
      .innerJoin(shops, eq(shops.id, shopCommissions.shopId))
      .innerJoin(categories, eq(categories.id, shopCommissions.categoryId));
    expect(commissions.filter((c) => c.shop === "Harbour Threads").map((c) => c.category)).toEqual(
      expect.arrayContaining(["Dresses", "T-Shirts"]),
    );
    expect(commissions.every((c) => c.level === 2)).toBe(true);
    expect(allShops.every((s) => commissions.some((c) => c.shop === s.name))).toBe(true);
  });

  it("spreads creation dates over past months", async () => {
    const dates = [...(await t.db.select().from(categories)), ...(await t.db.select().from(brands))].map((r) =>
      r.createdAt.getTime(),
    );
    const months = new Set(dates.map((d) => new Date(d).toISOString().slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(6);
    expect(Math.max(...dates)).toBeLessThan(Date.now());
  });

  it("stores every image as a checked catalogue upload of the admin, served as image/png", async () => {
    const [admin] = await t.db.select().from(users).where(eq(users.email, "admin@liveshop.test"));
    const locations = [...(await t.db.select().from(categories)), ...(await t.db.select().from(brands))].map(
      (r) => r.image!,
    );
    expect(locations.every(Boolean)).toBe(true);
    expect(new Set(locations).size).toBe(locations.length);
    const keys = locations.map((l) => t.deps.storage.keyOf(l)!);
    expect(keys.every((k) => k && k.split("/")[1] === "catalogueImage")).toBe(true);
    const rows = await t.db.select().from(uploads).where(inArray(uploads.key, keys));
    expect(rows).toHaveLength(keys.length);
    expect(
      rows.every((r) => r.status === "stored" && r.contentType === "image/png" && r.userId === admin.id && r.size! > 0),
    ).toBe(true);
    // a form keeping or choosing one of them accepts it as the admin's own upload
    const actor = {
      id: admin.id,
      role: "admin" as const,
      shopId: null,
      permissions: new Set<never>(),
      sessionId: "test",
    };
    expect(await ownImageUpload(t.deps, actor, locations[0], ["catalogueImage"])).toBe(true);

    const [brand] = await t.db.select().from(brands).where(eq(brands.name, "Wattle & Ash"));
    const res = await t.app.request(`http://localhost${brand.image}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    const body = new Uint8Array(await res.arrayBuffer());
    expect(sniffContentType(body)).toBe("image/png");
    expect(body.length).toBe(rows.find((r) => brand.image.endsWith(r.key))!.size);
    // ~256×256 and small
    expect(Buffer.from(body).readUInt32BE(16)).toBe(256);
    expect(body.length).toBeLessThan(64 * 1024);
  });
});
