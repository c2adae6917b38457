import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import { IMPORT_COLUMNS } from "#contract/products/product-import";
import { auditEntries, productVariations, products } from "#api/db/schema";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { parseCsv } from "../../../tests/csv";
import { productFixture, type ProductFixture, type Who } from "./fixture";

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

const HEADER = [
  ...Object.values(IMPORT_COLUMNS),
  "Attribute: Material",
  "Attribute: Weight",
  "Attribute: Fit",
] as const;
type Cells = Partial<Record<(typeof HEADER)[number], string>>;

/** A CSV file of these rows (RFC 4180 quoting), the header first. */
const csvOf = (rows: Cells[], header: readonly (typeof HEADER)[number][] = HEADER) =>
  [header, ...rows.map((r) => header.map((h) => r[h] ?? ""))]
    .map((cells) => cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(","))
    .join("\r\n");

let n = 0;
/** A single product's row in the kit's catalogue, with the owner's image. */
const singleRow = (extra: Cells = {}): Cells => {
  n++;
  return {
    Handle: `linen-shirt-${n}`,
    Name: `Linen Shirt ${n}`,
    Description: "A light linen shirt for summer days.",
    Tags: "summer|linen",
    Department: f.department.name,
    Category: f.category.name,
    "Sub-category": f.leaf.name,
    Brand: f.brand.name,
    Price: "19.99",
    Stock: "5",
    SKU: `IMP-SINGLE-${n}`,
    "Image URLs": img.owner,
    "Attribute: Material": "Cotton",
    "Attribute: Weight": "250",
    "Attribute: Fit": "Slim",
    ...extra,
  };
};
/** A product with two variations (Color × Size), by label, on two rows sharing a handle. */
const variationRows = (extra: Cells = {}, second: Cells = {}): Cells[] => {
  const first = singleRow({
    Handle: `tee-${n}`,
    Name: `Variant Tee ${n}`,
    Price: "25",
    Stock: "3",
    SKU: `IMP-RED-M-${n}`,
    "Option1 name": "Color",
    "Option1 value": "Red",
    "Option2 name": "Size",
    "Option2 value": "M",
    "Size chart URL": sizeChart,
    ...extra,
  });
  return [
    first,
    {
      Handle: first.Handle,
      Price: "30.50",
      Stock: "4",
      SKU: `IMP-BLUE-L-${n}`,
      "Option1 value": "Blue",
      "Option2 value": "L",
      ...second,
    },
  ];
};

const as = (who: Who) => f.cookie[who];
const check = (csv: string, who: Who = "owner", shopId?: string) =>
  t.post("product/import/check", { cookie: as(who), body: { csv, shopId } });
const apply = (csv: string, who: Who = "owner", shopId?: string) =>
  t.post("product/import", { cookie: as(who), body: { csv, shopId } });
const productsOf = (shopId: string) => t.db.select().from(products).where(eq(products.shopId, shopId));

describe("GET product/import/template", () => {
  it("answers a CSV of the columns, with a column for each attribute of the shop's sub-categories", async () => {
    const res = await t.get("product/import/template", { cookie: as("owner") });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    const [header, ...rows] = parseCsv(res.text);
    expect(header.slice(0, Object.keys(IMPORT_COLUMNS).length)).toEqual(Object.values(IMPORT_COLUMNS));
    expect(header).toEqual(expect.arrayContaining([`Attribute: ${f.material.name}`, `Attribute: ${f.fit.name}`]));
    expect(rows).toEqual([]);
  });

  it("is for those who may add products: staff without it 403, nobody signed in 401", async () => {
    expect((await t.get("product/import/template", { cookie: as("adder") })).status).toBe(200);
    expect((await t.get("product/import/template", { cookie: as("editor") })).status).toBe(403);
    expect((await t.get("product/import/template")).status).toBe(401);
  });
});

