import { VARIATION_DIMENSIONS_MAX, skuPrefix, variantKey } from "#contract/products";

/** spec 2 §4: a single product's SKU is the name's first 3 letters, a dash and 3 random digits (the API redraws on a collision). */
export const drawSku = (name: string) => `${skuPrefix(name)}-${String(Math.floor(Math.random() * 1000)).padStart(3, "0")}`;

/** Ours: a variation row's SKU is the product's drawn SKU and the combination (TSH-123-RED-M), at most 40 characters. */
export const variationSku = (productSku: string, variant: string) =>
  `${productSku}-${variant.toUpperCase().replace(/[^A-Z0-9]+/g, "-").replace(/^-+|-+$/g, "")}`.slice(0, 40);

/** The product SKU again when the name's first letters changed, else as it is. */
export const skuForName = (sku: string, name: string) => (sku.startsWith(`${skuPrefix(name)}-`) ? sku : drawSku(name));

/** The shape of a variation row as typed (the same as the server's VariationRowValues). */
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

/** Messages of one field. */
export type FieldErrors = Record<string, string[]>;
