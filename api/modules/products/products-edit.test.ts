import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import { productSkus, productVariations, products } from "#api/db/schema";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { productFixture, type ProductFixture, type Who } from "./fixture";

let t: TestApi;
let f: ProductFixture;
let img: string;
let img2: string;
let editorImg: string;
let sizeChart: string;

beforeAll(async () => {
  t = await testApi();
  f = await productFixture(t);
  img = await f.upload(f.cookie.owner);
  img2 = await f.upload(f.cookie.owner);
  editorImg = await f.upload(f.cookie.editor);
  sizeChart = await f.upload(f.cookie.owner, undefined, "catalogueImage");
});
afterAll(() => t.close());

const as = (who: Who) => f.cookie[who];
let n = 0;
async function newSingle(extra: Record<string, unknown> = {}, who: Who = "owner") {
  const res = await t.post("product", {
    cookie: as(who),
    body: {
      name: `Edit Shirt ${++n}`,
      description: "A shirt that will be edited.",
      brand: f.brand.id,
      ...f.taxonomy,
      attr: f.attr,
      images: [img],
      price: 20,
      stock: 5,
      ...extra,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { _id: string; sku: string; name: string };
}
async function newVariant(extra: Record<string, unknown> = {}) {
  const k = ++n;
  const res = await t.post("product", {
    cookie: as("owner"),
    body: {
      name: `Edit Tee ${k}`,
      description: "A tee with variations to edit.",
      brand: f.brand.id,
      ...f.taxonomy,
      attr: f.attr,
      images: [img],
      isVariationAvailable: true,
      sizeChartImage: sizeChart,
      variations: [
        {
          variantDetails: { [f.color.name]: "Red", [f.size.name]: "M" },
          sku: `E${k}-RED-M`,
          price: 25,
          stock: 3,
          defaultImage: img,
        },
        {
          variantDetails: { [f.color.name]: "Blue", [f.size.name]: "L" },
          sku: `E${k}-BLUE-L`,
          price: 30,
          stock: 4,
          defaultImage: img,
        },
      ],
      ...extra,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { _id: string; variations: { _id: string; variant: string; price: number }[] };
}
const put = (id: string, data: Record<string, unknown>, who: Who = "owner") =>
  t.put(`product/${id}`, { cookie: as(who), body: { prodId: id, data } });
const details = async (id: string) => (await t.get(`product/${id}`, { cookie: as("owner") })).body.data;

describe("PUT product/{id}: editable fields", () => {
  it("changes name, description, tags, brand, attributes and media; department, categories, subcategory and SKU stay", async () => {
    const p = await newSingle();
    const res = await put(p._id, {
      name: "Renamed Shirt",
      description: "A renamed shirt with more words.",
      tags: ["new"],
      attr: { ...f.attr, [f.fit.name]: { value: "Regular", id: f.fit.id } },
      images: [img2, img],
      department: f.otherDepartment.id,
      categories: f.otherCategory.id,
      subcategory: f.otherLeaf.id,
      sku: "CHANGED-1",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(MSG.productUpdated);
    expect(res.body.data).toMatchObject({
      name: "Renamed Shirt",
      tags: ["new"],
      images: [img2, img],
      defaultImage: img2,
      sku: p.sku,
      department: { _id: f.department.id },
    });
    expect(res.body.data.attr[f.fit.name].value).toBe("Regular");
  });

  it("re-checks attributes, media and brand; refuses an empty change", async () => {
    const p = await newSingle();
    expect((await put(p._id, { attr: {} })).body.message).toBe("Please Enter Material");
    expect((await put(p._id, { images: [] })).body.message).toBe("Image is Required! Please upload atleast one image");
    expect((await put(p._id, { images: [img, editorImg] })).body.message).toBe(MSG.productMediaNotUploaded);
    expect((await put(p._id, { brand: "nope" })).body.message).toBe(MSG.productBrandUnknown);
    expect((await put(p._id, {})).body.message).toBe(MSG.productNothingToChange);
    // the editor may keep the product's existing images and add their own
    const kept = await put(p._id, { images: [img, editorImg] }, "editor");
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
  });

  it("changes a single product's price and stock, but not a variation product's; the size chart of a variation product stays", async () => {
    const p = await newSingle();
    const res = await put(p._id, { price: "12.34", stock: "9" });
    expect(res.body.data).toMatchObject({ price: 12.34, stock: 9 });
    const v = await newVariant();
    expect((await put(v._id, { price: 10 })).body.message).toBe(MSG.productHasVariations);
    expect((await put(v._id, { stock: 1 })).body.message).toBe(MSG.productHasVariations);
    expect((await put(v._id, { sizeChartImage: null })).body.message).toBe("Please Upload Size Chart");
    expect((await put(v._id, { sizeChartImage: img })).body.message).toBe(MSG.imageNotUploaded);
  });

  it("refuses a price below an existing flat discount", async () => {
    const p = await newSingle({ price: 50 });
    expect((await put(p._id, { isDiscount: true, discount: 20, discountType: "flat" })).status).toBe(200);
    const res = await put(p._id, { price: 19.99 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: MSG.discountBreaksPrice, errors: { price: [MSG.discountBreaksPrice] } });
    expect((await put(p._id, { price: 20 })).status).toBe(200);
  });

  it("refuses a change that mixes discount and other fields", async () => {
    const p = await newSingle();
    expect(
      (await put(p._id, { name: "Mixed change", isDiscount: true, discount: 1, discountType: "flat" })).body.message,
    ).toBe(MSG.discountMixed);
  });
});

describe("discounts (spec 2 §4, §5)", () => {
  it("single product: flat ≤ price, percentage 0–100, all fields, only when none exists, removal", async () => {
    const p = await newSingle({ price: 40 });
    expect((await put(p._id, { isDiscount: true, discountType: "flat" })).body.message).toBe("All Fields Are Required");
    expect((await put(p._id, { isDiscount: true, discount: 5 })).body.message).toBe("All Fields Are Required");
    expect((await put(p._id, { isDiscount: true, discount: 40.01, discountType: "flat" })).body.message).toBe(
      "Flat discount cannot be greater than the product price",
    );
    expect((await put(p._id, { isDiscount: true, discount: 101, discountType: "percentage" })).body.message).toBe(
      "Percentage discount should be between 0% and 100%",
    );
    expect((await put(p._id, { isDiscount: true, discount: -1, discountType: "percentage" })).status).toBe(400);
    expect(
      (await put(p._id, { isDiscount: true, isGlobalDiscount: true, discount: 5, discountType: "flat" })).body.message,
    ).toBe(MSG.discountNotVariation);
    const added = await put(p._id, { isDiscount: true, discount: 40, discountType: "flat" });
    expect(added.body).toMatchObject({
      message: MSG.discountAdded,
      data: { isDiscount: true, discountType: "flat", discount: 40, isGlobalDiscount: false },
    });
    expect((await put(p._id, { isDiscount: true, discount: 10, discountType: "percentage" })).body.message).toBe(
      MSG.discountExists,
    );
    const removed = await put(p._id, { isDiscount: false });
    expect(removed.body).toMatchObject({
      message: MSG.discountRemoved,
      data: { isDiscount: false, discount: null, discountType: null },
    });
    expect((await put(p._id, { isDiscount: false })).body.message).toBe(MSG.discountNone);
    const pct = await put(p._id, { isDiscount: true, discount: 12.5, discountType: "percentage" });
    expect(pct.body.data).toMatchObject({ discount: 12.5, discountType: "percentage" });
  });

  it("global: on all variations, flat ≤ the lowest variation price, refused while a variation has its own; blocks per-variant ones", async () => {
    const v = await newVariant();
    const [red, blue] = v.variations;
    expect(
      (await put(v._id, { isDiscount: true, isGlobalDiscount: true, discount: 25.01, discountType: "flat" })).body
        .message,
    ).toBe("Flat discount amount cannot exceed the product price");
    // a per-variant discount first: global refused
    const vd = (id: string, body: Record<string, unknown>, who: Who = "owner") =>
      t.put(`product/variant-discount/${id}`, { cookie: as(who), body: { prodId: v._id, ...body } });
    const own = await vd(blue._id, { isDiscount: true, discount: 10, discountType: "percentage" });
    expect(own.body).toMatchObject({
      message: MSG.discountAdded,
      data: { _id: blue._id, isDiscount: true, discount: 10, discountType: "percentage" },
    });
    expect(
      (await put(v._id, { isDiscount: true, isGlobalDiscount: true, discount: 5, discountType: "flat" })).body.message,
    ).toBe(MSG.discountVariantsSet);
    expect((await vd(blue._id, { isDiscount: false })).body.message).toBe(MSG.discountRemoved);
    const global = await put(v._id, { isDiscount: true, isGlobalDiscount: true, discount: 25, discountType: "flat" });
    expect(global.body).toMatchObject({
      message: MSG.discountAdded,
      data: { isDiscount: true, isGlobalDiscount: true, discount: 25 },
    });
    expect(
      (await put(v._id, { isDiscount: true, isGlobalDiscount: true, discount: 5, discountType: "flat" })).body.message,
    ).toBe(MSG.discountGlobalSet);
    expect((await vd(red._id, { isDiscount: true, discount: 1, discountType: "flat" })).body.message).toBe(
      MSG.discountGlobalSet,
    );
    // prices under the global flat discount are refused, in multiple-variation and new-variant alike
    const save = await t.put("product/multiple-variation", {
      cookie: as("owner"),
      body: { [red._id]: { price: 24, stock: 3, defaultImage: img } },
    });
    expect(save.body.message).toBe(MSG.discountBreaksPrice);
    const add = await t.post(`product/new-variant/${v._id}`, {
      cookie: as("owner"),
      body: {
        prodId: v._id,
        varData: {
          variantDetails: { [f.color.name]: "Green", [f.size.name]: "S" },
          sku: `G-${v._id}`,
          price: 20,
          stock: 1,
          defaultImage: img,
        },
      },
    });
    expect(add.body.message).toBe(MSG.discountBreaksPrice);
    expect((await put(v._id, { isDiscount: false })).body.message).toBe(MSG.discountRemoved);
    expect((await details(v._id)).isGlobalDiscount).toBe(false);
  });

  it("per variant: flat ≤ the variant price, only when none exists, removal, unknown variation 404", async () => {
    const v = await newVariant();
    const [red] = v.variations;
    const vd = (id: string, body: Record<string, unknown>) =>
      t.put(`product/variant-discount/${id}`, { cookie: as("owner"), body: { prodId: v._id, ...body } });
    expect((await vd(red._id, { isDiscount: true, discount: 25.5, discountType: "flat" })).body.message).toBe(
      "Flat discount amount cannot exceed the product price",
    );
    expect((await vd(red._id, { isDiscount: true, discountType: "flat" })).body.message).toBe(
      "All Fields Are Required",
    );
    expect((await vd(red._id, { isDiscount: true, discount: 120, discountType: "percentage" })).body.message).toBe(
      "Percentage discount should be between 0% and 100%",
    );
    expect((await vd(red._id, { isDiscount: true, discount: 25, discountType: "flat" })).body.data.discount).toBe(25);
    expect((await vd(red._id, { isDiscount: true, discount: 5, discountType: "flat" })).body.message).toBe(
      MSG.discountExists,
    );
    // its own flat discount also holds its price
    const save = await t.put("product/multiple-variation", {
      cookie: as("owner"),
      body: { [red._id]: { price: 24.99, stock: 3, defaultImage: img } },
    });
    expect(save.body.message).toBe(MSG.discountBreaksPrice);
    expect((await vd(red._id, { isDiscount: false })).status).toBe(200);
    expect((await vd(red._id, { isDiscount: false })).body.message).toBe(MSG.discountNone);
    expect((await vd("nope", { isDiscount: true, discount: 1, discountType: "flat" })).status).toBe(404);
    const other = await newVariant();
    expect((await vd(other.variations[0]._id, { isDiscount: true, discount: 1, discountType: "flat" })).status).toBe(
      404,
    );
  });
});

describe("variations (spec 2 §7)", () => {
  it("GET product/variations/{id} lists the rows; 400 on a single product's new variant", async () => {
    const v = await newVariant();
    const res = await t.get(`product/variations/${v._id}`, { cookie: as("owner") });
    expect(res.status).toBe(200);
    expect(
      res.body.data.map(
        (r: {
          variant: string;
          variantName: string;
          sku: string;
          price: number;
          stock: number;
          defaultImage: string;
        }) => [r.variant, r.price, r.stock, r.defaultImage],
      ),
    ).toEqual([
      ["Red_M", 25, 3, img],
      ["Blue_L", 30, 4, img],
    ]);
    const p = await newSingle();
    const add = await t.post(`product/new-variant/${p._id}`, {
      cookie: as("owner"),
      body: {
        varData: { variantDetails: { [f.color.name]: "Red" }, sku: "X-1", price: 5, stock: 1, defaultImage: img },
      },
    });
    expect(add.body.message).toBe(MSG.variationNotProducts);
  });

  it("POST product/new-variant/{id}: needs every dimension, a new combination, a free SKU and an own image; keeps min/max/stock/variationList", async () => {
    const v = await newVariant();
    const add = (varData: Record<string, unknown>, who: Who = "owner") =>
      t.post(`product/new-variant/${v._id}`, {
        cookie: as(who),
        body: { prodId: v._id, varData: { sku: `NV-${v._id}`, price: 10, stock: 2, defaultImage: img, ...varData } },
      });
    expect((await add({ variantDetails: { [f.color.name]: "Green" } })).body.message).toBe("Please Select Size");
    expect((await add({ variantDetails: { [f.color.name]: "Red", [f.size.name]: "M" } })).body.message).toBe(
      "Please select other combination of Red & M",
    );
    expect((await add({ variantDetails: { [f.color.name]: "red", [f.size.name]: "m" } })).status).toBe(400);
    expect(
      (
        await add({
          variantDetails: { [f.color.name]: "Green", [f.size.name]: "M" },
          sku: v.variations.length ? (await details(v._id)).variations[0].sku : "",
        })
      ).body.message,
    ).toBe(MSG.productSkuTaken);
    expect(
      (await add({ variantDetails: { [f.color.name]: "Green", [f.size.name]: "M" }, defaultImage: editorImg })).body
        .message,
    ).toBe(MSG.productMediaNotUploaded);
    expect((await add({ variantDetails: { [f.color.name]: "Green", [f.size.name]: "XL" } })).body.message).toBe(
      MSG.productAttrNotOption("Size"),
    );
    const ok = await add({ variantDetails: { [f.size.name]: "M", [f.color.name]: "Green" } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ message: MSG.variantAdded, data: { variant: "Green_M", price: 10, stock: 2 } });
    const p = await details(v._id);
    expect(p).toMatchObject({ price: 10, minAndMax: [10, 30], stock: 9 });
    expect(p.variationList[f.color.name].list).toEqual(["Red", "Blue", "Green"]);
    expect(p.variationList[f.size.name].list).toEqual(["M", "L"]);
    const [reg] = await t.db.select().from(productSkus).where(eq(productSkus.variationId, ok.body.data._id));
    expect(reg.sku).toBe(`NV-${v._id}`.toUpperCase());
  });

  it("PUT product/multiple-variation: saves rows of one product and recomputes price range and stock", async () => {
    const v = await newVariant();
    const [red, blue] = v.variations;
    const save = (body: unknown, who: Who = "owner") => t.put("product/multiple-variation", { cookie: as(who), body });
    const res = await save({
      [red._id]: { price: 99.5, stock: 10, defaultImage: img2 },
      [blue._id]: { price: "5", stock: "0", defaultImage: img },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(MSG.variationsSaved);
    const p = await details(v._id);
    expect(p).toMatchObject({ price: 5, minAndMax: [5, 99.5], stock: 10 });
    expect(p.variations[0].image).toBe(img2);
    const [row] = await t.db.select().from(productVariations).where(eq(productVariations.id, red._id));
    expect(row.priceCents).toBe(9950);
    // validation, mixed products, unknown ids, another person's image
    expect((await save({ [red._id]: { price: "", stock: 1, defaultImage: img } })).body.message).toBe(
      "Please Enter Price",
    );
    expect((await save({ [red._id]: { price: 1, stock: "", defaultImage: img } })).body.message).toBe(
      "Please Enter Quantity",
    );
    const other = await newVariant();
    expect(
      (
        await save({
          [red._id]: { price: 1, stock: 1, defaultImage: img },
          [other.variations[0]._id]: { price: 1, stock: 1, defaultImage: img },
        })
      ).body.message,
    ).toBe(MSG.variationUnknown);
    expect((await save({ nope: { price: 1, stock: 1, defaultImage: img } })).body.message).toBe(MSG.variationUnknown);
    expect((await save({ [red._id]: { price: 1, stock: 1, defaultImage: editorImg } })).body.message).toBe(
      MSG.productMediaNotUploaded,
    );
  });
});

describe("DELETE product/{id}", () => {
  it("soft-deletes: 404 afterwards, gone from the list, the row and its SKU kept and still reserved", async () => {
    const p = await newSingle({ sku: "KEEP-ME-1" });
    const res = await t.delete(`product/${p._id}`, { cookie: as("owner") });
    expect(res.body).toMatchObject({ success: true, message: MSG.productDeleted });
    expect((await t.get(`product/${p._id}`, { cookie: as("owner") })).status).toBe(404);
    expect((await t.delete(`product/${p._id}`, { cookie: as("owner") })).status).toBe(404);
    expect((await t.get("product", { cookie: as("owner"), query: { search: p.name } })).body.count).toBe(0);
    const [row] = await t.db.select().from(products).where(eq(products.id, p._id));
    expect(row.deletedAt).not.toBeNull();
    const again = await t.post("product", {
      cookie: as("owner"),
      body: {
        name: "Reuse the SKU",
        description: "Trying a deleted product's SKU.",
        brand: f.brand.id,
        ...f.taxonomy,
        attr: f.attr,
        images: [img],
        price: 2,
        stock: 1,
        sku: "keep-me-1",
      },
    });
    expect(again.body.message).toBe(MSG.productSkuTaken);
  });
});

describe("staff permissions (spec 1 §6) and tenant isolation", () => {
  it("each call needs its access type", async () => {
    const p = await newSingle();
    const v = await newVariant();
    const [red] = v.variations;
    const calls = {
      update: (who: Who) => put(p._id, { name: "Staff renamed" }, who),
      discount: (who: Who) => put(p._id, { isDiscount: true, discount: 1, discountType: "percentage" }, who),
      removeDiscount: (who: Who) => put(p._id, { isDiscount: false }, who),
      variantDiscount: (who: Who) =>
        t.put(`product/variant-discount/${red._id}`, {
          cookie: as(who),
          body: { prodId: v._id, isDiscount: true, discount: 1, discountType: "percentage" },
        }),
      variations: (who: Who) => t.get(`product/variations/${v._id}`, { cookie: as(who) }),
      newVariant: (who: Who) =>
        t.post(`product/new-variant/${v._id}`, {
          cookie: as(who),
          body: {
            varData: {
              variantDetails: { [f.color.name]: "Green", [f.size.name]: "L" },
              sku: `S-${who}-${v._id}`,
              price: 5,
              stock: 1,
              defaultImage: img,
            },
          },
        }),
      multiple: (who: Who) =>
        t.put("product/multiple-variation", {
          cookie: as(who),
          body: { [red._id]: { price: 25, stock: 3, defaultImage: img } },
        }),
      read: (who: Who) => t.get(`product/${p._id}`, { cookie: as(who) }),
    };
    // adder: reads only
    for (const c of ["update", "discount", "variantDiscount", "newVariant", "multiple"] as const)
      expect((await calls[c]("adder")).status, c).toBe(403);
    expect((await calls.read("adder")).status).toBe(200);
    expect((await calls.variations("adder")).status).toBe(200);
    // discounter: discounts, not edits
    for (const c of ["update", "newVariant", "multiple"] as const)
      expect((await calls[c]("discounter")).status, c).toBe(403);
    expect((await t.delete(`product/${p._id}`, { cookie: as("discounter") })).status).toBe(403);
    expect((await t.delete(`product/${p._id}`, { cookie: as("adder") })).status).toBe(403);
    expect((await calls.discount("discounter")).status).toBe(200);
    expect((await calls.variantDiscount("discounter")).status).toBe(200);
    // editor: edits, not discounts
    expect((await calls.removeDiscount("editor")).status).toBe(403);
    expect((await calls.discount("editor")).status).toBe(403);
    expect((await calls.variantDiscount("editor")).status).toBe(403);
    for (const c of ["update", "newVariant", "multiple"] as const)
      expect((await calls[c]("editor")).status, c).toBe(200);
    // no product access at all
    for (const c of Object.keys(calls) as (keyof typeof calls)[])
      expect((await calls[c]("nobody")).status, c).toBe(403);
    expect((await t.delete(`product/${p._id}`, { cookie: as("editor") })).status).toBe(200);
  });

  it("an owner or staff member of shop B gets a refusal for every call on shop A's products", async () => {
    const p = await newSingle();
    const v = await newVariant();
    const [red] = v.variations;
    for (const who of ["owner2", "staff2"] as const) {
      const c = as(who);
      const statuses = [
        (await t.get(`product/${p._id}`, { cookie: c })).status,
        (await put(p._id, { name: "Hijacked name" }, who)).status,
        (await put(p._id, { isDiscount: true, discount: 1, discountType: "flat" }, who)).status,
        (await t.delete(`product/${p._id}`, { cookie: c })).status,
        (await t.get(`product/variations/${v._id}`, { cookie: c })).status,
        (
          await t.post(`product/new-variant/${v._id}`, {
            cookie: c,
            body: {
              varData: {
                variantDetails: { [f.color.name]: "Green", [f.size.name]: "S" },
                sku: `H-${who}`,
                price: 5,
                stock: 1,
                defaultImage: img,
              },
            },
          })
        ).status,
        (
          await t.put("product/multiple-variation", {
            cookie: c,
            body: { [red._id]: { price: 1, stock: 0, defaultImage: img } },
          })
        ).status,
        (
          await t.put(`product/variant-discount/${red._id}`, {
            cookie: c,
            body: { prodId: v._id, isDiscount: true, discount: 1, discountType: "flat" },
          })
        ).status,
      ];
      expect(statuses, who).toEqual([404, 404, 404, 404, 404, 404, 404, 404]);
      const list = await t.get("product", { cookie: c, query: { shopId: f.a.id, limit: 100 } });
      expect(list.body.data.some((r: { _id: string }) => r._id === p._id)).toBe(false);
    }
    // nothing changed
    const after = await details(p._id);
    expect(after.name).toBe(p.name);
    expect(after.isDiscount).toBe(false);
    const [redRow] = await t.db.select().from(productVariations).where(eq(productVariations.id, red._id));
    expect(redRow.priceCents).toBe(2500);
    // admins may work on any shop's products
    expect((await put(p._id, { name: "Admin renamed" }, "admin")).status).toBe(200);
  });
});

describe("the database decides clashes (ARCHITECTURE §3)", () => {
  it("two simultaneous creates with the same SKU: one is created, the other refused", async () => {
    const body = (k: number) => ({
      name: `Race Shirt ${k}`,
      description: "Two requests race for one SKU.",
      brand: f.brand.id,
      ...f.taxonomy,
      attr: f.attr,
      images: [img],
      price: 9,
      stock: 1,
      sku: "RACE-SKU-ONE",
    });
    const results = await Promise.all([1, 2].map((k) => t.post("product", { cookie: as("owner"), body: body(k) })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(results.find((r) => r.status === 400)!.body.message).toBe(MSG.productSkuTaken);
  });

  it("two simultaneous discounts on one product: exactly one is added", async () => {
    const p = await newSingle({ price: 30 });
    const results = await Promise.all(
      [5, 10].map((d) =>
        t.put(`product/${p._id}`, {
          cookie: as("owner"),
          body: { prodId: p._id, data: { isDiscount: true, discount: d, discountType: "flat" } },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)!.body.message).toBe(MSG.discountExists);
  });
});
