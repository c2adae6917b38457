import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import { productSkus, products, shops } from "#api/db/schema";
import { createProduct } from "#api/db/seed/product-factories";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { MP4, TEXT, productFixture, type ProductFixture, type Who } from "./fixture";

let t: TestApi;
let f: ProductFixture;
let img: Record<"owner" | "admin" | "adder" | "owner2", string>;
let sizeChart: string;

beforeAll(async () => {
  t = await testApi();
  f = await productFixture(t);
  img = {
    owner: await f.upload(f.cookie.owner),
    admin: await f.upload(f.cookie.admin),
    adder: await f.upload(f.cookie.adder),
    owner2: await f.upload(f.cookie.owner2),
  };
  sizeChart = await f.upload(f.cookie.owner, undefined, "catalogueImage");
});
afterAll(() => t.close());

const as = (who: Who) => f.cookie[who];
let n = 0;
/** A valid single-product payload for shop A, with the owner's image. */
const single = (extra: Record<string, unknown> = {}) => ({
  name: `Linen Shirt ${++n}`,
  description: "A light linen shirt for summer days.",
  tags: ["summer"],
  brand: f.brand.id,
  ...f.taxonomy,
  attr: f.attr,
  images: [img.owner],
  price: 19.99,
  stock: 5,
  ...extra,
});
const variationPayload = (extra: Record<string, unknown> = {}) => ({
  ...single(),
  price: undefined,
  stock: undefined,
  isVariationAvailable: true,
  sizeChartImage: sizeChart,
  variations: [
    {
      variantDetails: { [f.color.name]: "Red", [f.size.name]: "M" },
      sku: `RED-M-${n}`,
      price: 25,
      stock: 3,
      defaultImage: img.owner,
    },
    {
      variantDetails: { [f.color.name]: "Blue", [f.size.name]: "L" },
      sku: `BLUE-L-${n}`,
      price: 30.5,
      stock: 4,
      defaultImage: img.owner,
    },
  ],
  ...extra,
});
const create = (body: unknown, who: Who = "owner") => t.post("product", { cookie: as(who), body });

