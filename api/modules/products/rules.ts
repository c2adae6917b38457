import { and, asc, eq, inArray } from "drizzle-orm";
import { MSG } from "#contract/core/messages";
import { VARIATION_DIMENSIONS_MAX, VARIATION_ROWS_MIN, variantKey } from "#contract/products/products";
import type { VariationInput } from "#contract/products/products-api";
import { attributes, brands, categories, categoryAttributes, shopCategories } from "#api/db/schema";
import type { ProductAttrMap, VariationListMap } from "#api/db/schema/products";
import type { Actor } from "#api/platform/auth/actor";
import type { Deps } from "#api/platform/deps";
import { badRequest, fieldError, type FieldErrors } from "#api/platform/http/http";
import { reachesEveryShop } from "#api/platform/auth/tenancy";

export type AttributeRow = typeof attributes.$inferSelect;
const CHOICE_TYPES = new Set(["dropdown", "checkbox", "radio", "boolean"]);

export async function checkBrand(deps: Deps, brandId: string) {
  const [row] = await deps.db.select({ id: brands.id }).from(brands).where(eq(brands.id, brandId));
  if (!row) throw fieldError("brand", MSG.productBrandUnknown);
}

/**
 * department (level 0) → category (level 1, its child) → subcategory (level 2, the category's child); for owners and
 * staff the department must be one of their shop's.
 */
export async function checkTaxonomy(
  deps: Deps,
  actor: Actor,
  shopId: string,
  ids: { department: string; categories: string; subcategory: string },
) {
  const rows = await deps.db
    .select({ id: categories.id, level: categories.level, parentId: categories.parentId })
    .from(categories)
    .where(inArray(categories.id, [ids.department, ids.categories, ids.subcategory]));
  const own = reachesEveryShop(actor)
    ? null
    : await deps.db
        .select({ id: shopCategories.categoryId })
        .from(shopCategories)
        .where(and(eq(shopCategories.shopId, shopId), eq(shopCategories.categoryId, ids.department)));
  taxonomyRule(new Map(rows.map((r) => [r.id, r])), ids, own && new Set(own.map((r) => r.id)));
}

/** A category as the taxonomy rule reads it. */
export interface CategoryNode {
  id: string;
  level: number;
  parentId: string | null;
}

/**
 * The taxonomy rule on loaded categories: the chain department → category → subcategory, and (`shopDepartments`, for
 * owners and staff; null for admins) a department of the shop's.
 */
export function taxonomyRule(
  byId: ReadonlyMap<string, CategoryNode>,
  ids: { department: string; categories: string; subcategory: string },
  shopDepartments: ReadonlySet<string> | null,
) {
  const dep = byId.get(ids.department);
  const cat = byId.get(ids.categories);
  const sub = byId.get(ids.subcategory);
  if (!dep || dep.level !== 0) throw fieldError("department", MSG.productTaxonomyMismatch);
  if (!cat || cat.level !== 1 || cat.parentId !== dep.id) throw fieldError("categories", MSG.productTaxonomyMismatch);
  if (!sub || sub.level !== 2 || sub.parentId !== cat.id) throw fieldError("subcategory", MSG.productTaxonomyMismatch);
  if (shopDepartments && !shopDepartments.has(dep.id)) throw fieldError("department", MSG.productDepartmentNotShop);
}

/** A leaf's attributes ('attr') or variations ('variation'), in the admin's order. */
export async function leafAttributes(deps: Deps, leafId: string, kind: "attr" | "variation") {
  const rows = await deps.db
    .select({ attribute: attributes })
    .from(categoryAttributes)
    .innerJoin(attributes, eq(attributes.id, categoryAttributes.attributeId))
    .where(and(eq(categoryAttributes.categoryId, leafId), eq(categoryAttributes.kind, kind)))
    .orderBy(asc(categoryAttributes.position));
  return rows.map((r) => r.attribute);
}

const labelOf = (a: AttributeRow) => a.label || a.name;

/**
 * spec 2 §5 Attributes: every attribute the leaf supplies is required; text ≤ 100, a number parses, a choice is one
 * of the attribute's options (a checkbox may hold several). Keys are matched by attribute name or by id; unknown
 * keys are dropped. Answers the map stored on the product, keyed by the attribute's name.
 */
export async function checkAttributes(
  deps: Deps,
  leafId: string,
  input: Record<string, { value: string | string[]; id: string }>,
): Promise<ProductAttrMap> {
  return attributeRule(await leafAttributes(deps, leafId, "attr"), input);
}

