import { decimal, z } from "../core/zod";
import { listQuerySchema } from "../core/list";
import { MSG } from "../core/messages";
import { CATEGORY_NAME_MAX, CATEGORY_SORTS, LEAF_LEVEL } from "./categories";
import { ATTRIBUTE_TYPES } from "./attributes";

// The schemas of the category calls (spec 2 §7 Category) and of the forms on the category pages.

const id = z.string().trim().min(1).max(64);

/** spec 2 §5: tax and commission are integers 0–100; empty and out-of-range have their own messages. */
const percent = (required: string, range: string) =>
  z.unknown().transform((value, ctx) => {
    if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) {
      ctx.addIssue({ code: "custom", message: required });
      return z.NEVER;
    }
    const n =
      typeof value === "number"
        ? value
        : typeof value === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(value)
          ? Number(value)
          : Number.NaN;
    if (!Number.isInteger(n) || n < 0 || n > 100) {
      ctx.addIssue({ code: "custom", message: range });
      return z.NEVER;
    }
    return n;
  });
export const taxField = percent(MSG.taxRequired, MSG.taxRange);
export const commissionField = percent(MSG.commissionRequired, MSG.commissionRange);

/** A picture: a stored location, or none (`null`, `'null'` or empty on the wire). */
const imageField = z.preprocess(
  (v) => (v === "" || v === "null" ? null : v),
  z.string().trim().max(1000).nullable().optional(),
);

/**
 * The name of a category of `level`: spec 2 §5 gives a sub-category (the leaf) its own message; departments and
 * categories say 'Please Enter Category Name'.
 */
export function nameIssue(name: unknown, level: number): string | null {
  const text = typeof name === "string" ? name.trim() : "";
  if (!text) return level >= LEAF_LEVEL ? MSG.subCategoryNameRequired : MSG.categoryNameRequired;
  if (text.length > CATEGORY_NAME_MAX) return MSG.max50;
  return null;
}

/** POST category/list: body `level` (departments are 0), or `parent` for the children of one category. */
export const categoryListBodySchema = z.object({
  level: z.preprocess(decimal, z.number().int().min(0).max(2)).optional(),
  parent: id.optional(),
});
export const categoryListQuerySchema = listQuerySchema(CATEGORY_SORTS);
export type CategoryListBody = z.infer<typeof categoryListBodySchema>;
export type CategoryListQuery = z.infer<typeof categoryListQuerySchema>;

/** GET category/subcategory-list: skip, limit, search (spec 1 §7); a look-up, so A to Z unless asked otherwise. */
export const subcategoryListQuerySchema = listQuerySchema(CATEGORY_SORTS, {
  defaultSort: "name",
  defaultSortType: "asc",
});

/**
 * POST category: {name, image, parent}; without a parent it is a department. Below a parent an empty name is left to
 * the service, which knows the parent's level and so which of spec 2 §5's messages to give.
 */
export const createCategorySchema = z
  .object({
    name: z.unknown(),
    image: imageField,
    parent: z.preprocess((v) => (v === "" || v === null ? undefined : v), id.optional()),
  })
  .transform((raw, ctx) => {
    const name = typeof raw.name === "string" ? raw.name.trim() : "";
    const issue = raw.parent && !name ? null : nameIssue(name, 0);
    if (issue) {
      ctx.addIssue({ code: "custom", path: ["name"], message: issue });
      return z.NEVER;
    }
    return { name, image: raw.image ?? null, parent: raw.parent ?? null };
  });
export type CreateCategoryInput = z.infer<typeof createCategorySchema>;

/** A leaf's attribute by id, with an optional unit (defaults to the attribute's own). */
const attrEntry = z.union([
  id.transform((_id) => ({ _id, unit: undefined as string | undefined })),
  z.object({ _id: id, unit: z.string().trim().max(20).optional() }),
]);
/** A leaf's variation by id; one may be the main one. */
const variationEntry = z.union([
  id.transform((_id) => ({ _id, isMainSelected: undefined as boolean | undefined })),
  z.object({ _id: id, isMainSelected: z.boolean().optional() }),
]);

/**
 * PUT category/{id}: {id, and one of name, image, attr, variations, tax, commission} (spec 2 §7). The name is
 * checked by the service with `nameIssue`, since its message depends on the category's level.
 */
