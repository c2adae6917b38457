import { addShopSchema, shopListQuerySchema, shopVerificationSchema } from "#contract/shops/shops-api";
import { MSG } from "#contract/core/messages";
import { ADMIN_ONLY, type Actor } from "#api/platform/auth/actor";
import type { Deps } from "#api/platform/deps";
import { ok } from "#api/platform/http/http";
import { route } from "#api/platform/http/router";
import { csvDay, csvPhone, csvExport, type ExportRow } from "#api/platform/http/csv-export";
import { idPath } from "#api/platform/data/ids";
import { bulkRoute } from "#api/platform/http/bulk";
import { addShop, changeShopStatus, deleteShop, listShops } from "./manage";
import { shopDetails } from "./service";

const shopList = route({
  method: "get",
  path: "/shop/list",
  summary:
    "Shops: search (name, e-mail, owner), category (repeated: department ids, any of them), sort (createdAt, name, status), sortType, skip, limit; rows with categories, owner and status",
  policy: ADMIN_ONLY,
  query: shopListQuerySchema,
  handler: async ({ deps, query }) => listShops(deps, query),
});

const shopVerification = route({
  method: "put",
  path: "/shop/verification",
  summary:
    "Shop verification (spec 1 §4): body {_id, status, ownerId}; Pending → Approved or Rejected, Approved → Rejected, Rejected → Approved; a rejection signs the shop's people out",
  policy: ADMIN_ONLY,
  body: shopVerificationSchema,
  handler: async ({ deps, body }) => {
    const shop = await changeShopStatus(deps, body);
    return ok({ _id: shop.id, status: shop.status }, MSG.shopStatusChanged(shop.name, shop.status));
  },
});

const shopDelete = route({
  method: "delete",
  path: idPath("/shop/:id"),
  summary: "Soft-delete a shop: its owner and staff are signed out and cannot sign in, and it leaves every list",
  policy: ADMIN_ONLY,
  handler: async ({ deps, params }) => {
    const shop = await deleteShop(deps, params.id);
    return ok({ _id: shop.id }, MSG.shopDeleted(shop.name));
  },
});

/** A shop's name for a bulk summary, as the caller may read the shop. */
const shopName = async (deps: Deps, actor: Actor, id: string) => (await shopDetails(deps, actor, id)).name;

// spec 1 §7 Shops: the admin's shop list, add, delete and verification (ADR 0014: owners do not add shops)
export const shopManageRoutes = [
  shopList,
  csvExport<ExportRow<"GET /shop/list">>(shopList, {
    summary: "The shop list",
    filename: "shops",
    columns: [
      { header: "Shop ID", cell: (s) => s._id },
      { header: "Shop", cell: (s) => s.name },
      { header: "E-mail", cell: (s) => s.email },
      { header: "Owner ID", cell: (s) => s.ownerId?._id },
      { header: "Owner", cell: (s) => (s.ownerId ? `${s.ownerId.fName} ${s.ownerId.lName}`.trim() : "") },
      { header: "Owner Phone", cell: (s) => csvPhone(s.ownerId) },
      { header: "Categories", cell: (s) => s.categories.map((c) => c.name).join(", ") },
      { header: "Status", cell: (s) => s.status },
      { header: "Address", cell: (s) => s.location.address },
      { header: "Created", cell: (s) => csvDay(s.createdAt) },
    ],
  }),
  route({
    method: "post",
    path: "/shop/add",
    summary:
      "Add a shop (Pending): ownerId of an owner made by POST user/add-user, or the owner inline as `owner` (fName, gender, countryFlag, mobile) — then owner and shop are made in one transaction; name, story, email, website, location {address, placeId}, categories (departments), image, coverImage (shopImage uploads), timings",
    policy: ADMIN_ONLY,
    body: addShopSchema,
    handler: async ({ deps, actor, body }) => {
      const shop = await addShop(deps, actor, body);
      return ok(shop, MSG.shopCreated(shop.name));
    },
  }),
  shopVerification,
  shopDelete,
  // the shop list's bulk actions (ADR 0074): the single call on each row, admins only
  bulkRoute(shopVerification, {
    path: "/shop/bulk/verification",
    summary: "Change the verification status of shops",
    list: shopList,
    fields: { status: shopVerificationSchema.shape.status },
    request: (_id, { status }) => ({ body: { _id, status } }),
    name: shopName,
  }),
  bulkRoute(shopDelete, {
    path: "/shop/bulk/delete",
    summary: "Delete shops",
    list: shopList,
    request: (id) => ({ params: { id } }),
    name: shopName,
  }),
];
