import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { hostPart, ownImageUpload, sniffContentType } from "#api/modules/uploads";
import {
  categories,
  categoryAttributes,
  attributes,
  productSkus,
  products,
  productVariations,
  shopCategories,
  shops,
  uploads,
  users,
} from "#api/db/schema";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { seedDemo } from "./index";
import { FIXED_PRODUCTS } from "./products";

let t: TestApi;
let seconds = 0;
let all: (typeof products.$inferSelect)[];
let variations: (typeof productVariations.$inferSelect)[];
beforeAll(async () => {
  t = await testApi();
  const started = performance.now();
  await seedDemo(t.db, { storage: t.deps.storage, host: hostPart(t.deps, undefined) }, { orders: 0 });
  seconds = (performance.now() - started) / 1000;
  all = await t.db.select().from(products);
  variations = await t.db.select().from(productVariations);
}, 60_000);
afterAll(() => t.close());

const shopOf = async (email: string) => {
  const [row] = await t.db
    .select({ shop: shops })
    .from(shops)
    .innerJoin(users, eq(users.id, shops.ownerId))
    .where(eq(users.email, email));
  return row.shop;
};

describe("demo products (products issue: Demo data)", () => {
  it("seeds at least 300 products across every shop, about a third with variations, and more than a page in the demo shop", async () => {
    const allShops = await t.db.select().from(shops);
    const perShop = allShops.map((s) => `${s.name}: ${all.filter((p) => p.shopId === s.id).length}`).join(", ");
    const rowCounts = all
      .filter((p) => p.isVariationAvailable)
      .map((p) => variations.filter((v) => v.productId === p.id).length);
    console.info(
      `demo seed took ${seconds.toFixed(2)} s; ${all.length} products (${perShop}); ${rowCounts.length} with variations, ${Math.min(...rowCounts)}–${Math.max(...rowCounts)} rows`,
    );
    expect(all.length).toBeGreaterThanOrEqual(300);
    expect(allShops.every((s) => all.filter((p) => p.shopId === s.id).length >= 25)).toBe(true);
    const harbour = await shopOf("owner@liveshop.test");
    expect(all.filter((p) => p.shopId === harbour.id).length).toBeGreaterThan(25);
    const share = all.filter((p) => p.isVariationAvailable).length / all.length;
    expect(share).toBeGreaterThan(0.28);
    expect(share).toBeLessThan(0.4);
    // most variation products are Color × Size (or a size of shoes, babies or kids); Beauty has none of those leaves
    const colourBySize = all.filter(
      (p) =>
        p.isVariationAvailable &&
        "Color" in p.variationList &&
        Object.keys(p.variationList).some((d) => d.includes("Size")),
    );
    expect(colourBySize.length).toBeGreaterThan(all.filter((p) => p.isVariationAvailable).length / 2);
    // created over past months
    const months = new Set(all.map((p) => p.createdAt.toISOString().slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(5);
    expect(all.every((p) => p.deletedAt === null && p.currency === "AUD")).toBe(true);
  });

  it("puts every product in one of its shop's departments → a category → a leaf, with a valid value for each of the leaf's attributes", async () => {
    const [tree, links, owned] = await Promise.all([
      t.db.select().from(categories),
      t.db.select().from(categoryAttributes).innerJoin(attributes, eq(attributes.id, categoryAttributes.attributeId)),
      t.db.select().from(shopCategories),
    ]);
    const byId = new Map(tree.map((c) => [c.id, c]));
    for (const p of all) {
      const [department, category, leaf] = [
        byId.get(p.departmentId)!,
        byId.get(p.categoryId)!,
        byId.get(p.subcategoryId)!,
      ];
      expect([department.level, category.level, leaf.level]).toEqual([0, 1, 2]);
      expect(leaf.parentId).toBe(category.id);
      expect(category.parentId).toBe(department.id);
      expect(
        owned.some((o) => o.shopId === p.shopId && o.categoryId === department.id),
        p.name,
      ).toBe(true);
      const attrs = links.filter(
        (l) => l.category_attributes.categoryId === leaf.id && l.category_attributes.kind === "attr",
      );
      expect(Object.keys(p.attr).sort(), p.name).toEqual(attrs.map((a) => a.attributes.name).sort());
      for (const { attributes: a } of attrs) {
        const { value, id } = p.attr[a.name];
        expect(id).toBe(a.id);
        if (a.type === "text") expect(typeof value === "string" && value.length > 0 && value.length <= 100).toBe(true);
        else if (a.type === "number") expect(Number.isFinite(Number(value))).toBe(true);
        else if (a.type === "checkbox")
          expect(Array.isArray(value) && value.length > 0 && value.every((v) => a.list.includes(v))).toBe(true);
        else expect(a.list).toContain(value);
      }
      const allowed = links
        .filter((l) => l.category_attributes.categoryId === leaf.id && l.category_attributes.kind === "variation")
        .map((l) => l.attributes);
      for (const [dimension, { list, id }] of Object.entries(p.variationList)) {
        const a = allowed.find((x) => x.name === dimension)!;
        expect(a?.id, `${p.name} ${dimension}`).toBe(id);
        expect(list.every((v) => a.list.includes(v))).toBe(true);
      }
      expect(
        p.name.length >= 5 && p.name.length <= 100 && p.description.length >= 10 && p.description.length <= 200,
        p.name,
      ).toBe(true);
    }
  });

  it("gives each variation product at least 2 distinct rows, each with its own image, SKU, price and stock; keeps price range and stock in step", () => {
    for (const p of all.filter((x) => x.isVariationAvailable)) {
      const rows = variations.filter((v) => v.productId === p.id);
      expect(rows.length, p.name).toBeGreaterThanOrEqual(2);
      expect(new Set(rows.map((v) => v.variant.toLowerCase())).size).toBe(rows.length);
      expect(Object.keys(p.variationList).length).toBeLessThanOrEqual(2);
      for (const v of rows) {
        // jsonb keeps no key order: the variant follows the leaf's order of variations
        const dimensions = Object.keys(v.variantDetails);
        expect(dimensions.sort()).toEqual(Object.keys(p.variationList).sort());
        expect(v.variant.split("_").sort()).toEqual(Object.values(v.variantDetails).sort());
        expect(v.image && v.sku && v.priceCents >= 100 && v.stock >= 0).toBeTruthy();
      }
      expect(p.minCents).toBe(Math.min(...rows.map((v) => v.priceCents)));
      expect(p.maxCents).toBe(Math.max(...rows.map((v) => v.priceCents)));
      expect(p.priceCents).toBe(p.minCents);
      expect(p.stock).toBe(rows.reduce((n, v) => n + v.stock, 0));
      expect(p.sku).toBeNull();
      expect(p.sizeChartImage).toBeTruthy();
      expect(
        rows.every((v) => v.priceCents >= 995 && v.priceCents <= 24900 && v.stock <= 200),
        p.name,
      ).toBe(true);
    }
    for (const p of all.filter((x) => !x.isVariationAvailable)) {
      expect(variations.some((v) => v.productId === p.id)).toBe(false);
      expect(p.sku && p.minCents === null && p.sizeChartImage === null).toBeTruthy();
      expect(p.priceCents >= 995 && p.priceCents <= 24900 && p.stock >= 0 && p.stock <= 200, p.name).toBe(true);
    }
  });

  it("registers every SKU once per shop (products and variations alike), as XXX-NNN from the name", async () => {
    const registry = await t.db.select().from(productSkus);
    const expected = [
      ...all
        .filter((p) => p.sku)
        .map((p) => ({
          shopId: p.shopId,
          sku: p.sku!,
          productId: p.id,
          variationId: null as string | null,
          name: p.name,
        })),
      ...variations.map((v) => ({
        shopId: all.find((p) => p.id === v.productId)!.shopId,
        sku: v.sku,
        productId: v.productId,
        variationId: v.id as string | null,
        name: all.find((p) => p.id === v.productId)!.name,
      })),
    ];
    expect(registry).toHaveLength(expected.length);
    expect(new Set(expected.map((e) => `${e.shopId}/${e.sku.toUpperCase()}`)).size).toBe(expected.length);
    for (const e of expected) {
      expect(e.sku).toMatch(/^[A-Z]{3}-\d{3,}$/);
      expect(e.sku.slice(0, 3)).toBe(
        (
          e.name
            .replace(/[^a-z]/gi, "")
            .slice(0, 3)
            .toUpperCase() + "XXX"
        ).slice(0, 3),
      );
      expect(
        registry.some(
          (r) =>
            r.shopId === e.shopId && r.sku === e.sku && r.productId === e.productId && r.variationId === e.variationId,
        ),
      ).toBe(true);
    }
  });

  it("has product, global and per-variant discounts, flat and percentage, all within the rules", () => {
    const single = all.filter((p) => p.isDiscount && !p.isGlobalDiscount);
    const global = all.filter((p) => p.isGlobalDiscount);
    const perVariant = variations.filter((v) => v.isDiscount);
    for (const group of [single, global, perVariant]) {
      expect(group.some((x) => x.discountType === "flat")).toBe(true);
      expect(group.some((x) => x.discountType === "percentage")).toBe(true);
    }
    expect(single.every((p) => !p.isVariationAvailable)).toBe(true);
    expect(global.every((p) => p.isVariationAvailable && p.isDiscount)).toBe(true);
    const check = (
      x: { discountType: string | null; discountCents: number | null; discountPercent: number | null },
      price: number,
    ) =>
      x.discountType === "flat"
        ? x.discountCents! >= 0 && x.discountCents! <= price && x.discountPercent === null
        : x.discountPercent! >= 0 && x.discountPercent! <= 100 && x.discountCents === null;
    expect(single.every((p) => check(p, p.priceCents))).toBe(true);
    expect(global.every((p) => check(p, p.minCents!))).toBe(true);
    expect(perVariant.every((v) => check(v, v.priceCents))).toBe(true);
    // a global discount excludes per-variant ones
    expect(perVariant.every((v) => !all.find((p) => p.id === v.productId)!.isDiscount)).toBe(true);
    expect(
      all
        .filter((p) => !p.isDiscount)
        .every((p) => p.discountType === null && p.discountCents === null && p.discountPercent === null),
    ).toBe(true);
  });

  it("seeds the fixed products the end-to-end tests name", async () => {
    for (const [email, list] of Object.entries(FIXED_PRODUCTS)) {
      const shop = await shopOf(email);
      for (const f of list) {
        const matches = all.filter((p) => p.name === f.name);
        expect(matches, f.name).toHaveLength(1);
        const p = matches[0];
        expect(p.shopId).toBe(shop.id);
        if (f.single)
          expect([p.sku, p.priceCents, p.stock]).toEqual([f.single.sku, f.single.priceCents, f.single.stock]);
        if (f.variations) {
          const rows = variations.filter((v) => v.productId === p.id).sort((a, b) => a.position - b.position);
          expect(rows.map((v) => [v.variant, v.priceCents, v.stock, v.sku])).toEqual(
            f.variations.rows.map(([values, cents, stock, sku]) => [values.join("_"), cents, stock, sku]),
          );
          expect(Object.keys(p.variationList).sort()).toEqual([...f.variations.dimensions].sort());
        }
        expect(p.isDiscount).toBe(!!f.discount);
        if (f.discount?.type === "flat") expect(p.discountCents).toBe(f.discount.cents);
        if (f.discount?.type === "percentage") expect(p.discountPercent).toBe(f.discount.percent);
        expect(p.isGlobalDiscount).toBe(!!f.discount && !!f.variations);
        // their distinctive first word names no other product
        expect(all.filter((x) => x.name.toLowerCase().includes(f.name.split(" ")[0].toLowerCase()))).toHaveLength(1);
      }
      // the fixed ones are the shop's newest
      const newest = all
        .filter((p) => p.shopId === shop.id)
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
        .slice(0, list.length);
      expect(newest.map((p) => p.name).sort()).toEqual(list.map((f) => f.name).sort());
    }
  });

  it("stores 1–4 images per product and every row's picture as the shop owner's checked productMedia upload; size charts as catalogue images", async () => {
    expect(
      all.every(
        (p) => p.images.length >= 1 && p.images.length <= 4 && p.defaultImage === p.images[0] && p.videos.length === 0,
      ),
    ).toBe(true);
    const ownerOf = new Map((await t.db.select().from(shops)).map((s) => [s.id, s.ownerId]));
    const media = new Map<string, string>(); // location → the shop's owner
    for (const p of all) for (const image of p.images) media.set(image, ownerOf.get(p.shopId)!);
    for (const v of variations) media.set(v.image, ownerOf.get(all.find((p) => p.id === v.productId)!.shopId)!);
    const charts = new Map(all.filter((p) => p.sizeChartImage).map((p) => [p.sizeChartImage!, ownerOf.get(p.shopId)!]));
    const keys = [...media.keys(), ...charts.keys()].map((l) => t.deps.storage.keyOf(l)!);
    expect(keys.every(Boolean)).toBe(true);
    const rows = await t.db.select().from(uploads).where(inArray(uploads.key, keys));
    expect(rows).toHaveLength(new Set(keys).size);
    for (const [location, owner] of media) {
      const key = t.deps.storage.keyOf(location)!;
      expect(key.split("/")[1]).toBe("productMedia");
      const row = rows.find((r) => r.key === key)!;
      expect(row.status === "stored" && row.contentType === "image/png" && row.userId === owner && row.size! > 0).toBe(
        true,
      );
    }
    for (const location of charts.keys()) expect(t.deps.storage.keyOf(location)!.split("/")[1]).toBe("catalogueImage");
    // the edit form accepts a kept picture as the owner's own upload
    const harbour = await shopOf("owner@liveshop.test");
    const p = all.find((x) => x.shopId === harbour.id && x.isVariationAvailable)!;
    const actor = {
      id: harbour.ownerId,
      role: "shopOwner" as const,
      shopId: harbour.id,
      permissions: new Set<never>(),
      sessionId: "test",
    };
    expect(await ownImageUpload(t.deps, actor, p.images[0], ["productMedia"])).toBe(true);
    expect(await ownImageUpload(t.deps, actor, p.sizeChartImage!, ["catalogueImage"])).toBe(true);

    // served as real PNGs
    for (const location of [p.images[0], p.sizeChartImage!, variations.find((v) => v.productId === p.id)!.image]) {
      const res = await t.app.request(`http://localhost${location}`);
      expect(res.status).toBe(200);
      const body = new Uint8Array(await res.arrayBuffer());
      expect(sniffContentType(body)).toBe("image/png");
      expect(body.length).toBeLessThan(64 * 1024);
    }
  });

  it("reads back through the products API: the owner's list, search by name and SKU, a variation product and an edit that keeps the pictures", async () => {
    const owner = await t.signIn("owner@liveshop.test", "Owner#2026");
    const list = await t.get("product", { cookie: owner, query: { limit: 25 } });
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(90);
    expect(list.body.isNext).toBe(true);
    // newest first: the fixed four
    expect(
      list.body.data
        .slice(0, 4)
        .map((r: { name: string }) => r.name)
        .sort(),
    ).toEqual(FIXED_PRODUCTS["owner@liveshop.test"].map((f) => f.name).sort());
    const bondi = await t.get("product", { cookie: owner, query: { search: "bondi" } });
    expect(bondi.body.data.map((r: { sku: string }) => r.sku)).toEqual(["BON-101"]);
    const bySku = await t.get("product", { cookie: owner, query: { search: "MAN-203" } });
    expect(bySku.body.data.map((r: { name: string }) => r.name)).toEqual(["Manly Cotton Tee"]);
    const manly = await t.get(`product/${bySku.body.data[0]._id}`, { cookie: owner });
    expect(manly.status).toBe(200);
    expect(manly.body.data.minAndMax).toEqual([29.95, 32.95]);
    expect(manly.body.data.variations.map((v: { variant: string; sku: string }) => `${v.variant} ${v.sku}`)).toEqual([
      "Black_S MAN-201",
      "Black_M MAN-202",
      "White_S MAN-203",
      "White_M MAN-204",
    ]);
    // an owner's edit keeps the seeded pictures (they are the owner's uploads)
    const edit = await t.put(`product/${manly.body.data._id}`, {
      cookie: owner,
      body: { prodId: manly.body.data._id, data: { images: [...manly.body.data.images].reverse() } },
    });
    expect(edit.status, edit.text).toBe(200);
    // and another shop's product is not the owner's
    const owner2 = await t.signIn("owner2@liveshop.test", "Owner#2026");
    expect((await t.get(`product/${manly.body.data._id}`, { cookie: owner2 })).status).toBe(404);
  });
});
