import { describe, expect, it } from "vitest";
import { MSG } from "#contract/messages";
import { apiRefusalErrors, parseProductForm, valuesFromForm, type ProductForm } from "./product-form.server";
import { makeRows, skuForName, variationSku } from "~/components/product/ProductFormHelpers";

// The product form's post → the payload of POST product/ (spec 2 §5 messages; the API checks everything again).

const form = (entries: [string, string][], fileErrors: Record<string, string> = {}): ProductForm => {
  const formData = new FormData();
  for (const [k, v] of entries) formData.append(k, v);
  return { formData, fileErrors, types: {} };
};

const basics: [string, string][] = [
  ["name", "Tasman Wool Beanie"],
  ["description", "A warm merino beanie."],
  ["tags", "winter, merino, winter"],
  ["department", "d1"],
  ["categories", "c1"],
  ["subcategory", "s1"],
  ["brand", "b1"],
  ["attr.Material", "Wool"],
  ["attrId.Material", "a1"],
  ["attrMulti.Features", "1"],
  ["attrId.Features", "a2"],
  ["images", "/api/files/x/productMedia/1.png"],
];

describe("parseProductForm (add)", () => {
  it("a single product: the payload with price, stock, the SKU of the name, attributes with their ids, tags once each", () => {
    const parsed = parseProductForm(form([...basics, ["price", "24.95"], ["stock", "12"], ["sku", "TAS-123"]]), "add");
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.payload).toMatchObject({
      name: "Tasman Wool Beanie",
      tags: ["winter", "merino"],
      price: "24.95",
      stock: "12",
      sku: "TAS-123",
      isVariationAvailable: false,
      attr: { Material: { value: "Wool", id: "a1" }, Features: { value: [], id: "a2" } },
      defaultImage: "/api/files/x/productMedia/1.png",
    });
  });

  it("a SKU drawn for another name is left to the API", () => {
    const parsed = parseProductForm(form([...basics, ["price", "5"], ["stock", "1"], ["sku", "XXX-123"]]), "add");
    expect(parsed.ok && parsed.payload.sku).toBeUndefined();
  });

  it("missing fields: each field's message and 'Please enter all required field '", () => {
    const parsed = parseProductForm(form([["name", "Abc"], ["description", ""]]), "add");
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors.form).toEqual([MSG.productAllRequired]);
    expect(parsed.errors.name).toContain(MSG.productNameShort);
    expect(parsed.errors.description).toContain(MSG.productDescriptionRequired);
    expect(parsed.errors.price).toContain(MSG.variationPriceRequired);
    expect(parsed.errors.stock).toContain(MSG.variationStockRequired);
    expect(parsed.errors.images).toContain(MSG.productImageRequired);
    expect(parsed.errors.department).toContain(MSG.productDepartmentRequired);
    expect(parsed.errors.brand).toContain(MSG.productBrandRequired);
    expect(parsed.values.name).toBe("Abc");
  });

  it("a variation product: rows, variationList, the size chart, and the row messages", () => {
    const rows: [string, string][] = [
      ["isVariationAvailable", "on"],
      ["dimensions", "Color"],
      ["dimensions", "Size"],
      ["dimensionMeta.Color", "v1|dropdown"],
      ["dimensionMeta.Size", "v2|dropdown"],
      ["variations[0].variant", "Black_S"],
      ["variations[0].details.Color", "Black"],
      ["variations[0].details.Size", "S"],
      ["variations[0].sku", "TAS-1-BLACK-S"],
      ["variations[0].price", "30"],
      ["variations[0].stock", "5"],
      ["variations[0].image", "/img/a.png"],
      ["variations[1].variant", "Black_M"],
      ["variations[1].details.Color", "Black"],
      ["variations[1].details.Size", "M"],
      ["variations[1].sku", ""],
      ["variations[1].price", ""],
      ["variations[1].stock", ""],
      ["variations[1].image", ""],
    ];
    const refused = parseProductForm(form([...basics, ...rows]), "add");
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.errors["variations[1].sku"]).toEqual([MSG.variationSkuRequired]);
    expect(refused.errors["variations[1].price"]).toEqual([MSG.variationPriceRequired]);
    expect(refused.errors["variations[1].stock"]).toEqual([MSG.variationStockRequired]);
    expect(refused.errors["variations[1].image"]).toEqual([MSG.variationImageRequired]);
    expect(refused.errors.sizeChartImage).toEqual([MSG.sizeChartRequired]);

    const filled = rows.map(([k, v]): [string, string] => (k.startsWith("variations[1].") && !v ? [k, { sku: "TAS-1-BLACK-M", price: "31", stock: "6", image: "/img/b.png" }[k.split(".")[1]]!] : [k, v]));
    const parsed = parseProductForm(form([...basics, ...filled, ["sizeChartImage", "/img/chart.png"]]), "add");
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.payload.variations).toHaveLength(2);
    expect(parsed.payload.variationList).toEqual({ Color: { list: ["Black"], type: "dropdown", id: "v1" }, Size: { list: ["S", "M"], type: "dropdown", id: "v2" } });
    expect(parsed.payload.defaultVariant).toBe("Black_S");
  });

  it("fewer than 2 rows: 'Please add more variations'", () => {
    const parsed = parseProductForm(form([...basics, ["isVariationAvailable", "on"], ["sizeChartImage", "/c.png"]]), "add");
    expect(!parsed.ok && parsed.errors.variations).toEqual([MSG.variationRowsMin]);
  });
});

describe("the form's helpers", () => {
  it("rows are the combinations joined with _, keeping what was typed", () => {
    const first = makeRows(["Color", "Size"], { Color: ["Red"], Size: ["S", "M"] }, [], (v) => variationSku("TEE-001", v));
    expect(first.map((r) => r.variant)).toEqual(["Red_S", "Red_M"]);
    expect(first[0].sku).toBe("TEE-001-RED-S");
    const typed = [{ ...first[0], price: "9" }, first[1]];
    const again = makeRows(["Color", "Size"], { Color: ["Red", "Blue"], Size: ["S"] }, typed, (v) => v);
    expect(again).toMatchObject([{ variant: "Red_S", price: "9" }, { variant: "Blue_S", price: "" }]);
  });

  it("the SKU follows the name's first 3 letters", () => {
    expect(skuForName("XXX-123", "Tasman")).toMatch(/^TAS-\d{3}$/);
    expect(skuForName("TAS-123", "Tassel")).toBe("TAS-123");
  });

  it("an API refusal lands on the form's fields", () => {
    const errors = apiRefusalErrors({ message: MSG.productSkuTaken, errors: { "variations.1.sku": [MSG.productSkuTaken], "attr.Material": ["Please Select Material"], "variations.0.variantDetails": ["x"] } });
    expect(errors["variations[1].sku"]).toEqual([MSG.productSkuTaken]);
    expect(errors["attr.Material"]).toEqual(["Please Select Material"]);
    expect(errors["variations[0].variant"]).toEqual(["x"]);
    expect(errors.form).toEqual([MSG.productSkuTaken]);
  });

  it("values read back as posted", () => {
    const values = valuesFromForm(form([["attr.Features", "A"], ["attr.Features", "B"], ["attrMulti.Features", "1"], ["attr.Material", "Wool"]]).formData);
    expect(values.attr).toEqual({ Features: ["A", "B"], Material: "Wool" });
  });
});
