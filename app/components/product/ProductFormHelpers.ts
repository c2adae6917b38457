import { VARIATION_DIMENSIONS_MAX, skuPrefix, variantKey } from "#contract/products/products";

/** spec 2 §4: a single product's SKU is the name's first 3 letters, a dash and 3 random digits (the API redraws on a collision). */
export const drawSku = (name: string) =>
  `${skuPrefix(name)}-${String(Math.floor(Math.random() * 1000)).padStart(3, "0")}`;

/** Ours: a variation row's SKU is the product's drawn SKU and the combination (TSH-123-RED-M), at most 40 characters. */
export const variationSku = (productSku: string, variant: string) =>
  `${productSku}-${variant
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")}`.slice(0, 40);

/** The product SKU again when the name's first letters changed, else as it is. */
export const skuForName = (sku: string, name: string) => (sku.startsWith(`${skuPrefix(name)}-`) ? sku : drawSku(name));

/** A variation row as typed (its conform paths: `variations[i].sku`, `variations[i].details.Color`…). */
export interface VariationRowDraft {
  variant: string;
  details: Record<string, string>;
  sku: string;
  price: string;
  stock: string;
  image: string;
}

/**
 * The variation table from the chosen dimension values (spec 2 §4: combinations joined with `_`, at most 2 dimensions).
 * A combination that was already a row keeps what was typed for it; a new row gets a SKU from `skuFor`.
 */
export function makeRows(
  dimensions: readonly string[],
  dimensionValues: Record<string, readonly string[]>,
  previousRows: readonly VariationRowDraft[],
  skuFor: (variant: string) => string,
): VariationRowDraft[] {
  const dims = dimensions.slice(0, VARIATION_DIMENSIONS_MAX);
  if (!dims.length) return [];
  let combos: Record<string, string>[] = [{}];
  for (const d of dims) {
    const chosen = dimensionValues[d] ?? [];
    combos = combos.flatMap((c) => chosen.map((v) => ({ ...c, [d]: v })));
  }
  const previous = new Map(previousRows.map((r) => [r.variant, r]));
  return combos.map((details) => {
    const variant = variantKey(dims.map((d) => details[d]));
    const kept = previous.get(variant);
    return kept ? { ...kept, details } : { variant, details, sku: skuFor(variant), price: "", stock: "", image: "" };
  });
}

/** Messages by field name (conform's paths, e.g. `attr.Material`, `variations[0].price`). */
export type FieldErrors = Record<string, string[] | null | undefined>;

/**
 * The product form's value as conform reads it from the post (and as the loader gives it for the first render): every
 * field a string, a field posted several times a list. The form renders from it; the action checks it with the
 * contract's product form schema.
 */
export interface ProductFormValue {
  name?: string;
  description?: string;
  /** comma-separated */
  tags?: string;
  department?: string;
  categories?: string;
  subcategory?: string;
  brand?: string;
  /** attribute name → value (a checkbox attribute: its chosen options) */
  attr?: Record<string, string | string[]>;
  /** attribute name → attribute id (the payload's attr map carries both) */
  attrId?: Record<string, string>;
  price?: string;
  stock?: string;
  sku?: string;
  /** "on": a variation product */
  isVariationAvailable?: string;
  /** the chosen variation dimensions (attribute names), at most 2 */
  dimensions?: string | string[];
  dimensionValues?: Record<string, string | string[]>;
  /** dimension → `{attribute id}|{type}` (the payload's variationList) */
  dimensionMeta?: Record<string, string>;
  variations?: (Partial<VariationRowDraft> | undefined)[];
  /** "true": with JavaScript, the table was saved ("Save variations") and not changed since */
  variationsSaved?: string;
  images?: string | string[];
  videos?: string | string[];
  sizeChartImage?: string;
  newBrandName?: string;
  newBrandImage?: string;
}

/** A value posted once or several times, as a list. */
export const asList = (v: string | string[] | undefined | null) =>
  v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v];

/** The variation rows of a form value, complete (a row posted without a field has it empty). */
export const rowsOf = (value: ProductFormValue): VariationRowDraft[] =>
  (value.variations ?? [])
    .filter((r): r is Partial<VariationRowDraft> => !!r)
    .map((r) => ({
      variant: r.variant ?? "",
      details: r.details ?? {},
      sku: r.sku ?? "",
      price: r.price ?? "",
      stock: r.stock ?? "",
      image: r.image ?? "",
    }));
