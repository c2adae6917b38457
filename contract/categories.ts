// Client-safe constants and shapes of the category tree (spec 2 §3 Category); the zod schemas are in categories-api.ts.
import type { AttributeType } from "./attributes";

/** spec 2 §9: departments are level 0, categories 1, sub-categories 2 (the leaves). */
export const DEPARTMENT_LEVEL = 0;
export const LEAF_LEVEL = 2;
export type CategoryLevel = 0 | 1 | 2;
export const CATEGORY_SORTS = ["createdAt", "name"] as const;
export const CATEGORY_NAME_MAX = 50;

/** What a level is called on screen. */
export const LEVEL_NAMES: Record<CategoryLevel, string> = { 0: "Department", 1: "Category", 2: "Sub-category" };

export interface CategoryRef {
  _id: string;
  name: string;
}

/** One row of POST category/list, and a child on GET category/{id}. */
export interface CategoryRow {
  _id: string;
  name: string;
  image: string | null;
  level: CategoryLevel;
  /** spec 2: a leaf is a sub-category (level 2) */
  isLeaf: boolean;
  parent: string | null;
  /** how many categories sit directly below */
  childCount: number;
  /** live shops that have this category among theirs (shops choose departments) */
  shopCount: number;
  createdAt: string;
}

/** spec 2 §3: a leaf's attribute (name, type, list, unit), a reference to a managed attribute. */
export interface CategoryAttr {
  _id: string;
  name: string;
  label: string;
  type: AttributeType;
  list: string[];
  unit: string | null;
}

/** spec 2 §3: a leaf's variation (name, dataType, list, isMainSelected). */
export interface CategoryVariation {
  _id: string;
  name: string;
  label: string;
  dataType: AttributeType;
  list: string[];
  map: Record<string, string>;
  isMainSelected: boolean;
}

/** GET category/{id}: the row, its place in the tree, its children and, for a leaf, what products in it carry. */
export interface CategoryDetails extends CategoryRow {
  /** from the department down to the parent */
  ancestors: CategoryRef[];
  children: CategoryRow[];
  attr: CategoryAttr[];
  variations: CategoryVariation[];
  tax: number | null;
  commission: number | null;
}

/** GET category/subcategory-list: a leaf with its category and department (spec 1 §3 Commission). */
export interface SubcategoryOption extends CategoryRef {
  parent: CategoryRef & { parent: CategoryRef };
}
