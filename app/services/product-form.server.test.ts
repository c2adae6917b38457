import { parse } from "@conform-to/react";
import { describe, expect, it } from "vitest";
import type { AttributeDefinition } from "#contract/catalogue/attributes-api";
import { MSG } from "#contract/core/messages";
import { checkProductForm, fieldOfApiKey, replyWithProductRefusal, type ProductForm } from "./product-form.server";
import { makeRows, skuForName, variationSku, type ProductFormValue } from "~/components/product/ProductFormHelpers";

// The product form's post → conform's submission, checked by the contract's product form schema → the payload of
// POST product/ (spec 2 §5 messages; the API checks everything again).

const form = (entries: [string, string][], fileErrors: Record<string, string> = {}): ProductForm => {
  const formData = new FormData();
  for (const [k, v] of entries) formData.append(k, v);
  return {
    formData,
    fileErrors,
    value: parse(formData, { resolve: () => ({ value: undefined }) }).payload as ProductFormValue,
  };
};

const attribute = (
  field_name: string,
  data_type: AttributeDefinition["data_type"],
  id: string,
): AttributeDefinition => ({
  _id: id,
  id,
  name: field_name,
  label: field_name,
  field_name,
  data_type,
  type: data_type === "checkbox" ? "checkbox" : data_type === "dropdown" ? "dropdown" : "text",
  list: ["Wool", "Cotton"],
  map: {},
  hint: "",
  unit: null,
  defaultValue: "",
  isForVariation: false,
});
const attributes = [
  attribute("Material", "dropdown", "a1"),
  attribute("Features", "checkbox", "a2"),
  attribute("Care Instructions", "text", "a3"),
];

const basics: [string, string][] = [
  ["name", "Tasman Wool Beanie"],
  ["description", "A warm merino beanie."],
  ["tags", "winter, merino, winter"],
  ["department", "d1"],
  ["categories", "c1"],
  ["subcategory", "s1"],
  ["brand", "b1"],
  ["attr.Material", "Wool"],
  ["attr.Features", "Cotton"],
  ["attr.Care Instructions", "Hand wash"],
  ["images", "/api/files/x/productMedia/1.png"],
];

/** The reply's messages by field ('' is the form's). */
const messages = (checked: ReturnType<typeof checkProductForm>) => (checked.ok ? {} : (checked.result.error ?? {}));

