import { MSG } from "#contract/messages";
import { IDEMPOTENCY_HEADER, idempotencyKeySchema, placeOrderSchema } from "#contract/orders-api";
import { badRequest, created } from "#api/platform/http";
import { customerRoute, type RouteDef } from "#api/platform/router";
import { placeOrder } from "./place";

// Orders and payments, the writing side (issue 11; spec 2 §7 Order, Payment).
export const orderRoutes: RouteDef[] = [
  customerRoute({
    method: "post",
    path: "/order",
    summary:
      "The mobile app: a customer places an order {lines: [{productId, variationId?, quantity 1–100}], couponCode?, address: {address, city}, orderType: online|offline, streamId?}; header Idempotency-Key: a retry with the same key answers the first order instead of placing another",
    body: placeOrderSchema,
    handler: async ({ deps, c, buyer, body }) => {
      const header = c.req.header(IDEMPOTENCY_HEADER);
      const key = header === undefined ? undefined : idempotencyKeySchema.safeParse(header);
      if (key && !key.success) throw badRequest(MSG.orderIdempotencyKey);
      const { order, replayed } = await placeOrder(deps, buyer.id, { ...body, idempotencyKey: key?.data });
      return created(order, replayed ? MSG.orderReplayed : MSG.orderPlaced);
    },
  }),
];
