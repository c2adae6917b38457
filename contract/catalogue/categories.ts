// Client-safe constants and shapes of the category tree (spec 2 §3 Category); the zod schemas are in categories-api.ts.

/** spec 2 §9: departments are level 0, categories 1, sub-categories 2 (the leaves). */
export const DEPARTMENT_LEVEL = 0;
export const LEAF_LEVEL = 2;
export type CategoryLevel = 0 | 1 | 2;
export const CATEGORY_SORTS = ["createdAt", "name"] as const;
export const CATEGORY_NAME_MAX = 50;

/** What a level is called on screen. */
export const LEVEL_NAMES: Record<CategoryLevel, string> = { 0: "Department", 1: "Category", 2: "Sub-category" };
