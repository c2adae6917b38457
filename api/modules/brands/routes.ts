import { addBrandSchema, brandListQuerySchema, updateBrandSchema } from "#contract/catalogue/brands-api";
import { MSG } from "#contract/core/messages";
import { ADMIN_ONLY, ANY_CONSOLE_USER } from "#api/platform/auth/actor";
import { ok } from "#api/platform/http/http";
import { route } from "#api/platform/http/router";
import { csvDay, csvExport, type ExportRow } from "#api/platform/http/csv-export";
import { idPath } from "#api/platform/data/ids";
import { addBrand, brandDetails, listBrands, updateBrand } from "./service";

const brandList = route({
  method: "get",
  path: "/brand",
  summary:
    "Brands: searchText|search on the name, sort (createdAt, name, updatedAt), sortType, page|skip, limit up to 1500; data, count, isNext",
  policy: ANY_CONSOLE_USER,
  query: brandListQuerySchema,
  handler: async ({ deps, query }) => listBrands(deps, query),
});

// spec 2 §7 Brand. The list and one brand are read by every console user (the product form's brand select);
// shop people may add a missing brand from the product form; only admins edit (spec 2 §6 menus).
export const brandRoutes = [
  brandList,
  csvExport<ExportRow<"GET /brand">>(brandList, {
    summary: "The brand list",
    filename: "brands",
    columns: [
      { header: "Brand ID", cell: (b) => b._id },
      { header: "Name", cell: (b) => b.name },
      { header: "Image", cell: (b) => b.image },
      { header: "Created", cell: (b) => csvDay(b.createdAt) },
      { header: "Updated", cell: (b) => csvDay(b.updatedAt) },
    ],
  }),
  route({
    method: "post",
    path: "/brand",
    summary: "Add a brand (name, image: a catalogueImage upload of the caller); names are unique regardless of case",
    policy: { roles: ["admin", "shopOwner", "staff"], staff: ["product:add", "product:edit"] },
    body: addBrandSchema,
    handler: async ({ deps, actor, body }) => ok(await addBrand(deps, actor, body), MSG.brandAdded),
  }),
  route({
    method: "get",
    path: idPath("/brand/:id"),
    summary: "One brand",
    policy: ANY_CONSOLE_USER,
    handler: async ({ deps, params }) => ok(await brandDetails(deps, params.id)),
  }),
  route({
    method: "put",
    path: idPath("/brand/:id"),
    summary: "Change a brand's name, image or both; keeping the current image is fine",
    policy: ADMIN_ONLY,
    body: updateBrandSchema,
    handler: async ({ deps, actor, body, params }) =>
      ok(await updateBrand(deps, actor, params.id, body), MSG.brandUpdated),
  }),
];
