import { MSG } from "#contract/core/messages";
import { listQuerySchema } from "#contract/core/list";
import {
  IDEMPOTENCY_HEADER,
  idempotencyKeySchema,
  orderStatusSchema,
  orderUpdateSchema,
  placeOrderSchema,
  refundSchema,
  scanPickupSchema,
} from "#contract/orders/orders-api";
import { ADMIN_ONLY } from "#api/platform/auth/actor";
import { badRequest, created, ok } from "#api/platform/http/http";
import { idPath } from "#api/platform/data/ids";
import { customerRoute, route, type RouteDef } from "#api/platform/http/router";
import { bulkRoute } from "#api/platform/http/bulk";
import { myOrder, myOrders, scanPickup } from "./pickup";
import { placeOrder } from "./place";
import { orderList } from "./read-routes";
import { deleteOrder, orderLabel, refundLines, setOrderStatus, updateOrder } from "./write";

/** Owners (their shop's lines), admins (any), staff with the order module's 'order status edit'. */
const STATUS_EDITORS = { roles: ["admin", "shopOwner", "staff"], staff: ["order:status-edit"] } as const;

/** One status for a whole order: what the order list's bulk runs on each order it is given. */
export const orderStatus = route({
  method: "put",
  path: idPath("/order/status/:id"),
  summary:
    "Set one status on a whole order (ours): Found or On Hold on each of the caller's lines as PUT order/{id} sets one (lines already there stay, refunded lines never change), or a quick tag (Awaiting Pickup, On The Way, Delivered) on each shop's lines (owners and staff: their shop's; admins: every shop's), with PUT order/{id}'s blocks and messages; answers the order as the caller may see it",
  policy: STATUS_EDITORS,
  body: orderStatusSchema,
  handler: async ({ deps, actor, params, body }) =>
    ok(await setOrderStatus(deps, actor, params.id, body.shopStatus), MSG.orderUpdated),
});

// Orders and payments, the writing side (spec 2 §7 Order, Payment).
export const orderRoutes: RouteDef[] = [
  customerRoute({
    method: "post",
    path: "/order",
    summary:
      "The mobile app: a customer places an order {lines: [{productId, variationId?, quantity 1–100}], couponCode?, address: {address, city}, orderType: online|offline, streamId? (the stream it was placed from: while that stream is broadcasting, the products its shop promoted in it sell at their promotion price)}; header Idempotency-Key: a retry with the same key answers the first order instead of placing another",
    body: placeOrderSchema,
    handler: async ({ deps, c, buyer, body }) => {
      const header = c.req.header(IDEMPOTENCY_HEADER);
      const key = header === undefined ? undefined : idempotencyKeySchema.safeParse(header);
      if (key && !key.success) throw badRequest(MSG.orderIdempotencyKey);
      const { order, replayed } = await placeOrder(deps, buyer.id, { ...body, idempotencyKey: key?.data });
      return created(order, replayed ? MSG.orderReplayed : MSG.orderPlaced);
    },
  }),
  customerRoute({
    method: "get",
    path: "/order/my-orders",
    summary:
      "The mobile app: the signed-in customer's own orders, newest first (skip|page, limit); an offline order carries its pickupCode, which the app shows as a QR code for the shop's counter",
    query: listQuerySchema(["createdAt"]),
    handler: async ({ deps, buyer, query }) => ({ ...(await myOrders(deps, buyer.id, query)), message: "Success" }),
  }),
  customerRoute({
    method: "get",
    path: idPath("/order/my-orders/:id"),
    summary:
      "The mobile app: one of the signed-in customer's own orders, with its pickupCode when it is collected in person (another customer's order: 404)",
    handler: async ({ deps, buyer, params }) => ok(await myOrder(deps, buyer.id, params.id)),
  }),
  route({
    method: "post",
    path: "/order/scan-qr",
    summary:
      "At the shop's counter: the pickup code read from the customer's QR {code} hands the shop's items of that offline order over (Awaiting Pickup → Delivered; ADR 0029). Owners, and staff with the order module's 'scan qr'; another shop's order is 404",
    policy: { roles: ["shopOwner", "staff"], staff: ["order:scan-qr"] },
    body: scanPickupSchema,
    handler: async ({ deps, actor, body }) => ok(await scanPickup(deps, actor, body.code), MSG.pickupDone),
  }),
  route({
    method: "put",
    path: idPath("/order/:id"),
    summary:
      "Change order lines' shop status (spec 2 §4): Found or On Hold on one line {shopStatus, orderId, shopId, productId, _id}; Refunded on one line adds {reason} and refunds it; the quick tags Awaiting Pickup, On The Way, Delivered {shopStatus, orderId, shopId} move all of one shop's lines, with the spec's blocks. Owners and staff their shop's lines only; answers the order as the caller may see it",
    policy: STATUS_EDITORS,
    body: orderUpdateSchema,
    handler: async ({ deps, actor, params, body }) =>
      ok(await updateOrder(deps, actor, params.id, body), MSG.orderUpdated),
  }),
  orderStatus,
  bulkRoute(orderStatus, {
    path: "/order/bulk/status",
    summary:
      "Set one status on many orders (PUT order/status/{id} on each): Found, On Hold, or a quick tag; all: true reads GET order/list with the query",
    list: orderList,
    fields: orderStatusSchema.shape,
    request: (id, { shopStatus }) => ({ params: { id }, body: { shopStatus } }),
    name: orderLabel,
  }),
  route({
    method: "put",
    path: "/payment/refund",
    summary:
      "Refund order lines {orderId, productsEntryId: line ids, reason}: each line once, for what was paid for it (line − coupon share + tax); the stock goes back and the payment provider refunds the amount. Owners and staff their shop's lines only",
    policy: STATUS_EDITORS,
    body: refundSchema,
    handler: async ({ deps, actor, body }) => ok(await refundLines(deps, actor, body), MSG.refundDone),
  }),
  route({
    method: "delete",
    path: idPath("/order/:id"),
    summary:
      "Delete (archive) an order: admins only, and only once everything captured for it has been refunded (ADR 0029)",
    policy: ADMIN_ONLY,
    handler: async ({ deps, params }) => ok(await deleteOrder(deps, params.id), MSG.orderDeleted),
  }),
];
