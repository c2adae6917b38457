import {
  addCouponSchema,
  couponListQuerySchema,
  couponOrdersQuerySchema,
  couponStatusSchema,
  updateCouponSchema,
} from "#contract/coupons/coupons-api";
import { MSG } from "#contract/core/messages";
import type { Actor, Policy } from "#api/platform/auth/actor";
import type { Deps } from "#api/platform/deps";
import { ok } from "#api/platform/http/http";
import { route } from "#api/platform/http/router";
import { bulkRoute } from "#api/platform/http/bulk";
import { csvDay, csvMoney, csvExport, type ExportRow } from "#api/platform/http/csv-export";
import { idPath } from "#api/platform/data/ids";
import {
  addCoupon,
  couponDetails,
  couponOrderStats,
  couponOrders,
  couponStats,
  deleteCoupon,
  listCoupons,
  setCouponStatus,
  updateCoupon,
} from "./service";

// spec 2 §7 Coupon (ADR 0028). Admins, shop owners and staff with the coupon module (spec 2 §6: add, edit) read;
// adding needs coupon:add, editing coupon:edit. Owners and staff see only their shop's coupons (404 otherwise).
const READ: Policy = { roles: ["admin", "shopOwner", "staff"], staff: ["coupon:add", "coupon:edit"] };
const ADD: Policy = { roles: ["admin", "shopOwner", "staff"], staff: ["coupon:add"] };
const EDIT: Policy = { roles: ["admin", "shopOwner", "staff"], staff: ["coupon:edit"] };

const couponList = route({
  method: "get",
  path: "/coupon",
  summary:
    "Coupons the caller sees: search|searchText on the name or code, sort (createdAt, name, code, start, end), sortType, page|skip, limit; data, count, isNext",
  policy: READ,
  query: couponListQuerySchema,
  handler: async ({ deps, actor, query }) => listCoupons(deps, actor, query),
});

/** A coupon as a bulk summary names it. */
const couponName = async (deps: Deps, actor: Actor, id: string) => (await couponDetails(deps, actor, id)).name;

/** Publish or unpublish: the edit form's save with the coupon's own values and the new status. */
const couponStatus = route({
  method: "put",
  path: idPath("/coupon/status/:id"),
  summary:
    "Publish (status active) or unpublish (inactive) a coupon (ours): the edit's save with the coupon's own values, so the edit's rules hold",
  policy: EDIT,
  body: couponStatusSchema,
  handler: async ({ deps, actor, params, body }) =>
    ok(await setCouponStatus(deps, actor, params.id, body.status), MSG.couponUpdated),
});

const couponDelete = route({
  method: "delete",
  path: idPath("/coupon/:id"),
  summary:
    "Delete a coupon (ours; soft: orders that used it keep it, its code is free again, it leaves the stats); staff need coupon:edit",
  policy: EDIT,
  handler: async ({ deps, actor, params }) => ok(await deleteCoupon(deps, actor, params.id), MSG.couponDeleted),
});

export const couponRoutes = [
  couponList,
  csvExport<ExportRow<"GET /coupon">>(couponList, {
    summary: "The coupon list",
    filename: "coupons",
    columns: [
      { header: "Coupon ID", cell: (c) => c._id },
      { header: "Name", cell: (c) => c.name },
      { header: "Code", cell: (c) => c.code },
      { header: "Discount", cell: (c) => (c.discountType === "percentage" ? `${c.discount}%` : csvMoney(c.discount)) },
      { header: "Min. Order (AUD)", cell: (c) => csvMoney(c.minOrderPrice) },
      { header: "Quantity", cell: (c) => c.quantity },
      { header: "Used", cell: (c) => c.used },
      { header: "Start", cell: (c) => csvDay(c.start) },
      { header: "End", cell: (c) => csvDay(c.end) },
      { header: "Status", cell: (c) => c.status },
      { header: "Shop ID", cell: (c) => c.shopId },
    ],
  }),
  route({
    method: "post",
    path: "/coupon",
    summary:
      "Add a coupon (spec 2 §5): name, code (word characters, stored upper case, unique), image (a catalogueImage upload of the caller), department → category → subcategory, minOrderPrice, quantity, start, end (days, Australia/Sydney), discountType, discount, type, multi",
    policy: ADD,
    body: addCouponSchema,
    handler: async ({ deps, actor, body }) => ok(await addCoupon(deps, actor, body), MSG.couponAdded),
  }),
  route({
    method: "get",
    path: "/coupon/stats",
    summary:
      "Counts of active, inactive and expired coupons the caller sees; coupon discount and order totals of the orders that used them, online and offline",
    policy: READ,
    handler: async ({ deps, actor }) => ok(await couponStats(deps, actor)),
  }),
  route({
    method: "get",
    path: idPath("/coupon/orders/:couponId"),
    summary:
      "The orders that used a coupon, newest first: limit (10), page|skip; rows {_id, orderId, buyerId {fName, image}, total, couponDiscount}",
    policy: READ,
    query: couponOrdersQuerySchema,
    handler: async ({ deps, actor, params, query }) => couponOrders(deps, actor, params.couponId, query),
  }),
  route({
    method: "get",
    path: idPath("/coupon/order/stats/:id"),
    summary: "A coupon's order count, discount total and order total",
    policy: READ,
    handler: async ({ deps, actor, params }) => ok(await couponOrderStats(deps, actor, params.id)),
  }),
  route({
    method: "get",
    path: idPath("/coupon/:id"),
    summary: "One coupon the caller sees",
    policy: READ,
    handler: async ({ deps, actor, params }) => ok(await couponDetails(deps, actor, params.id)),
  }),
  route({
    method: "put",
    path: idPath("/coupon/:id"),
    summary:
      "Change a coupon: {id, data} with every field of POST but department, category and subcategory (read-only), plus status (active|inactive); quantity never below the uses made",
    policy: EDIT,
    body: updateCouponSchema,
    handler: async ({ deps, actor, params, body }) =>
      ok(await updateCoupon(deps, actor, params.id, body.id, body.data), MSG.couponUpdated),
  }),
  couponStatus,
  couponDelete,
  bulkRoute(couponStatus, {
    path: "/coupon/bulk/status",
    summary: "Publish (status active) or unpublish (inactive) coupons",
    list: couponList,
    fields: couponStatusSchema.shape,
    request: (id, { status }) => ({ params: { id }, body: { status } }),
    name: couponName,
  }),
  bulkRoute(couponDelete, {
    path: "/coupon/bulk/delete",
    summary: "Delete coupons",
    list: couponList,
    request: (id) => ({ params: { id } }),
    name: couponName,
  }),
];