describe("checkProductForm (add)", () => {
  it("a single product: the payload with price, stock, the SKU of the name, attributes with the leaf's ids, tags once each", () => {
    const checked = checkProductForm(form([...basics, ["price", "24.95"], ["stock", "12"], ["sku", "TAS-123"]]), {
      mode: "add",
      attributes,
    });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.payload).toMatchObject({
      name: "Tasman Wool Beanie",
      tags: ["winter", "merino"],
      price: 24.95,
      stock: 12,
      sku: "TAS-123",
      isVariationAvailable: false,
      attr: {
        Material: { value: "Wool", id: "a1" },
        Features: { value: ["Cotton"], id: "a2" },
        "Care Instructions": { value: "Hand wash", id: "a3" },
      },
      defaultImage: "/api/files/x/productMedia/1.png",
    });
  });

  it("a SKU drawn for another name is left to the API", () => {
    const checked = checkProductForm(form([...basics, ["price", "5"], ["stock", "1"], ["sku", "XXX-123"]]), {
      mode: "add",
      attributes,
    });
    expect(checked.ok && "sku" in checked.payload).toBe(false);
  });

  it("every rule on the first submit, the attributes with the rest; 'Please enter all required field ' once, as the form's", () => {
    const checked = checkProductForm(
      form([
        ["name", "Abc"],
        ["description", ""],
      ]),
      { mode: "add", attributes },
    );
    expect(checked.ok).toBe(false);
    const errors = messages(checked);
    expect(errors[""]).toEqual([MSG.productAllRequired]);
    expect(errors.name).toEqual([MSG.productNameShort]);
    expect(errors.description).toEqual([MSG.productDescriptionRequired]);
    expect(errors.price).toEqual([MSG.variationPriceRequired]);
    expect(errors.stock).toEqual([MSG.variationStockRequired]);
    expect(errors.images).toEqual([MSG.productImageRequired]);
    expect(errors.department).toEqual([MSG.productDepartmentRequired]);
    expect(errors.brand).toEqual([MSG.productBrandRequired]);
    expect(errors["attr.Material"]).toEqual([MSG.productAttrChoose("Material")]);
    expect(errors["attr.Features"]).toEqual([MSG.productAttrChoose("Features")]);
    expect(errors["attr.Care Instructions"]).toEqual([MSG.productAttrRequired("Care Instructions")]);
    // what was posted comes back to the form
    expect(!checked.ok && checked.result.initialValue).toMatchObject({ name: "Abc" });
  });

  it("a file refused while reading the post joins the other messages", () => {
    const checked = checkProductForm(form([...basics, ["price", "5"], ["stock", "1"]], { images: MSG.mediaType }), {
      mode: "add",
      attributes,
    });
    expect(messages(checked).images).toEqual([MSG.mediaType]);
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
    const refused = checkProductForm(form([...basics, ...rows]), { mode: "add", attributes });
    const errors = messages(refused);
    expect(errors["variations[1].sku"]).toEqual([MSG.variationSkuRequired]);
    expect(errors["variations[1].price"]).toEqual([MSG.variationPriceRequired]);
    expect(errors["variations[1].stock"]).toEqual([MSG.variationStockRequired]);
    expect(errors["variations[1].image"]).toEqual([MSG.variationImageRequired]);
    expect(errors.sizeChartImage).toEqual([MSG.sizeChartRequired]);

    const filled = rows.map(([k, v]): [string, string] =>
      k.startsWith("variations[1].") && !v
        ? [k, { sku: "TAS-1-BLACK-M", price: "31", stock: "6", image: "/img/b.png" }[k.split(".")[1]]!]
        : [k, v],
    );
    const checked = checkProductForm(form([...basics, ...filled, ["sizeChartImage", "/img/chart.png"]]), {
      mode: "add",
      attributes,
    });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.payload.variations).toHaveLength(2);
    expect(checked.payload.variationList).toEqual({
      Color: { list: ["Black"], type: "dropdown", id: "v1" },
      Size: { list: ["S", "M"], type: "dropdown", id: "v2" },
    });
    expect(checked.payload.defaultVariant).toBe("Black_S");
  });

  it("fewer than 2 rows: 'Please add more variations'; a repeated combination on its row, with the other messages", () => {
    const few = checkProductForm(form([...basics, ["isVariationAvailable", "on"], ["sizeChartImage", "/c.png"]]), {
      mode: "add",
      attributes,
    });
    expect(messages(few).variations).toEqual([MSG.variationRowsMin]);
    const row = (i: number, sku: string): [string, string][] => [
      [`variations[${i}].variant`, "Black_S"],
      [`variations[${i}].details.Color`, "Black"],
      [`variations[${i}].details.Size`, "S"],
      [`variations[${i}].sku`, sku],
      [`variations[${i}].price`, "30"],
      [`variations[${i}].stock`, "5"],
      [`variations[${i}].image`, "/img/a.png"],
    ];
    const twice = checkProductForm(
      form([
        ...basics,
        ["isVariationAvailable", "on"],
        ["dimensions", "Color"],
        ["dimensions", "Size"],
        ...row(0, "A-1"),
        ...row(1, "A-2"),
      ]),
      {
        mode: "add",
        attributes,
      },
    );
    expect(messages(twice)["variations[1].variant"]).toEqual([MSG.variationCombinationTaken("Black", "S")]);
    expect(messages(twice).sizeChartImage).toEqual([MSG.sizeChartRequired]);
  });
});

describe("the form's helpers", () => {
  it("rows are the combinations joined with _, keeping what was typed", () => {
    const first = makeRows(["Color", "Size"], { Color: ["Red"], Size: ["S", "M"] }, [], (v) =>
      variationSku("TEE-001", v),
    );
    expect(first.map((r) => r.variant)).toEqual(["Red_S", "Red_M"]);
    expect(first[0].sku).toBe("TEE-001-RED-S");
    const typed = [{ ...first[0], price: "9" }, first[1]];
    const again = makeRows(["Color", "Size"], { Color: ["Red", "Blue"], Size: ["S"] }, typed, (v) => v);
    expect(again).toMatchObject([
      { variant: "Red_S", price: "9" },
      { variant: "Blue_S", price: "" },
    ]);
  });

  it("the SKU follows the name's first 3 letters", () => {
    expect(skuForName("XXX-123", "Tasman")).toMatch(/^TAS-\d{3}$/);
    expect(skuForName("TAS-123", "Tassel")).toBe("TAS-123");
  });

  it("an API refusal lands on the form's fields, its message once: on the form only when no field holds it", () => {
    expect(fieldOfApiKey("variations.1.sku")).toBe("variations[1].sku");
    expect(fieldOfApiKey("attr.Material")).toBe("attr.Material");
    expect(fieldOfApiKey("variations.0.variantDetails")).toBe("variations[0].variant");
    const checked = checkProductForm(form([...basics, ["price", "5"], ["stock", "1"]]), { mode: "add", attributes });
    const onField = replyWithProductRefusal(checked.submission, {
      message: "Price below discount",
      errors: { price: ["Price below discount"] },
    });
    expect(onField.error).toEqual({ price: ["Price below discount"] });
    const onForm = replyWithProductRefusal(checked.submission, { message: MSG.productSkuTaken });
    expect(onForm.error).toEqual({ "": [MSG.productSkuTaken] });
  });
});