describe("POST product (spec 2 §7, §5)", () => {
  it("creates a single product: cents inside, dollars outside (19.99 round-trips), SKU generated from the name", async () => {
    const res = await create(single({ name: "Linen Shirt money" }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe("Created Linen Shirt money to product list");
    const p = res.body.data;
    expect(p).toMatchObject({
      name: "Linen Shirt money",
      shopId: f.a.id,
      price: 19.99,
      currency: "AUD",
      stock: 5,
      minAndMax: null,
      isVariationAvailable: false,
      variations: [],
      defaultImage: img.owner,
      images: [img.owner],
      brand: { _id: f.brand.id, name: f.brand.name },
      department: { _id: f.department.id, name: f.department.name },
      categories: { _id: f.category.id, name: f.category.name },
      subcategory: { _id: f.leaf.id, name: f.leaf.name },
      isDiscount: false,
      discount: null,
      isInWishList: false,
    });
    expect(p.sku).toMatch(/^LIN-\d{3}$/);
    expect(p.attr[f.material.name]).toEqual({ value: "Cotton", id: f.material.id });
    const [row] = await t.db.select().from(products).where(eq(products.id, p._id));
    expect(row.priceCents).toBe(1999);
    const [reg] = await t.db.select().from(productSkus).where(eq(productSkus.productId, p._id));
    expect(reg).toMatchObject({ shopId: f.a.id, sku: p.sku });
    expect((await t.get(`product/${p._id}`, { cookie: as("owner") })).body.data.price).toBe(19.99);
  });

  it("keeps a given free SKU (upper-cased) and refuses one the shop already uses, products and variations alike", async () => {
    const ok = await create(single({ sku: "my-own-sku" }));
    expect(ok.status).toBe(201);
    expect(ok.body.data.sku).toBe("MY-OWN-SKU");
    const again = await create(single({ sku: "MY-own-SKU" }));
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ message: MSG.productSkuTaken, errors: { sku: [MSG.productSkuTaken] } });
    // another shop may use the same SKU
    const other = await create(single({ sku: "my-own-sku", images: [img.owner2] }), "owner2");
    expect(other.status, JSON.stringify(other.body)).toBe(201);
  });

  it("draws again when a SKU of the generated shape is taken, and widens to 4 digits when all 1000 are used", async () => {
    const first = await create(single({ name: "Zebra Mug", sku: "ZEB-123" }));
    expect(first.body.data.sku).toBe("ZEB-123");
    const redrawn = await create(single({ name: "Zebra Mug two", sku: "ZEB-123" }));
    expect(redrawn.status).toBe(201);
    expect(redrawn.body.data.sku).toMatch(/^ZEB-\d{3}$/);
    expect(redrawn.body.data.sku).not.toBe("ZEB-123");
    // fill every 3-digit number of the prefix QQQ in shop A's registry
    const holder = await createProduct(t.db, { shopId: f.a.id, name: "Qqq holder", sku: "QQQ-HOLDER" });
    await t.db.insert(productSkus).values(
      Array.from({ length: 1000 }, (_, i) => ({
        shopId: f.a.id,
        sku: `QQQ-${String(i).padStart(3, "0")}`,
        productId: holder.product.id,
      })),
    );
    const wide = await create(single({ name: "Qqq widened" }));
    expect(wide.status).toBe(201);
    expect(wide.body.data.sku).toMatch(/^QQQ-\d{4}$/);
  });

  it("creates a variation product: rows, variationList, min/max, stock sum, default variant, no product SKU", async () => {
    const res = await create(variationPayload({ name: "Variant Tee" }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const p = res.body.data;
    expect(p).toMatchObject({
      isVariationAvailable: true,
      price: 25,
      minAndMax: [25, 30.5],
      stock: 7,
      sku: null,
      sizeChartImage: sizeChart,
    });
    expect(p.variationList).toEqual({
      [f.color.name]: { list: ["Red", "Blue"], type: "dropdown", id: f.color.id },
      [f.size.name]: { list: ["M", "L"], type: "dropdown", id: f.size.id },
    });
    expect(p.defaultVariant).toBe("Red_M");
    expect(
      p.variations.map((v: { variant: string; price: number; sku: string }) => [v.variant, v.price, v.sku]),
    ).toEqual([
      ["Red_M", 25, expect.stringMatching(/^RED-M-/)],
      ["Blue_L", 30.5, expect.stringMatching(/^BLUE-L-/)],
    ]);
    const skus = await t.db.select().from(productSkus).where(eq(productSkus.productId, p._id));
    expect(skus).toHaveLength(2);
  });

  it("refuses variation products without 2 rows, past 2 dimensions, with repeated combinations or SKUs, or without a size chart", async () => {
    const base = variationPayload();
    const one = await create({ ...base, variations: base.variations.slice(0, 1) });
    expect(one.body).toMatchObject({ message: MSG.variationRowsMin, errors: { variations: [MSG.variationRowsMin] } });
    const three = await create({
      ...base,
      variations: base.variations.map((v, i) => ({
        ...v,
        variantDetails: { ...v.variantDetails, [f.style.name]: i ? "Plain" : "Striped" },
      })),
    });
    expect(three.body.message).toBe(MSG.variationDimensionsMax);
    const repeat = await create({
      ...base,
      variations: [base.variations[0], { ...base.variations[0], sku: "OTHER-SKU-1" }],
    });
    expect(repeat.status).toBe(400);
    expect(repeat.body.message).toBe("Please select other combination of Red & M");
    const sameSku = await create({
      ...base,
      variations: [base.variations[0], { ...base.variations[1], sku: base.variations[0].sku }],
    });
    expect(sameSku.body.errors["variations.1.sku"]).toEqual([MSG.productSkuTaken]);
    const noChart = await create({ ...base, sizeChartImage: undefined });
    expect(noChart.body).toMatchObject({
      message: "Please Upload Size Chart",
      errors: { sizeChartImage: ["Please Upload Size Chart"] },
    });
    const unknownDim = await create({
      ...base,
      variations: base.variations.map((v) => ({ ...v, variantDetails: { Flavour: "Sweet" } })),
    });
    expect(unknownDim.body.message).toBe(MSG.variationDimensionUnknown);
    const badValue = await create({
      ...base,
      variations: [
        base.variations[0],
        { ...base.variations[1], variantDetails: { [f.color.name]: "Purple", [f.size.name]: "L" } },
      ],
    });
    expect(badValue.body.message).toBe(MSG.productAttrNotOption("Color"));
    const missingValue = await create({
      ...base,
      variations: [base.variations[0], { ...base.variations[1], variantDetails: { [f.color.name]: "Blue" } }],
    });
    expect(missingValue.body.message).toBe("Please Select Size");
    const takenSku = await create({
      ...base,
      variations: [base.variations[0], { ...base.variations[1], sku: "MY-OWN-SKU" }],
    });
    expect(takenSku.body.errors["variations.1.sku"]).toEqual([MSG.productSkuTaken]);
    const rowMissing = await create({
      ...base,
      variations: [base.variations[0], { ...base.variations[1], price: "", defaultImage: "" }],
    });
    expect(rowMissing.body.errors["variations.1.price"]).toEqual(["Please Enter Price"]);
    expect(rowMissing.body.errors["variations.1.defaultImage"]).toEqual(["Please Add Image"]);
  });

  it("checks media by content and owner: 1–10 images, at most 1 video, own productMedia uploads only", async () => {
    expect((await create(single({ images: [] }))).body.message).toBe(
      "Image is Required! Please upload atleast one image",
    );
    const eleven = await create(single({ images: Array.from({ length: 11 }, () => img.owner) }));
    expect(eleven.body.message).toBe("You Cannot Add More Than 10 Images");
    const video = await f.upload(as("owner"), MP4, "productMedia", "video/mp4");
    const twoVideos = await create(single({ videos: [video, video] }));
    expect(twoVideos.body.message).toBe("You Cannot Add More Than 1 Video");
    const withVideo = await create(single({ videos: [video] }));
    expect(withVideo.status, JSON.stringify(withVideo.body)).toBe(201);
    expect(withVideo.body.data.videos).toEqual([video]);
    // a video in images, an image in videos
    expect((await create(single({ images: [video] }))).body).toMatchObject({
      message: MSG.mediaType,
      errors: { "images.0": [MSG.mediaType] },
    });
    expect((await create(single({ videos: [img.owner] }))).body.message).toBe(MSG.mediaType);
    // another user's upload, a made-up location, a size-chart (catalogueImage) upload as media
    expect((await create(single({ images: [img.admin] }))).body).toMatchObject({
      message: MSG.productMediaNotUploaded,
      errors: { "images.0": [MSG.productMediaNotUploaded] },
    });
    expect((await create(single({ images: ["/api/files/localhost/productMedia/1-ab-fake.png"] }))).status).toBe(400);
    expect((await create(single({ images: [sizeChart] }))).body.message).toBe(MSG.productMediaNotUploaded);
    // a text file never becomes a product image: the upload itself is refused by content
    const res = await t.app.request("http://localhost/api/upload/file", {
      method: "POST",
      headers: {
        cookie: as("owner"),
        "content-type": "image/png",
        "x-file-name": "notes.png",
        "x-purpose": "productMedia",
      },
      body: TEXT,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(MSG.mediaType);
    // a variation row's image follows the same rule
    const base = variationPayload();
    const rowImage = await create({
      ...base,
      variations: [base.variations[0], { ...base.variations[1], defaultImage: img.admin }],
    });
    expect(rowImage.body.errors["variations.1.defaultImage"]).toEqual([MSG.productMediaNotUploaded]);
    // the size chart must be the caller's own catalogue image
    expect((await create({ ...base, sizeChartImage: img.owner })).body.errors.sizeChartImage).toEqual([
      MSG.imageNotUploaded,
    ]);
  });

  it("checks brand, taxonomy, the shop's departments and the leaf's attributes", async () => {
    expect((await create(single({ brand: "nope" }))).body.message).toBe(MSG.productBrandUnknown);
    expect((await create(single({ subcategory: f.otherLeaf.id }))).body.message).toBe(MSG.productTaxonomyMismatch);
    expect((await create(single({ categories: f.otherCategory.id }))).body.message).toBe(MSG.productTaxonomyMismatch);
    expect((await create(single({ department: f.category.id }))).body.message).toBe(MSG.productTaxonomyMismatch);
    const notShops = await create(
      single({ department: f.otherDepartment.id, categories: f.otherCategory.id, subcategory: f.otherLeaf.id }),
    );
    expect(notShops.body).toMatchObject({
      message: MSG.productDepartmentNotShop,
      errors: { department: [MSG.productDepartmentNotShop] },
    });
    // objects with _id are accepted (spec 2 §3)
    const refs = await create(single({ brand: { _id: f.brand.id, name: "x" }, department: { _id: f.department.id } }));
    expect(refs.status).toBe(201);
    const { [f.material.name]: _, ...noMaterial } = f.attr;
    expect((await create(single({ attr: noMaterial }))).body.message).toBe("Please Enter Material");
    expect(
      (await create(single({ attr: { ...f.attr, [f.fit.name]: { value: "", id: f.fit.id } } }))).body.message,
    ).toBe("Please Select Fit");
    expect(
      (await create(single({ attr: { ...f.attr, [f.fit.name]: { value: "Baggy", id: f.fit.id } } }))).body.message,
    ).toBe(MSG.productAttrNotOption("Fit"));
    expect(
      (await create(single({ attr: { ...f.attr, [f.weight.name]: { value: "heavy", id: f.weight.id } } }))).body
        .message,
    ).toBe(MSG.productAttrNumber("Weight"));
    expect(
      (await create(single({ attr: { ...f.attr, [f.material.name]: { value: "x".repeat(101), id: f.material.id } } })))
        .body.message,
    ).toBe("Please Add Less Than 100 Characters");
    const extra = await create(single({ attr: { ...f.attr, Unknown: { value: "dropped", id: "zzz" } } }));
    expect(extra.status).toBe(201);
    expect(Object.keys(extra.body.data.attr).sort()).toEqual([f.fit.name, f.material.name, f.weight.name].sort());
  });

  it("validates the fields with the spec's words", async () => {
    const res = await create(single({ name: "abc", description: "short", price: 0.5, stock: 1.5 }));
    expect(res.status).toBe(400);
    expect(res.body.errors.name).toEqual(["Product Name Is Too Short"]);
    expect(res.body.errors.description).toEqual([MSG.productDescriptionShort]);
    expect(res.body.errors.price).toEqual([MSG.productPriceMin]);
    expect(res.body.errors.stock).toEqual([MSG.productStockWhole]);
    expect((await create(single({ price: undefined }))).body.message).toBe("Please Enter Price");
    expect((await create(single({ stock: undefined }))).body.message).toBe("Please Enter Quantity");
  });

  it("puts an owner's or staff member's product in their own shop whatever shopId says; admins must name a live shop", async () => {
    const owner = await create(single({ shopId: f.b.id }));
    expect(owner.body.data.shopId).toBe(f.a.id);
    const staff = await create(single({ images: [img.adder] }), "adder");
    expect(staff.status).toBe(201);
    expect(staff.body.data.shopId).toBe(f.a.id);
    expect((await create(single({ images: [img.admin] }), "admin")).body).toMatchObject({
      message: MSG.productShopRequired,
      errors: { shopId: [MSG.productShopRequired] },
    });
    expect((await create(single({ images: [img.admin], shopId: "nope" }), "admin")).status).toBe(400);
    const admin = await create(single({ images: [img.admin], shopId: f.b.id }), "admin");
    expect(admin.status, JSON.stringify(admin.body)).toBe(201);
    expect(admin.body.data.shopId).toBe(f.b.id);
  });

  it("needs product:add for staff", async () => {
    for (const who of ["editor", "discounter", "nobody"] as const)
      expect((await create(single(), who)).status).toBe(403);
    expect((await t.post("product", { body: single() })).status).toBe(401);
  });
});

describe("GET product and GET product/{id}", () => {
  let shopC: string;
  let ownerC: string;
  beforeAll(async () => {
    // a shop of its own for exact list assertions
    const c = await f.kit.shop({ name: "List shop" });
    shopC = c.id;
    ownerC = c.owner.cookie;
    const day = (d: number) => new Date(Date.UTC(2026, 0, d, 9));
    await createProduct(t.db, {
      shopId: shopC,
      name: "Apple Juice",
      price: 3.5,
      stock: 40,
      sku: "APP-100",
      createdAt: day(1),
    });
    await createProduct(t.db, {
      shopId: shopC,
      name: "banana bread",
      price: 7,
      stock: 2,
      sku: "BAN-200",
      createdAt: day(2),
    });
    await createProduct(t.db, {
      shopId: shopC,
      name: "Cotton Tee",
      createdAt: day(3),
      variations: [
        { details: { Color: "Red" }, price: 12, stock: 1, sku: "TEE-RED" },
        { details: { Color: "Blue" }, price: 15.25, stock: 4, sku: "TEE-BLUE" },
      ],
    });
    await createProduct(t.db, {
      shopId: shopC,
      name: "Deleted Dates",
      price: 1,
      stock: 1,
      createdAt: day(4),
      deletedAt: new Date(),
    });
  });
  const list = (query: Record<string, string | number> = {}, who = ownerC) => t.get("product", { cookie: who, query });
  const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((p) => p.name);

  it("lists the shop's live products newest first, with count and isNext, as ProductListRow", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, count: 3, isNext: false });
    expect(names(res)).toEqual(["Cotton Tee", "banana bread", "Apple Juice"]);
    const tee = res.body.data[0];
    expect(tee).toMatchObject({
      price: 12,
      minAndMax: [12, 15.25],
      stock: 5,
      variationCount: 2,
      sku: null,
      currency: "AUD",
    });
    expect(tee.variations).toBeUndefined();
    expect(tee.department.name).toBeTruthy();
    // spec 2 §7 writes the call `GET product/`: the trailing slash reaches the same list
    const slash = await t.get("product/", { cookie: ownerC });
    expect(slash.status).toBe(200);
    expect(names(slash)).toEqual(names(res));
  });

  it("sorts by name, price and stock both ways, and pages with skip, page and limit", async () => {
    expect(names(await list({ sort: "name", sortType: "asc" }))).toEqual(["Apple Juice", "banana bread", "Cotton Tee"]);
    expect(names(await list({ sort: "price", sortType: "asc" }))).toEqual([
      "Apple Juice",
      "banana bread",
      "Cotton Tee",
    ]);
    expect(names(await list({ sort: "stock", sortType: "desc" }))).toEqual([
      "Apple Juice",
      "Cotton Tee",
      "banana bread",
    ]);
    const p1 = await list({ limit: 2 });
    expect(p1.body).toMatchObject({ count: 3, isNext: true });
    expect(names(p1)).toEqual(["Cotton Tee", "banana bread"]);
    const p2 = await list({ limit: 2, page: 2 });
    expect(p2.body).toMatchObject({ count: 3, isNext: false });
    expect(names(p2)).toEqual(["Apple Juice"]);
    expect(names(await list({ limit: 2, skip: 2 }))).toEqual(["Apple Juice"]);
    expect((await list({ limit: 101 })).status).toBe(400);
    expect((await list({ sort: "sku" })).status).toBe(400);
  });

  it("searches name or SKU (a variation's too) without regard to case", async () => {
    expect(names(await list({ search: "BANANA" }))).toEqual(["banana bread"]);
    expect(names(await list({ search: "app-1" }))).toEqual(["Apple Juice"]);
    expect(names(await list({ search: "tee-blue" }))).toEqual(["Cotton Tee"]);
    expect((await list({ search: "dates" })).body).toMatchObject({ data: [], count: 0 });
  });

  it("gives owners and staff their own shop whatever shopId says; admins any shop or all; a customerId the shop does not know is 404", async () => {
    const ownerA = await list({ shopId: shopC }, as("owner"));
    expect(ownerA.body.data.every((p: { shopId: string }) => p.shopId === f.a.id)).toBe(true);
    expect(names(await list({ shopId: shopC }, as("admin")))).toEqual(["Cotton Tee", "banana bread", "Apple Juice"]);
    const all = await list({ limit: 100 }, as("admin"));
    expect(new Set(all.body.data.map((p: { shopId: string }) => p.shopId)).size).toBeGreaterThan(1);
    for (const who of ["adder", "editor", "discounter"] as const) expect((await list({}, as(who))).status).toBe(200);
    expect((await list({}, as("nobody"))).status).toBe(403);
    expect((await list({})).body.data[0].isInWishList).toBe(false);
    // a customer the shop does not know is 404 (the wishlist itself: api/modules/customers/record.test.ts)
    expect((await list({ customerId: "someone", isWishlistProducts: "false" })).status).toBe(404);
    expect((await list({ customerId: "someone", isWishlistProducts: "true" })).status).toBe(404);
  });

  it("GET product/{id}: the product with its variations; 404 for another shop's, a deleted one, or a made-up id", async () => {
    const [tee] = (await list({ search: "Cotton" })).body.data;
    const res = await t.get(`product/${tee._id}`, { cookie: ownerC });
    expect(res.status).toBe(200);
    expect(res.body.data.variations.map((v: { variant: string; price: number }) => [v.variant, v.price])).toEqual([
      ["Red", 12],
      ["Blue", 15.25],
    ]);
    expect((await t.get(`product/${tee._id}`, { cookie: as("admin") })).status).toBe(200);
    for (const who of ["owner", "adder", "editor", "discounter", "staff2"] as const)
      expect((await t.get(`product/${tee._id}`, { cookie: as(who) })).status).toBe(404);
    expect((await t.get("product/not-an-id", { cookie: ownerC })).status).toBe(404);
    const [deleted] = await t.db
      .select()
      .from(products)
      .where(and(eq(products.shopId, shopC), sql`${products.deletedAt} is not null`));
    expect((await t.get(`product/${deleted.id}`, { cookie: as("admin") })).status).toBe(404);
  });

  it("hides the products of a deleted shop everywhere (ADR 0014)", async () => {
    const [tee] = (await list({ search: "Cotton" })).body.data;
    await t.db.update(shops).set({ deletedAt: new Date() }).where(eq(shops.id, shopC));
    try {
      expect((await list({ shopId: shopC }, as("admin"))).body).toMatchObject({ data: [], count: 0 });
      expect((await t.get(`product/${tee._id}`, { cookie: as("admin") })).status).toBe(404);
      const all = await list({ limit: 100 }, as("admin"));
      expect(all.body.data.some((p: { shopId: string }) => p.shopId === shopC)).toBe(false);
    } finally {
      await t.db.update(shops).set({ deletedAt: null }).where(eq(shops.id, shopC));
    }
  });
});

describe("DELETE category/{id} while products use it (ADR 0013, 0022)", () => {
  it("refuses with the number of live products; deleted products still hold it (categoryInUse)", async () => {
    const { createProductTaxonomy } = await import("#api/db/seed/product-factories");
    const tax = await createProductTaxonomy(t.db);
    const made = await createProduct(t.db, {
      shopId: f.a.id,
      departmentId: tax.department.id,
      categoryId: tax.category.id,
      subcategoryId: tax.subcategory.id,
    });
    const del = () => t.delete(`category/${tax.subcategory.id}`, { cookie: as("admin") });
    expect((await del()).body.message).toBe(MSG.categoryHasProducts(1));
    expect(MSG.categoryHasProducts(1)).toBe("1 product uses this category. Move or delete it first.");
    await t.delete(`product/${made.product.id}`, { cookie: as("owner") });
    const res = await del();
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.categoryInUse);
  });
});