/** The attribute rule of `checkAttributes` on the leaf's loaded attributes (`defs`). */
export function attributeRule(
  defs: AttributeRow[],
  input: Record<string, { value: string | string[]; id: string }>,
): ProductAttrMap {
  const entries = Object.entries(input);
  // an attribute may be called "__proto__": the map is made from entries, never by assignment
  const out: [string, ProductAttrMap[string]][] = [];
  const errors: FieldErrors = {};
  for (const def of defs) {
    const found = entries.find(([k, v]) => k.toLowerCase() === def.name.toLowerCase() || v.id === def.id)?.[1];
    const values = (Array.isArray(found?.value) ? found.value : found?.value !== undefined ? [found.value] : [])
      .map((v) => v.trim())
      .filter(Boolean);
    const key = `attr.${def.name}`;
    if (CHOICE_TYPES.has(def.type)) {
      if (values.length === 0) {
        errors[key] = [MSG.productAttrChoose(labelOf(def))];
        continue;
      }
      const options = def.type === "boolean" && def.list.length === 0 ? ["true", "false"] : def.list;
      if (values.some((v) => !options.includes(v)) || (def.type !== "checkbox" && values.length > 1)) {
        errors[key] = [MSG.productAttrNotOption(labelOf(def))];
        continue;
      }
      out.push([def.name, { value: def.type === "checkbox" ? values : values[0], id: def.id }]);
    } else {
      if (values.length !== 1) {
        errors[key] = [MSG.productAttrRequired(labelOf(def))];
        continue;
      }
      if (values[0].length > 100) {
        errors[key] = [MSG.attrTextMax];
        continue;
      }
      if (def.type === "number" && !Number.isFinite(Number(values[0]))) {
        errors[key] = [MSG.productAttrNumber(labelOf(def))];
        continue;
      }
      out.push([def.name, { value: values[0], id: def.id }]);
    }
  }
  const first = Object.values(errors)[0]?.[0];
  if (first) throw badRequest(first, errors);
  return Object.fromEntries(out);
}

/** A variation row, checked: its dimension values in the dimension order, and its combination key. */
export interface CheckedRow {
  row: VariationInput;
  details: Record<string, string>;
  variant: string;
}

/** The dimensions a leaf offers, matched by name (case-insensitive). */
function findDimension(defs: AttributeRow[], name: string) {
  return defs.find((d) => d.name.toLowerCase() === name.toLowerCase());
}

/** The message for a repeated combination: 'Please select other combination of {a} & {b}' (one dimension: ours). */
export const combinationTaken = (values: string[]) =>
  values.length >= 2 ? MSG.variationCombinationTaken(values[0], values[1]) : MSG.variationOptionTaken(values[0] ?? "");

/**
 * spec 2 §5 Variation rows at creation: at least 2 rows, at most 2 dimensions, each dimension one of the leaf's
 * variation attributes and each value in its list, combinations distinct, row SKUs distinct.
 * Answers the rows with their keys and the product's variationList.
 */
export async function checkVariationRows(
  deps: Deps,
  leafId: string,
  rows: VariationInput[],
  requested: VariationListMap,
) {
  if (rows.length < VARIATION_ROWS_MIN) throw fieldError("variations", MSG.variationRowsMin);
  return variationRowsRule(await leafAttributes(deps, leafId, "variation"), rows, requested);
}

/** The variation rule of `checkVariationRows` on the leaf's loaded variation attributes (`defs`). */
export function variationRowsRule(defs: AttributeRow[], rows: VariationInput[], requested: VariationListMap) {
  if (rows.length < VARIATION_ROWS_MIN) throw fieldError("variations", MSG.variationRowsMin);
  // dimensions: those the variationList and the rows name
  const names: string[] = [];
  const add = (name: string) => {
    const def = findDimension(defs, name);
    if (!def) throw fieldError("variationList", MSG.variationDimensionUnknown);
    if (!names.includes(def.name)) names.push(def.name);
  };
  for (const name of Object.keys(requested)) add(name);
  for (const row of rows) for (const name of Object.keys(row.variantDetails)) add(name);
  if (names.length === 0) throw fieldError("variationList", MSG.variationOptionRequired("a variation"));
  if (names.length > VARIATION_DIMENSIONS_MAX) throw fieldError("variationList", MSG.variationDimensionsMax);
  // the leaf's order, always (jsonb keeps no key order, so the combination key cannot follow the request's)
  names.sort((a, b) => defs.findIndex((d) => d.name === a) - defs.findIndex((d) => d.name === b));
  const dims = names.map((n) => findDimension(defs, n)!);
  const errors: FieldErrors = {};
  const seen = new Map<string, number>();
  const skus = new Map<string, number>();
  const checked: CheckedRow[] = [];
  for (const [i, row] of rows.entries()) {
    // Maps: a dimension may be called "constructor" or "__proto__", which a plain object already "has"
    const lower = new Map(Object.entries(row.variantDetails).map(([k, v]) => [k.toLowerCase(), v]));
    const picked = new Map<string, string>();
    for (const dim of dims) {
      const value = lower.get(dim.name.toLowerCase());
      if (!value)
        (errors[`variations.${i}.variantDetails.${dim.name}`] ??= []).push(MSG.variationOptionRequired(labelOf(dim)));
      else if (!dim.list.includes(value))
        (errors[`variations.${i}.variantDetails.${dim.name}`] ??= []).push(MSG.productAttrNotOption(labelOf(dim)));
      else picked.set(dim.name, value);
    }
    const details: Record<string, string> = Object.fromEntries(picked);
    const values = dims.map((d) => picked.get(d.name)!);
    const variant = variantKey(values);
    if (values.every(Boolean)) {
      if (seen.has(variant.toLowerCase()))
        (errors[`variations.${i}.variantDetails`] ??= []).push(combinationTaken(values));
      seen.set(variant.toLowerCase(), i);
    }
    if (skus.has(row.sku)) (errors[`variations.${i}.sku`] ??= []).push(MSG.productSkuTaken);
    skus.set(row.sku, i);
    checked.push({ row, details, variant });
  }
  const first = Object.values(errors)[0]?.[0];
  if (first) throw badRequest(first, errors);
  const variationList: VariationListMap = Object.fromEntries(
    dims.map((dim) => [
      dim.name,
      { list: [...new Set(checked.map((c) => c.details[dim.name]))], type: dim.type, id: dim.id },
    ]),
  );
  return { rows: checked, variationList };
}
