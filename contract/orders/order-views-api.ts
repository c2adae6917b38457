import { isDay, toDay } from "../core/days";
import { listQuerySchema } from "../core/list";
import { MSG } from "../core/messages";
import { ORDER_LINE_STATUSES, ORDER_SORTS } from "./order-views";
import { z } from "../core/zod";

// The schemas of the orders read calls (spec 2 §7 Order: GET order/list, GET order/{id}, and the list's export).
// Server only: pages import the types of contract/orders/order-views.ts.

/** A day of the range, YYYY-MM-DD (an ISO date-time is taken as its day in the marketplace's zone). */
const dayField = z.preprocess(
  (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : (toDay(v) ?? v)) : v),
  z.string().refine(isDay, MSG.orderDateInvalid).optional(),
);
const idFilter = z
  .string()
  .trim()
  .max(64)
  .optional()
  .transform((v) => v || undefined);

/** The filters of the order list and its exports (everything but paging and sorting). */
const orderFilters = z.object({
  /** a line shopStatus; All or empty: no filter (spec 2 §4) */
  status: z.preprocess(
    (v) => (v === "" || v === "All" ? undefined : v),
    z.enum(ORDER_LINE_STATUSES, { error: MSG.orderStatusFilter }).optional(),
  ),
  startDate: dayField,
  endDate: dayField,
  buyerId: idFilter,
  /** a campaign's id: the orders placed during its live streams (ADR 0060; the revenue dashboard's Recent Orders) */
  campaign: idFilter,
});

const checkRange = <T extends { startDate?: string; endDate?: string }>(q: T, ctx: z.RefinementCtx) => {
  if (q.startDate && q.endDate && q.startDate > q.endDate)
    ctx.addIssue({ code: "custom", path: ["endDate"], message: MSG.orderDateRange });
};

/** GET order/list: sort (createdAt, orderId, total), sortType, skip|page, limit, search and the filters. */
export const orderListQuerySchema = z.intersection(listQuerySchema(ORDER_SORTS), orderFilters).superRefine(checkRange);
export type OrderListQuery = z.output<typeof orderListQuerySchema>;

export const ORDER_EXPORT_FORMATS = ["pdf", "csv"] as const;
/** GET order/export: the list's search and filters (sorted newest first, or oldest first with sortType asc). */
export const orderExportQuerySchema = z
  .intersection(
    orderFilters,
    z.object({
      format: z.enum(ORDER_EXPORT_FORMATS, { error: MSG.orderExportFormat }),
      search: z
        .string()
        .trim()
        .max(100)
        .optional()
        .transform((v) => v || undefined),
      sortType: z.enum(["asc", "desc"], { error: MSG.listSortType }).optional(),
    }),
  )
  .superRefine(checkRange);
export type OrderExportQuery = z.output<typeof orderExportQuerySchema>;

const money = z.number();
const buyerSchema = z.object({
  _id: z.string(),
  fName: z.string(),
  lName: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  countryCode: z.string().nullable(),
  image: z.string().nullable(),
  role: z.string(),
});
const statusSchema = z.enum(ORDER_LINE_STATUSES);

export const orderListRowSchema = z.object({
  _id: z.string(),
  orderId: z.number(),
  createdAt: z.string(),
  orderType: z.enum(["online", "offline"]),
  address: z.object({ address: z.string(), city: z.string() }),
  buyerId: buyerSchema,
  shoplist: z.array(z.string()),
  status: statusSchema,
  subtotal: money,
  tax: money,
  couponDiscount: money,
  total: money,
  refunded: money,
  lineCount: z.number(),
});

/** spec 2 §3 Order line, as the detail shows it. */
export const orderLineViewSchema = z.object({
  _id: z.string(),
  id: z.object({
    _id: z.string(),
    name: z.string(),
    defaultImage: z.string().nullable(),
    isVariationAvailable: z.boolean(),
  }),
  shopId: z.string(),
  shopName: z.string(),
  shopStatus: statusSchema,
  price: money,
  quantity: z.number(),
  lineTotal: money,
  tax: money,
  taxPercent: z.number(),
  couponDiscount: money,
  commission: money,
  netAmount: money,
  variantName: z.string().nullable(),
  variantDetails: z.record(z.string(), z.string()).nullable(),
  sku: z.string().nullable(),
  isrefunded: z.boolean(),
  refunded: money,
  reason: z.string().nullable(),
});

export const orderNoteViewSchema = z.object({
  _id: z.string(),
  note: z.string(),
  shopId: z.string().nullable(),
  createdAt: z.string(),
});

const totalsSchema = z.object({
  subtotal: money,
  tax: money,
  couponDiscount: money,
  total: money,
  refunded: money,
  netAmount: money,
  commission: money,
});

/** GET order/{id}?isWeb=true: the order (spec 2 §3 Order) and its metadata (per shop: statuses and quick tags). */
export const orderDetailSchema = z.object({
  data: z.object({
    _id: z.string(),
    orderId: z.number(),
    createdAt: z.string(),
    total: money,
    address: z.object({ address: z.string(), city: z.string() }),
    buyerId: buyerSchema,
    shoplist: z.array(z.string()),
    products: z.array(orderLineViewSchema),
    status: statusSchema,
    notes: z.array(orderNoteViewSchema),
    orderType: z.enum(["online", "offline"]),
    paymentIntentId: z.string().nullable(),
    couponCode: z.string().nullable(),
    currency: z.string(),
    summary: totalsSchema,
  }),
  metadata: z.object({
    /** the shops whose lines the caller sees, with each quick tag's block (null: allowed) */
    shops: z.array(
      z.object({
        _id: z.string(),
        name: z.string(),
        status: statusSchema,
        quickTags: z.array(
          z.object({ tag: z.enum(["Awaiting Pickup", "On The Way", "Delivered"]), blockedBy: z.string().nullable() }),
        ),
      }),
    ),
    /** whether the order covers lines of shops the caller does not see (owners and staff) */
    partial: z.boolean(),
  }),
});

/** What GET order/{id} answers (the data and metadata of spec 2 §3 Order, as pages read it). */
export type OrderDetail = z.output<typeof orderDetailSchema>;
