import { z } from "#contract/core/zod";
import { orderExportQuerySchema, orderListQuerySchema } from "#contract/orders/order-views-api";
import { ok } from "#api/platform/http/http";
import { idPath } from "#api/platform/data/ids";
import { route } from "#api/platform/http/router";
import { orderDetails } from "./detail";
import { orderCsv, orderPdf } from "./export";
import { listOrders } from "./list";

/** Reads: admins, owners, and staff with any access type of the order module (spec 2 §6: order status edit, scan qr). */
export const ORDER_READ = {
  roles: ["admin", "shopOwner", "staff"],
  staff: ["order:status-edit", "order:scan-qr"],
} as const;

// spec 2 §7 Order, the read side (ADR 0031). Owners and staff see only orders with lines of their shop, and of those
// only their shop's lines, notes and figures; another shop's order is 404.
export const orderList = route({
  method: "get",
  path: "/order/list",
  summary:
    "Orders (admins: all, with shoplist; owners and staff: those with lines of their shop, figures and status from those lines): sort (createdAt, orderId, total), sortType, skip|page, limit, search (order id, customer name, e-mail or phone), status (a line shopStatus; All: none), startDate, endDate (YYYY-MM-DD, Australia/Sydney days), buyerId, campaign; data, count, isNext",
  policy: ORDER_READ,
  query: orderListQuerySchema,
  handler: async ({ deps, actor, query }) => listOrders(deps, actor, query),
});

export const orderReadRoutes = [
  orderList,
  route({
    method: "get",
    path: "/order/export",
    summary:
      "The filtered order list as a file (ours): format pdf (spec 2 §9 columns, at most 5,000 rows, then a line pointing to the CSV) or csv (every row, with the customer's contacts, status and figures), streamed; the list's search and filters, newest first (sortType asc: oldest first)",
    policy: ORDER_READ,
    query: orderExportQuerySchema,
    handler: async ({ deps, actor, query }) =>
      query.format === "pdf" ? orderPdf(deps, actor, query) : orderCsv(deps, actor, query),
  }),
  route({
    method: "get",
    path: idPath("/order/:id"),
    summary:
      "One order (spec 2 §3 Order) as data, with metadata: per shop its status and each quick tag's block; owners and staff get their shop's lines, notes and totals only (404 for an order without them). isWeb=true accepted",
    policy: ORDER_READ,
    query: z.object({ isWeb: z.enum(["true", "false"]).optional() }),
    handler: async ({ deps, actor, params }) => ok(await orderDetails(deps, actor, params.id)),
  }),
];
