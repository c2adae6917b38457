// Client-safe constants and shapes of the category tree (spec 2 §3 Category); the zod schemas are in categories-api.ts.
import type { z } from "../core/zod";
import type {
  categoryAttrSchema,
  categoryDetailsSchema,
  categoryRefSchema,
  categoryRowSchema,
  categoryVariationSchema,
  subcategoryOptionSchema,
} from "./categories-api";

/** spec 2 §9: departments are level 0, categories 1, sub-categories 2 (the leaves). */
export const DEPARTMENT_LEVEL = 0;
export const LEAF_LEVEL = 2;
export type CategoryLevel = 0 | 1 | 2;
export const CATEGORY_SORTS = ["createdAt", "name"] as const;
export const CATEGORY_NAME_MAX = 50;

/** What a level is called on screen. */
export const LEVEL_NAMES: Record<CategoryLevel, string> = { 0: "Department", 1: "Category", 2: "Sub-category" };

export type CategoryRef = z.output<typeof categoryRefSchema>;

/** One row of POST category/list, and a child on GET category/{id}. */
export type CategoryRow = z.output<typeof categoryRowSchema>;

/** spec 2 §3: a leaf's attribute (name, type, list, unit), a reference to a managed attribute. */
export type CategoryAttr = z.output<typeof categoryAttrSchema>;

/** spec 2 §3: a leaf's variation (name, dataType, list, isMainSelected). */
export type CategoryVariation = z.output<typeof categoryVariationSchema>;

/** GET category/{id}: the row, its place in the tree, its children and, for a leaf, what products in it carry. */
export type CategoryDetails = z.output<typeof categoryDetailsSchema>;

/** GET category/subcategory-list: a leaf with its category and department (spec 1 §3 Commission). */
export type SubcategoryOption = z.output<typeof subcategoryOptionSchema>;
