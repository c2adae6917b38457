import { listQuerySchema } from "../core/list";
import { MSG } from "../core/messages";
import { STREAM_PRODUCTS_MAX, STREAM_PROMOTION_TYPES } from "./streams";
import { decimal, z, idField } from "../core/zod";

// The schemas of a stream's promoted products (spec 3 §5 Promotion discount, §7 POST and GET
// live-stream/promotion-temp-data; ADR 0039). Server only: pages import the types of
// contract/streams/streams-promote.ts.

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const required = MSG.discountAllRequired;
const flag = (v: unknown) => (v === "true" || v === "on" ? true : v === "false" || v === "" ? false : v);
/** at most 2 decimals: cents, without floating-point noise (19.99 * 100 is 1998.9999…) */
const hasCents = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/**
 * One promotion of the data list: a type and an amount (flat: dollars off with up to 2 decimals; percentage: 0–100),
 * for the product, one of its variations (`variationId`) or all of them (`allVariations`).
 */
export const promotionEntrySchema = z
  .object({
    variationId: z.preprocess(blank, idField(required).optional()),
    allVariations: z.preprocess(flag, z.boolean({ error: required }).optional()),
    promotionType: z.preprocess(blank, z.enum(STREAM_PROMOTION_TYPES, { error: required })),
    promotion: z.preprocess(
      (v) => decimal(blank(v)),
      z
        .number({ error: required })
        .refine(Number.isFinite, required)
        .refine((n) => n >= 0, MSG.discountMin),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.promotionType === "percentage" && v.promotion > 100)
      ctx.addIssue({ code: "custom", path: ["promotion"], message: MSG.percentDiscountRange });
    if (v.promotionType === "flat" && !hasCents(v.promotion))
      ctx.addIssue({ code: "custom", path: ["promotion"], message: MSG.promotionCents });
    if (v.promotionType === "flat" && v.promotion > 1_000_000)
      ctx.addIssue({ code: "custom", path: ["promotion"], message: MSG.promotionFlatMax });
  });
export type PromotionEntry = z.output<typeof promotionEntrySchema>;

/**
 * spec 3 §7 POST live-stream/promotion-temp-data: {streamId, productId, data: [...], fcmToken}. A product without
 * variations takes one entry; a variation product either one entry with allVariations (a global promotion) or one per
 * variation it promotes. The list replaces the product's promotions in the stream. fcmToken is read and ignored (no
 * push here, ADR 0039).
 */
export const promotionWriteSchema = z.object({
  streamId: idField(MSG.streamIdRequired),
  productId: idField(required),
  fcmToken: z.string().max(4096).optional(),
  data: z.array(promotionEntrySchema, { error: required }).min(1, required).max(200, required),
});
export type PromotionWriteInput = z.output<typeof promotionWriteSchema>;

/** GET live-stream/promotion-temp-data/{productId}?isWeb=true&streamId=… (streamId optional: spec 3 §7 sends none) */
export const promotionQuerySchema = z.object({
  streamId: z.preprocess((v) => (v === "" ? undefined : v), idField(MSG.streamIdRequired).optional()),
  isWeb: z.string().max(10).optional(),
});
/** DELETE live-stream/promotion-temp-data: {streamId, productId}. */
export const promotionRemoveSchema = z.object({
  streamId: idField(MSG.streamIdRequired),
  productId: idField(required),
});

/**
 * The promote drawer's list: the shop's products for stream `streamId`, searched by name, in one department. Without a
 * stream (the Add Stream pages, whose stream is not saved yet, ADR 0070): the acting shop's products (`shopId` for an
 * admin), none promoted; `ids` (comma-separated, at most 50) narrows the list to those products.
 */
export const promotionProductsQuerySchema = z.intersection(
  // spec 3 §7: the drawer's shop products, newest first
  listQuerySchema(["name", "createdAt"], { defaultSort: "createdAt", defaultSortType: "desc" }),
  z.object({
    streamId: z.preprocess(blank, idField(MSG.streamIdRequired).optional()),
    shopId: z.preprocess(blank, idField(MSG.orderShopRequired).optional()),
    ids: z.preprocess(
      (v) => (typeof v === "string" ? v.split(",").filter(Boolean) : v),
      z.array(idField(MSG.notFound)).max(STREAM_PRODUCTS_MAX, MSG.streamProductsTooMany).optional(),
    ),
    department: z
      .string()
      .trim()
      .max(64)
      .optional()
      .transform((v) => v || undefined),
  }),
);
export type PromotionProductsQuery = z.output<typeof promotionProductsQuerySchema>;

const departmentSchema = z.object({ _id: z.string(), name: z.string() });
/** A product as the promote drawer and form show it (money in dollars). */
export const promotableProductSchema = z.object({
  _id: z.string(),
  name: z.string(),
  department: departmentSchema,
  defaultImage: z.string().nullable(),
  price: z.number(),
  minAndMax: z.tuple([z.number(), z.number()]).nullable(),
  isVariationAvailable: z.boolean(),
  /** already one of the stream's products */
  promoted: z.boolean(),
});

/** One stored promotion: the product's own (variationId null, allVariations false), all variations', or one variation's. */
export const promotionRowSchema = z.object({
  variationId: z.string().nullable(),
  allVariations: z.boolean(),
  promotionType: z.enum(STREAM_PROMOTION_TYPES).nullable(),
  /** flat: dollars; percentage: 0–100 */
  promotion: z.number().nullable(),
});

/** GET live-stream/promotion-temp-data/{productId}: the product, its variations and its promotions in the stream. */
export const promotionDetailSchema = z.object({
  /** null when asked without a stream: the product and its variations only */
  streamId: z.string().nullable(),
  product: promotableProductSchema,
  variations: z.array(z.object({ _id: z.string(), variant: z.string(), price: z.number(), image: z.string() })),
  data: z.array(promotionRowSchema),
});
export const promotionRemovedSchema = z.object({ streamId: z.string(), productId: z.string() });

export type PromotableProduct = z.output<typeof promotableProductSchema>;
export type PromotionDetail = z.output<typeof promotionDetailSchema>;