export const updateCategorySchema = z
  .object({
    id: id.optional(),
    name: z.unknown().optional(),
    image: imageField,
    attr: z.array(attrEntry, { error: MSG.attrRequired }).max(50).optional(),
    variations: z.array(variationEntry, { error: MSG.variationRequired }).max(10).optional(),
    tax: taxField.optional(),
    commission: commissionField.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.attr && v.attr.length === 0) ctx.addIssue({ code: "custom", path: ["attr"], message: MSG.attrRequired });
    if (v.variations && v.variations.length === 0)
      ctx.addIssue({ code: "custom", path: ["variations"], message: MSG.variationRequired });
    if (v.variations && v.variations.filter((x) => x.isMainSelected).length > 1)
      ctx.addIssue({ code: "custom", path: ["variations"], message: MSG.oneMainVariation });
    const fields = ["name", "image", "attr", "variations", "tax", "commission"] as const;
    if (!fields.some((f) => v[f] !== undefined))
      ctx.addIssue({ code: "custom", path: [], message: MSG.categoryNothingToChange });
  });
export type UpdateCategoryInput = z.infer<typeof updateCategorySchema>;

// The forms of the category pages, one per section (each is saved on its own).

export const categoryNameFormSchema = z.object({ name: z.unknown() });
export const taxFormSchema = z.object({ tax: taxField });
export const commissionFormSchema = z.object({ commission: commissionField });

export const categoryRefSchema = z.object({ _id: z.string(), name: z.string() });

/** One row of POST category/list, and a child on GET category/{id}. */
export const categoryRowSchema = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  level: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /** spec 2: a leaf is a sub-category (level 2) */
  isLeaf: z.boolean(),
  parent: z.string().nullable(),
  /** how many categories sit directly below */
  childCount: z.number(),
  /** live shops that have this category among theirs (shops choose departments) */
  shopCount: z.number(),
  createdAt: z.string(),
});

/** spec 2 §3: a leaf's attribute (name, type, list, unit), a reference to a managed attribute. */
export const categoryAttrSchema = z.object({
  _id: z.string(),
  name: z.string(),
  label: z.string(),
  type: z.enum(ATTRIBUTE_TYPES),
  list: z.array(z.string()),
  unit: z.string().nullable(),
});

/** spec 2 §3: a leaf's variation (name, dataType, list, isMainSelected). */
export const categoryVariationSchema = z.object({
  _id: z.string(),
  name: z.string(),
  label: z.string(),
  dataType: z.enum(ATTRIBUTE_TYPES),
  list: z.array(z.string()),
  map: z.record(z.string(), z.string()),
  isMainSelected: z.boolean(),
});

/** GET category/{id}: the row, its place in the tree, its children and, for a leaf, what products in it carry. */
export const categoryDetailsSchema = categoryRowSchema.extend({
  /** from the department down to the parent */
  ancestors: z.array(categoryRefSchema),
  children: z.array(categoryRowSchema),
  attr: z.array(categoryAttrSchema),
  variations: z.array(categoryVariationSchema),
  tax: z.number().nullable(),
  commission: z.number().nullable(),
});

/** GET category/subcategory-list: a leaf with its category and department (spec 1 §3 Commission). */
export const subcategoryOptionSchema = categoryRefSchema.extend({
  parent: categoryRefSchema.extend({ parent: categoryRefSchema }),
});

/** DELETE category/{id} answers what it deleted. */
export const deletedCategorySchema = z.object({ _id: z.string(), name: z.string(), parent: z.string().nullable() });

/** spec 2 §3: a leaf's attribute (name, type, list, unit), a reference to a managed attribute. */
export type CategoryAttr = z.output<typeof categoryAttrSchema>;
/** GET category/{id}: the row, its place in the tree, its children and, for a leaf, what products in it carry. */
export type CategoryDetails = z.output<typeof categoryDetailsSchema>;
export type CategoryRef = z.output<typeof categoryRefSchema>;
/** One row of POST category/list, and a child on GET category/{id}. */
export type CategoryRow = z.output<typeof categoryRowSchema>;
/** spec 2 §3: a leaf's variation (name, dataType, list, isMainSelected). */
export type CategoryVariation = z.output<typeof categoryVariationSchema>;
/** GET category/subcategory-list: a leaf with its category and department (spec 1 §3 Commission). */
export type SubcategoryOption = z.output<typeof subcategoryOptionSchema>;
