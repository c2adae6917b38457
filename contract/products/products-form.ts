import { z, idField } from "../core/zod";
import { MSG } from "../core/messages";
import type { AttributeDefinition } from "../catalogue/attributes-api";
import {
  PRODUCT_ATTR_TEXT_MAX,
  PRODUCT_IMAGES_MAX,
  PRODUCT_VIDEOS_MAX,
  VARIATION_DIMENSIONS_MAX,
  VARIATION_ROWS_MIN,
  variantKey,
} from "./products";
import {
  priceField,
  productDescriptionField,
  productNameField,
  skuField,
  stockField,
  variationImageField,
} from "./products-api";

// The product form of the Add and Edit Product pages (spec 2 §4 Product form, §5 Product), read by conform from the
// post: its field names are conform's paths (`attr.Material`, `variations[0].price`, `dimensionValues.Color`). Built
// from the same fields as the API's product schema, plus what only the form knows: which of its parts apply (a single
// product's price or the variation table) and the chosen leaf's attributes. Every rule is checked on every submit, so
// one submit shows every message (a rule that reads several fields runs even when a field failed).

/** A form value that may be posted once or several times (checkboxes, kept media), as a list. */
const list = (v: unknown) => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);
const mediaList = z.preprocess(list, z.array(z.string().trim().min(1).max(1000)));

/** The label the attribute's messages name. */
const labelOf = (a: AttributeDefinition) => a.label || a.name;
const isChoice = (a: AttributeDefinition) =>
  a.data_type === "dropdown" || a.data_type === "radio" || a.data_type === "checkbox" || a.type === "boolean";
const isMulti = (a: AttributeDefinition) => a.data_type === "checkbox" && a.type !== "boolean";

/** spec 2 §5 Attributes: every attribute the leaf supplies is required; a text or number at most 100 characters. */
function attributeField(a: AttributeDefinition) {
  if (isMulti(a)) return z.preprocess(list, z.array(z.string()).min(1, MSG.productAttrChoose(labelOf(a))));
  if (isChoice(a))
    return z
      .string({ error: MSG.productAttrChoose(labelOf(a)) })
      .trim()
      .min(1, MSG.productAttrChoose(labelOf(a)));
  const text = z
    .string({ error: MSG.productAttrRequired(labelOf(a)) })
    .trim()
    .min(1, MSG.productAttrRequired(labelOf(a)))
    .max(PRODUCT_ATTR_TEXT_MAX, MSG.attrTextMax);
  return a.data_type === "number" || a.type === "number"
    ? text.refine((v) => Number.isFinite(Number(v)), { message: MSG.productAttrNumber(labelOf(a)) })
    : text;
}

const variationRow = z.object({
  variant: z.string().trim().min(1).max(200),
  details: z.record(z.string(), z.string()).default({}),
  sku: skuField,
  price: priceField(MSG.variationPriceRequired),
  stock: stockField,
  image: variationImageField,
});

/** spec 2 §5: two rows of one combination: 'Please select other combination of {a} & {b}' on the later row. */
function repeatedCombinations(rows: unknown, ctx: z.RefinementCtx<unknown>, dimensions: string[]) {
  const seen = new Set<string>();
  list(rows).forEach((row, i) => {
    const details = (row as { details?: Record<string, string> } | undefined)?.details ?? {};
    const values = dimensions.map((d) => (Object.hasOwn(details, d) ? details[d] : ""));
    const key = variantKey(values);
    if (values.every(Boolean) && seen.has(key))
      ctx.addIssue({
        code: "custom",
        message: MSG.variationCombinationTaken(values[0] ?? "", values[1] ?? ""),
        path: ["variations", i, "variant"],
      });
    seen.add(key);
  });
}

/**
 * The form's schemas for the chosen leaf's attributes (spec 2 §3 Attribute definition), one per page and kind of
 * product. Add: the taxonomy, and a single product's price and stock (`addSingle`) or the variation table (at least 2
 * rows, at most 2 dimensions) with its size chart (`addVariation`). Edit: the taxonomy and the table are not the main
 * form's (read-only, and the table has its own save): `editSingle` checks the price and stock, `editVariation` the size
 * chart.
 */
export function productFormSchema(attributes: AttributeDefinition[]) {
  const attrFields: Record<string, z.ZodType<string | string[]>> = Object.fromEntries(
    attributes.map((a) => [a.field_name, attributeField(a)]),
  );
  const attr = z.preprocess((v) => v ?? {}, z.object(attrFields));
  const media = {
    images: mediaList.pipe(
      z.array(z.string()).min(1, MSG.productImageRequired).max(PRODUCT_IMAGES_MAX, MSG.productImagesMax),
    ),
    videos: mediaList.pipe(z.array(z.string()).max(PRODUCT_VIDEOS_MAX, MSG.productVideosMax)),
  };
  const basics = {
    name: productNameField,
    description: productDescriptionField,
    tags: z.string().optional(),
    brand: idField(MSG.productBrandRequired),
    attr,
    ...media,
  };
  const single = {
    price: priceField(MSG.variationPriceRequired),
    stock: stockField,
    sku: z.string().trim().max(64).optional(),
  };
  const sizeChartImage = z.string({ error: MSG.sizeChartRequired }).trim().min(1, MSG.sizeChartRequired).max(1000);
  const taxonomy = {
    department: idField(MSG.productDepartmentRequired),
    categories: idField(MSG.productCategoryRequired),
    subcategory: idField(MSG.productSubcategoryRequired),
  };
  const dimensionNames = (dimensions: unknown) =>
    list(dimensions)
      .filter((d): d is string => typeof d === "string")
      .slice(0, VARIATION_DIMENSIONS_MAX);
  return {
    editSingle: z.object({ ...basics, ...single }),
    editVariation: z.object({ ...basics, sizeChartImage }),
    addSingle: z.object({ ...basics, ...taxonomy, ...single }),
    addVariation: z
      .object({
        ...basics,
        ...taxonomy,
        sizeChartImage,
        dimensions: z.preprocess(list, z.array(z.string()).max(VARIATION_DIMENSIONS_MAX, MSG.variationDimensionsMax)),
        dimensionMeta: z.record(z.string(), z.string()).default({}),
        variations: z.preprocess(list, z.array(variationRow).min(VARIATION_ROWS_MIN, MSG.variationRowsMin)),
      })
      .superRefine((v, ctx) => repeatedCombinations(v.variations, ctx, dimensionNames(v.dimensions)), {
        when: () => true,
      }),
  };
}
