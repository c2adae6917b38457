import type { SubmissionResult } from "@conform-to/react";
// Client-safe names shared by the Edit Product page's forms and their action (app/services/product-edit.server.ts).

/** The intents of the page's forms (several forms on one page are told apart by `intent`, ARCHITECTURE §7). */
export const INTENT = {
  save: "save",
  variations: "variations",
  newVariant: "new-variant",
  discount: "discount",
  removeDiscount: "remove-discount",
} as const;

/** Field names of the variation table: one price, stock and image per variation id (conform's path `rows.{id}.price`). */
export const variationField = (field: "price" | "stock" | "image", id: string) => `rows.${id}.${field}`;
/** The new variant's image field (its file input is `newVariantImageFile` without JavaScript). */
export const NEW_VARIANT_IMAGE = "newVariantImage";
/** The new variant's select for one dimension, e.g. `dimension.Color`. */
export const dimensionField = (name: string) => `dimension.${name}`;
/** Where the add-new-variant form shows a repeated combination. */
export const COMBINATION_FIELD = "combination";

/** URL params of the page's overlays: `?discount={target}` opens a per-variation add, `?confirm=remove-discount&id={target}`. */
export const DISCOUNT_PARAM = "discount";
export const CONFIRM_REMOVE = "remove-discount";
/** Discount targets besides a variation id. */
export const PRODUCT_TARGET = "product";
export const GLOBAL_TARGET = "global";

export type SectionIntent = (typeof INTENT)[keyof typeof INTENT];
/** A section form's answer: which form, and conform's reply for it; `passed` keys a main-form check that passed (spec 2 §4). */
export type SectionReply = { intent: SectionIntent; result: SubmissionResult<string[]>; passed?: string };

/** One variation dimension of the product with the values the add-new-variant select offers. */
export interface Dimension {
  name: string;
  /** the attribute's label, as the messages name it */
  label: string;
  options: string[];
}

/** What the page may do: can(user, "product:edit") and can(user, "product:discount") (loadEditable in product-edit.server.ts). */
export interface EditAccess {
  canEdit: boolean;
  canDiscount: boolean;
}

/**
 * The product's dimension names in the order of its combinations (`Red_M` → Color, Size): the variation list is stored as
 * jsonb, which keeps no key order, so the first row's combination decides.
 */
export function dimensionNames(product: {
  variationList: Record<string, unknown> | null;
  variations: { variant: string; variantDetails: Record<string, string> }[];
}) {
  const names = Object.keys(product.variationList ?? {});
  const first = product.variations[0];
  if (!first) return names;
  const ordered = first.variant.split("_").map((value) => names.find((n) => first.variantDetails[n] === value));
  const found = ordered.filter((name): name is string => !!name);
  return ordered.length === names.length && found.length === names.length && new Set(found).size === names.length
    ? found
    : names;
}

/**
 * How the page names a variation, the same in the table, the discount drawer and the confirmation: its values in the
 * product's dimension order, "Black / S" (the stored combination `Black_S` is for the wire).
 */
export function variationLabel(
  product: Parameters<typeof dimensionNames>[0],
  variation: { variant: string; variantName?: string | null; variantDetails: Record<string, string> },
) {
  const names = dimensionNames(product);
  const label = names
    .map((d) => variation.variantDetails[d])
    .filter(Boolean)
    .join(" / ");
  return label || variation.variantName || variation.variant;
}