describe("POST product/import/check", () => {
  it("understands single products and variations sharing a handle, and writes nothing", async () => {
    const before = (await productsOf(f.a.id)).length;
    const res = await check(csvOf([singleRow(), ...variationRows()]));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ rows: 3, products: 2, variations: 2, problemCount: 0, problems: [] });
    expect(res.body.message).toBe(MSG.importChecked(2));
    expect(res.body.data.preview[0]).toMatchObject({ row: 2, price: 19.99, stock: 5, variant: null });
    expect(res.body.data.preview[2]).toMatchObject({ row: 4, variant: "Blue_L", price: 30.5, stock: 4 });
    expect((await productsOf(f.a.id)).length).toBe(before);
  });

  it("lists every problem by row and column with the product form's messages", async () => {
    await apply(csvOf([singleRow({ SKU: "IMP-TAKEN" })]));
    const rows: Cells[] = [
      /* 2 */ singleRow({ Name: "" }),
      /* 3 */ singleRow({ Name: "Abc", Description: "short" }),
      /* 4 */ singleRow({ Price: "0", Stock: "1.5" }),
      /* 5 */ singleRow({ Brand: "No Such Brand" }),
      /* 6 */ singleRow({ Department: "Nowhere" }),
      /* 7 */ singleRow({ "Sub-category": "Socks" }),
      /* 8 */ singleRow({ "Attribute: Material": "", "Attribute: Fit": "Baggy" }),
      /* 9 */ singleRow({ "Image URLs": img.owner2 }),
      /* 10 */ singleRow({ "Image URLs": "" }),
      /* 11 */ singleRow({ SKU: "IMP-TAKEN" }),
      /* 12 */ singleRow({ SKU: "IMP-TWICE" }),
      /* 13 */ singleRow({ SKU: "imp-twice" }),
      ...variationRows({}, { "Option1 value": "Red", "Option2 value": "M" }), // 14, 15: one combination twice
      ...variationRows({ "Size chart URL": "" }, { "Option2 value": "XXL" }), // 16, 17
      ...variationRows({}, { Price: "" }), // 18, 19
      /* 20 */ { ...singleRow(), Handle: "" },
      ...[singleRow({ Handle: "two-singles" }), singleRow({ Handle: "two-singles" })], // 21, 22
      /* 23 */ singleRow({
        Department: f.otherDepartment.name,
        Category: f.otherCategory.name,
        "Sub-category": f.otherLeaf.name,
      }),
    ];
    const res = await check(csvOf(rows));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const problems = res.body.data.problems;
    const expected = [
      { row: 2, column: "Name", message: MSG.productNameRequired },
      { row: 3, column: "Name", message: MSG.productNameShort },
      { row: 3, column: "Description", message: MSG.productDescriptionShort },
      { row: 4, column: "Price", message: MSG.productPriceMin },
      { row: 4, column: "Stock", message: MSG.productStockWhole },
      { row: 5, column: "Brand", message: MSG.importBrandUnknown("No Such Brand") },
      { row: 6, column: "Department", message: MSG.importDepartmentUnknown("Nowhere") },
      { row: 7, column: "Sub-category", message: MSG.importSubcategoryUnknown("Socks", f.category.name) },
      { row: 8, column: "Attribute: Material", message: MSG.productAttrRequired("Material") },
      { row: 8, column: "Attribute: Fit", message: MSG.productAttrNotOption("Fit") },
      { row: 9, column: "Image URLs", message: MSG.productMediaNotUploaded },
      { row: 10, column: "Image URLs", message: MSG.productImageRequired },
      { row: 11, column: "SKU", message: MSG.productSkuTaken },
      { row: 13, column: "SKU", message: MSG.importSkuInFile(12) },
      { row: 15, column: "Option1 value", message: MSG.variationCombinationTaken("Red", "M") },
      { row: 16, column: "Size chart URL", message: MSG.sizeChartRequired },
      { row: 17, column: "Option2 value", message: MSG.productAttrNotOption("Size") },
      { row: 19, column: "Price", message: MSG.variationPriceRequired },
      { row: 20, column: "Handle", message: MSG.importHandleRequired },
      { row: 22, column: "Option1 value", message: MSG.importOptionsOnSingle },
      { row: 23, column: "Department", message: MSG.productDepartmentNotShop },
    ];
    for (const problem of expected) expect(problems, JSON.stringify(problem)).toContainEqual(problem);
    // one message per cell, and no row without its problem
    expect(problems).toHaveLength(expected.length);
    expect(res.body.data.problemCount).toBe(problems.length);
    expect(res.body.message).toBe(MSG.importHasProblems(problems.length));
  });

  it("names a missing column on row 1, and refuses a file that is not CSV or has no rows", async () => {
    const header = HEADER.filter((h) => h !== "Price");
    const res = await check(csvOf([singleRow()], header));
    expect(res.body.data.problems).toEqual([{ row: 1, column: "Price", message: MSG.importColumnMissing("Price") }]);
    const open = await check('Handle,Name\r\n"a,b');
    expect(open.status).toBe(400);
    expect(open.body.message).toBe(MSG.importNotCsv);
    const empty = await check(HEADER.join(","));
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(MSG.importNoRows);
    const none = await t.post("product/import/check", { cookie: as("owner"), body: {} });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(MSG.importFileRequired);
  });

  it("refuses a file over 10 MB, and a body past the import's own limit before reading it", async () => {
    const big = await check("x".repeat(10 * 1024 * 1024 + 1));
    expect(big.status).toBe(400);
    expect(big.body.message).toBe(MSG.importTooLarge);
    const huge = await check("x".repeat(21 * 1024 * 1024));
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe(MSG.importTooLarge);
  });

  it("takes a file over the API's usual 1 MB (3,000 rows with long descriptions)", async () => {
    const rows = Array.from({ length: 3000 }, (_, i) =>
      singleRow({ Handle: `big-${i}`, SKU: `BIG-${i}`, Description: `${"A long description. ".repeat(9)}${i}` }),
    );
    const csv = csvOf(rows);
    expect(csv.length).toBeGreaterThan(1024 * 1024);
    const res = await check(csv);
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.body.data).toMatchObject({ rows: 3000, products: 3000, problemCount: 0 });
  });
});

