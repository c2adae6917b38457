import { z, idField } from "../core/zod";
import { MSG } from "../core/messages";
import { LINE_STATUSES, ORDER_QUANTITY_MAX, ORDER_QUANTITY_MIN, ORDER_STATUSES_AT_ONCE, QUICK_TAGS } from "./orders";

// The schemas of the order-placement and order-writing calls (spec 2 §7 Order, Payment) and the customers'
// phone sign-in. Money is in dollars on the wire (2 decimals); the API stores cents.

/** A one-line text of the order (an address, a city): a line break would split a row of the exports. */
const text = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, message)
    .regex(/^[^\r\n]*$/, MSG.singleLine);

/** One line of POST order: a product, or one variation of a variation product, and a quantity 1–100. */
export const orderLineInputSchema = z.object({
  productId: idField(MSG.orderProductRequired),
  variationId: idField(MSG.orderProductRequired).optional(),
  quantity: z
    .number({ error: MSG.orderQuantityRange })
    .int(MSG.orderQuantityRange)
    .min(ORDER_QUANTITY_MIN, MSG.orderQuantityRange)
    .max(ORDER_QUANTITY_MAX, MSG.orderQuantityRange),
});

/** POST order (the mobile app, as a customer). */
export const placeOrderSchema = z.object({
  lines: z
    .array(orderLineInputSchema, { error: MSG.orderLinesRequired })
    .min(1, MSG.orderLinesRequired)
    .max(50, MSG.orderLinesMax),
  couponCode: z.string().trim().max(50).optional(),
  address: z.object(
    { address: text(300, MSG.orderAddressRequired), city: text(100, MSG.orderCityRequired) },
    { error: MSG.orderAddressRequired },
  ),
  orderType: z.enum(["online", "offline"], { error: MSG.orderTypeInvalid }),
  streamId: z.string().trim().min(1).max(64).optional(),
  /** the card the mobile app collected with Stripe's SDK (a PaymentMethod id); the ledger provider ignores it */
  paymentMethodId: z
    .string({ error: MSG.paymentMethodInvalid })
    .trim()
    .regex(/^pm_\w{1,200}$/, MSG.paymentMethodInvalid)
    .optional(),
});
export type PlaceOrderBody = z.infer<typeof placeOrderSchema>;

/** The Idempotency-Key header: a retried request with the same key places one order. */
export const IDEMPOTENCY_HEADER = "idempotency-key";
export const idempotencyKeySchema = z.string().trim().min(1).max(200);

/** An order line as the writing calls answer it (spec 2 §3 Order line). */
export const orderLineSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  variationId: z.string().nullable(),
  shopId: z.string(),
  name: z.string(),
  variantName: z.string().nullable(),
  variantDetails: z.record(z.string(), z.string()).nullable(),
  price: z.number(),
  quantity: z.number(),
  tax: z.number(),
  couponDiscount: z.number(),
  commission: z.number(),
  netAmount: z.number(),
  shopStatus: z.string(),
  isrefunded: z.boolean(),
  reason: z.string().nullable(),
  refunded: z.number(),
});

/** An order as POST order answers it. */
export const placedOrderSchema = z.object({
  _id: z.string(),
  orderId: z.number(),
  buyerId: z.string(),
  createdAt: z.string(),
  orderType: z.enum(["online", "offline"]),
  address: z.object({ address: z.string(), city: z.string() }),
  streamId: z.string().nullable(),
  couponCode: z.string().nullable(),
  subtotal: z.number(),
  tax: z.number(),
  couponDiscount: z.number(),
  total: z.number(),
  refunded: z.number(),
  currency: z.string(),
  paymentProvider: z.string(),
  paymentIntentId: z.string().nullable(),
  products: z.array(orderLineSchema),
});
export type PlacedOrder = z.infer<typeof placedOrderSchema>;

/** What auth/verify-otp/customer answers: the bearer token of the mobile app and who it belongs to. */
export const customerSignedInSchema = z.object({
  token: z.string(),
  user: z.object({ _id: z.string(), fName: z.string(), lName: z.string(), role: z.literal("endUser") }),
});

/**
 * PUT order/{orderId} (spec 2 §7): Found and On Hold send the line (`_id`) and its product; Refunded adds `reason`;
 * the quick tags send only {shopStatus, orderId, shopId} and apply to all of that shop's lines.
 */
export const orderUpdateSchema = z
  .object({
    shopStatus: z.enum([...LINE_STATUSES, ...QUICK_TAGS], { error: MSG.orderStatusInvalid }),
    orderId: z.string().trim().max(64).optional(),
    shopId: z.string().trim().max(64).optional(),
    productId: z.string().trim().max(64).optional(),
    _id: z.string().trim().max(64).optional(),
    reason: z.string().trim().max(500).optional(),
  })
  .superRefine((v, ctx) => {
    const perLine = (LINE_STATUSES as readonly string[]).includes(v.shopStatus);
    if (perLine && !v._id) ctx.addIssue({ code: "custom", path: ["_id"], message: MSG.orderLineRequired });
    if (v.shopStatus === "Refunded" && !v.reason)
      ctx.addIssue({ code: "custom", path: ["reason"], message: MSG.refundReasonRequired });
  });
export type OrderUpdateBody = z.infer<typeof orderUpdateSchema>;

/** PUT order/status/{orderId} (ours): one status for the whole order's lines the caller acts on. */
export const orderStatusSchema = z.object({
  shopStatus: z.enum(ORDER_STATUSES_AT_ONCE, { error: MSG.orderStatusAtOnceInvalid }),
});

/** PUT payment/refund (spec 2 §7): {orderId, productsEntryId[] (the order line ids), reason}. */
export const refundSchema = z.object({
  orderId: z.string({ error: MSG.notFound }).trim().min(1, MSG.notFound).max(64),
  productsEntryId: z
    .array(z.string().trim().min(1).max(64), { error: MSG.refundLinesRequired })
    .min(1, MSG.refundLinesRequired)
    .max(100),
  reason: z
    .string({ error: MSG.refundReasonRequired })
    .trim()
    .min(1, MSG.refundReasonRequired)
    .max(500, MSG.refundReasonRequired),
});
export type RefundBody = z.infer<typeof refundSchema>;

/** What PUT order/{orderId} and PUT payment/refund answer: the order with the lines the caller may see. */
export const orderWrittenSchema = placedOrderSchema;
/** What DELETE order/{id} answers. */
export const deletedOrderSchema = z.object({ _id: z.string(), deletedAt: z.string() });

/** An order as its customer reads it (GET order/my-orders): an offline order carries the pickup code its QR shows. */
export const myOrderSchema = placedOrderSchema.extend({ pickupCode: z.string().nullable() });
export type MyOrder = z.infer<typeof myOrderSchema>;

/** POST order/scan-qr: the code read from the customer's QR (a scanner types it into the field). */
export const scanPickupSchema = z.object({
  code: z
    .string({ error: MSG.pickupCodeRequired })
    .trim()
    .min(1, MSG.pickupCodeRequired)
    .max(200, MSG.pickupCodeInvalid),
});
export type ScanPickupBody = z.infer<typeof scanPickupSchema>;
