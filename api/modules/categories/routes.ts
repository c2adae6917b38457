import {
  categoryListBodySchema,
  categoryListQuerySchema,
  createCategorySchema,
  subcategoryListQuerySchema,
  updateCategorySchema,
} from "#contract/catalogue/categories-api";
import { MSG } from "#contract/core/messages";
import { ADMIN_ONLY, ANY_CONSOLE_USER } from "#api/platform/auth/actor";
import { ok } from "#api/platform/http/http";
import { route } from "#api/platform/http/router";
import { csvDay, csvExport, type ExportRow } from "#api/platform/http/csv-export";
import { idPath } from "#api/platform/data/ids";
import {
  categoryDetails,
  createCategory,
  deleteCategory,
  departmentOptions,
  listCategories,
  subcategoryList,
  updateCategory,
} from "./service";

const categoryList = route({
  method: "post",
  path: "/category/list",
  summary:
    "Categories of one level (body level; departments are 0) or the children of body parent; query sort, sortType, skip, limit, search; data, count, isNext",
  policy: ANY_CONSOLE_USER,
  body: categoryListBodySchema,
  query: categoryListQuerySchema,
  handler: async ({ deps, body, query }) => listCategories(deps, body, query),
});

// spec 2 §7 Category. Every console user reads the tree (product and coupon forms need it); only admins change it
// (spec 2 §6).
export const categoryRoutes = [
  categoryList,
  csvExport<ExportRow<"POST /category/list">>(categoryList, {
    summary: "The department list (categories of level 0)",
    filename: "categories",
    body: { level: 0 },
    columns: [
      { header: "Category ID", cell: (c) => c._id },
      { header: "Name", cell: (c) => c.name },
      { header: "Categories", cell: (c) => c.childCount },
      { header: "Shops", cell: (c) => c.shopCount },
      { header: "Created", cell: (c) => csvDay(c.createdAt) },
    ],
  }),
  route({
    method: "get",
    path: "/category/subcategory-list",
    summary:
      "Sub-categories (the leaves) with their category and department, for look-ups; skip, limit, search (name or category name); data, count, isNext",
    policy: ANY_CONSOLE_USER,
    query: subcategoryListQuerySchema,
    handler: async ({ deps, query }) => subcategoryList(deps, query),
  }),
  route({
    method: "get",
    path: "/category/departments",
    summary:
      "Every department (level 0) as {_id, name}, A to Z: the choices of the shop, product and stream forms and of the shop list's filter",
    policy: ANY_CONSOLE_USER,
    handler: async ({ deps }) => ok(await departmentOptions(deps)),
  }),
  route({
    method: "post",
    path: "/category",
    summary: "Add a department (no parent) or a category below a parent of level 0 or 1: {name, image, parent}",
    policy: ADMIN_ONLY,
    body: createCategorySchema,
    handler: async ({ deps, actor, body }) => {
      const created = await createCategory(deps, actor, body);
      return ok(created, MSG.categoryAdded(created.name));
    },
  }),
  route({
    method: "get",
    path: idPath("/category/:id"),
    summary: "One category: isLeaf, ancestors, children, and for a leaf attr, variations, tax and commission",
    policy: ANY_CONSOLE_USER,
    handler: async ({ deps, params }) => ok(await categoryDetails(deps, params.id)),
  }),
  route({
    method: "put",
    path: idPath("/category/:id"),
    summary:
      "Change a category: {id, and one of name, image, attr, variations, tax, commission}; the last four on leaves only",
    policy: ADMIN_ONLY,
    body: updateCategorySchema,
    handler: async ({ deps, actor, params, body }) =>
      ok(await updateCategory(deps, actor, params.id, body), MSG.categoryUpdated),
  }),
  route({
    method: "delete",
    path: idPath("/category/:id"),
    summary: "Delete a category; refused while it has sub-categories, shops, shop commissions or products (ADR 0013)",
    policy: ADMIN_ONLY,
    handler: async ({ deps, params }) => ok(await deleteCategory(deps, params.id), MSG.categoryDeleted),
  }),
];