describe("POST product/import", () => {
  it("creates every product and variation in the caller's shop, with one audit entry per product", async () => {
    const single = singleRow({ Name: "'-Dash Shirt", SKU: "" });
    const tee = variationRows();
    const res = await apply(csvOf([single, ...tee]));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toEqual({ rows: 3, productsCreated: 2, variationsCreated: 2 });
    expect(res.body.message).toBe(MSG.importDone(2, 2));
    const made = (await productsOf(f.a.id)).filter((p) => p.name === "-Dash Shirt" || p.name === tee[0].Name);
    expect(made).toHaveLength(2);
    const dash = made.find((p) => p.name === "-Dash Shirt")!;
    // the export's ' before a formula-like cell is taken off; a blank SKU is made from the name, as on the form
    expect(dash).toMatchObject({ priceCents: 1999, stock: 5, tags: ["summer", "linen"], images: [img.owner] });
    expect(dash.sku).toMatch(/^DAS-\d{3}$/);
    expect(dash.attr[f.fit.name]).toEqual({ value: "Slim", id: f.fit.id });
    const teeRow = made.find((p) => p.name === tee[0].Name)!;
    expect(teeRow).toMatchObject({ isVariationAvailable: true, minCents: 2500, maxCents: 3050, stock: 7, sku: null });
    const variations = await t.db.select().from(productVariations).where(eq(productVariations.productId, teeRow.id));
    expect(variations.map((v) => [v.variant, v.sku, v.image]).sort()).toEqual(
      [
        ["Blue_L", tee[1].SKU, img.owner],
        ["Red_M", tee[0].SKU, img.owner],
      ].sort(),
    );
    const entries = await t.db
      .select()
      .from(auditEntries)
      .where(
        inArray(
          auditEntries.recordId,
          made.map((p) => p.id),
        ),
      );
    expect(entries).toHaveLength(2);
    for (const e of entries) expect(e).toMatchObject({ recordType: "product", shopId: f.a.id, before: null });
    expect((entries[0].after as { shopId: string }).shopId).toBe(f.a.id);
    // the products read as any other: GET product/{id}
    expect((await t.get(`product/${teeRow.id}`, { cookie: as("owner") })).body.data.minAndMax).toEqual([25, 30.5]);
  });

  it("writes nothing when one row has a problem: 400 with the problems by row and column", async () => {
    const before = (await productsOf(f.a.id)).length;
    const entriesBefore = (await t.db.select().from(auditEntries)).length;
    const res = await apply(csvOf([singleRow(), ...variationRows(), singleRow({ Price: "abc" })]));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.importHasProblems(1));
    expect(res.body.errors).toEqual({ "rows.5.Price": [MSG.variationPriceRequired] });
    expect((await productsOf(f.a.id)).length).toBe(before);
    expect((await t.db.select().from(auditEntries)).length).toBe(entriesBefore);
  });

  it("lets staff with products 'add' import; staff without it 403; nobody signed in 401", async () => {
    const ok = await apply(csvOf([singleRow({ "Image URLs": img.adder, Name: "Adder Import" })]), "adder");
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    for (const who of ["editor", "discounter", "nobody"] as const) {
      expect((await check(csvOf([singleRow()]), who)).status).toBe(403);
      expect((await apply(csvOf([singleRow()]), who)).status).toBe(403);
    }
    expect((await t.post("product/import", { body: { csv: csvOf([singleRow()]) } })).status).toBe(401);
    expect((await t.post("product/import/check", { body: { csv: csvOf([singleRow()]) } })).status).toBe(401);
  });

  it("keeps each shop to its own: an owner naming another shop is 404; the rows land in the caller's shop only", async () => {
    const into = await apply(csvOf([singleRow()]), "owner", f.b.id);
    expect(into.status).toBe(404);
    expect((await check(csvOf([singleRow()]), "owner", f.b.id)).status).toBe(404);
    const name = "Shop B Import Only";
    const res = await apply(csvOf([singleRow({ Name: name, "Image URLs": img.owner2 })]), "owner2");
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [made] = await t.db.select().from(products).where(eq(products.name, name));
    expect(made.shopId).toBe(f.b.id);
    const seenByA = await t.get("product", { cookie: as("owner"), query: { search: name } });
    expect(seenByA.body.data).toEqual([]);
    expect((await t.get(`product/${made.id}`, { cookie: as("owner") })).status).toBe(404);
    // an image of another person's upload is refused, as on the form
    const theirs = await check(csvOf([singleRow({ "Image URLs": img.owner2 })]));
    expect(theirs.body.data.problems).toContainEqual({
      row: 2,
      column: "Image URLs",
      message: MSG.productMediaNotUploaded,
    });
  });

  it("lets an admin import into the shop they name, and asks for one when they name none", async () => {
    const none = await apply(csvOf([singleRow({ "Image URLs": img.admin })]), "admin");
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(MSG.productShopRequired);
    const name = "Admin Import";
    const res = await apply(csvOf([singleRow({ Name: name, "Image URLs": img.admin })]), "admin", f.b.id);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [made] = await t.db
      .select()
      .from(products)
      .where(and(eq(products.name, name), eq(products.shopId, f.b.id)));
    expect(made).toBeDefined();
  });
});
