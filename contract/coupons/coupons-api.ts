import { z, decimal, idField } from "../core/zod";
import { listQuerySchema } from "../core/list";
import { MSG } from "../core/messages";
import { EVERY_TIME } from "../phone/phone-rules";
import {
  COUPON_CODE_MAX,
  COUPON_DESCRIPTION_MAX,
  COUPON_DISCOUNT_TYPES,
  COUPON_NAME_MAX,
  COUPON_ORDERS_LIMIT,
  COUPON_SORTS,
  COUPON_STATUSES,
  COUPON_TYPES,
} from "./coupons";
import { isDay, toDay } from "../core/days";

// The schemas of the coupon calls and forms (spec 2 §5 Coupon, §7 Coupon); constants and shapes pages need are in
// coupons.ts, which ships no zod. Money is in dollars on the wire (up to 2 decimals); the API stores cents.

/** spec 2 §7 GET coupon: sort, sortType, page|skip, limit, search|searchText on the name or code. */
export const couponListQuerySchema = listQuerySchema(COUPON_SORTS);
export type CouponListQuery = z.infer<typeof couponListQuerySchema>;

/** spec 2 §7 GET coupon/orders/{couponId}: limit (10), page|skip. */
export const couponOrdersQuerySchema = z
  .object({
    page: z.preprocess(decimal, z.number({ error: MSG.listPage }).int(MSG.listPage).min(1, MSG.listPage)).optional(),
    skip: z.preprocess(decimal, z.number({ error: MSG.listSkip }).int(MSG.listSkip).min(0, MSG.listSkip)).optional(),
    limit: z
      .preprocess(
        decimal,
        z
          .number({ error: MSG.listLimit(100) })
          .int(MSG.listLimit(100))
          .min(1, MSG.listLimit(100))
          .max(100, MSG.listLimit(100)),
      )
      .optional(),
  })
  .transform((q) => {
    const limit = q.limit ?? COUPON_ORDERS_LIMIT;
    return { limit, skip: q.skip ?? (q.page ? (q.page - 1) * limit : 0) };
  });
export type CouponOrdersQuery = z.infer<typeof couponOrdersQuerySchema>;

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const number = (v: unknown) => decimal(blank(v));
const cents = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

const nameField = z
  .string({ error: MSG.couponNameRequired })
  .trim()
  .min(1, MSG.couponNameRequired)
  .max(COUPON_NAME_MAX, MSG.max50);

/** spec 2 §5: word characters only ('Please Enter Valid Coupon Code'); stored in upper case. */
const codeField = z
  .string({ error: MSG.couponCodeRequired })
  .trim()
  .min(1, MSG.couponCodeRequired)
  .max(COUPON_CODE_MAX, MSG.couponCodeMax)
  .regex(/^\w+$/, MSG.couponCodeInvalid)
  .transform((c) => c.toUpperCase());

const imageField = z.string({ error: MSG.couponImageRequired }).transform((raw, ctx) => {
  const image = raw.trim();
  if (!image || image === "null") {
    ctx.addIssue({ code: "custom", message: MSG.couponImageRequired });
    return z.NEVER;
  }
  if (image.length > 1000) {
    ctx.addIssue({ code: "custom", message: MSG.imageNotUploaded });
    return z.NEVER;
  }
  return image;
});

const moneyField = (required: string) =>
  z.preprocess(
    number,
    z
      .number({ error: required })
      .refine((n) => Number.isFinite(n), { message: required })
      .refine((n) => n >= 0, { message: MSG.couponAmountMin })
      .refine((n) => n <= 1_000_000, { message: MSG.couponAmountMax })
      .refine(cents, { message: MSG.couponAmountCents }),
  );

/** spec 2 §5: quantity is a whole number, at least 0 (how many times the coupon may be used in all, ADR 0028). */
const quantityField = z.preprocess(
  number,
  z
    .number({ error: MSG.couponQuantityRequired })
    .refine((n) => Number.isFinite(n), { message: MSG.couponQuantityRequired })
    .refine((n) => Number.isInteger(n) && n <= 1_000_000_000, { message: MSG.couponQuantityWhole })
    .refine((n) => n >= 0, { message: MSG.couponQuantityMin }),
);

/** spec 2 §5: multi is optional, at least 0 (uses per customer for type multi). */
const multiField = z.preprocess(
  number,
  z
    .number({ error: MSG.couponMultiWhole })
    .refine((n) => Number.isInteger(n) && n <= 1_000_000_000, { message: MSG.couponMultiWhole })
    .refine((n) => n >= 0, { message: MSG.couponMultiMin })
    .nullable()
    .optional(),
);

/** A day of the range: YYYY-MM-DD (a date input), or an instant whose Sydney day is taken (ADR 0028). */
const dayField = (required: string) =>
  z.preprocess(
    blank,
    z.string({ error: required }).transform((raw, ctx) => {
      const day = toDay(raw);
      if (day && day >= "2000-01-01" && day <= "2100-12-31") return day;
      ctx.addIssue({ code: "custom", message: MSG.couponDateInvalid });
      return z.NEVER;
    }),
  );

const fields = {
  name: nameField,
  code: codeField,
  image: imageField,
  description: z.preprocess(
    (v) => (v === null ? undefined : v),
    z.string().trim().max(COUPON_DESCRIPTION_MAX, MSG.couponDescriptionMax).optional(),
  ),
  minOrderPrice: moneyField(MSG.couponMinOrderRequired),
  quantity: quantityField,
  start: dayField(MSG.couponStartRequired),
  end: dayField(MSG.couponEndRequired),
  discountType: z.enum(COUPON_DISCOUNT_TYPES, { error: MSG.couponDiscountTypeRequired }),
  discount: moneyField(MSG.couponDiscountRequired),
  type: z.enum(COUPON_TYPES, { error: MSG.couponTypeRequired }),
  multi: multiField,
};

type Rules = {
  minOrderPrice?: number;
  discountType?: string;
  discount?: number;
  start?: string;
  end?: string;
  type?: string;
  multi?: number | null;
};

const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/**
 * The rules between fields (spec 2 §5): the discount's cap and the range's order. They run on the first submit even
 * while other fields fail (ARCHITECTURE §7), so they look only at the values that did parse.
 */
function crossRules(v: Rules | undefined, ctx: z.RefinementCtx) {
  // run even when the object itself is missing (PUT coupon/{id} without data): nothing to compare then
  if (!v || typeof v !== "object") return;
  if (v.discountType === "flat" && isNumber(v.discount) && isNumber(v.minOrderPrice) && v.discount > v.minOrderPrice) {
    ctx.addIssue({ code: "custom", path: ["discount"], message: MSG.couponFlatMax(v.minOrderPrice.toFixed(2)) });
  }
  if (v.discountType === "percentage" && isNumber(v.discount) && v.discount > 100) {
    ctx.addIssue({ code: "custom", path: ["discount"], message: MSG.couponPercentMax });
  }
  if (isDay(v.start) && isDay(v.end) && v.end < v.start)
    ctx.addIssue({ code: "custom", path: ["end"], message: MSG.couponEndBeforeStart });
}

/** multi counts only for type multi (ADR 0028: another type stores none). */
const normalized = <T extends Rules>(v: T) => ({ ...v, multi: v.type === "multi" ? (v.multi ?? null) : null });

/** spec 2 §7 POST coupon; also the Add Coupon page's form. */
export const addCouponSchema = z
  .object({
    ...fields,
    department: idField(MSG.couponDepartmentRequired),
    category: idField(MSG.couponCategoryRequired),
    subcategory: idField(MSG.couponSubcategoryRequired),
  })
  .superRefine(crossRules, EVERY_TIME)
  .transform(normalized);
export type AddCouponInput = z.infer<typeof addCouponSchema>;

/** spec 2 §5: on edit status is required; department, category and sub-category are read-only (not read). */
const editFields = { ...fields, status: z.enum(COUPON_STATUSES, { error: MSG.couponStatusRequired }) };
export const couponDataSchema = z.object(editFields).superRefine(crossRules, EVERY_TIME).transform(normalized);
export type CouponData = z.infer<typeof couponDataSchema>;

/** spec 2 §7 PUT coupon/{id}: {id, data}; the path's id decides, the body's must match when given. */
export const updateCouponSchema = z.object({ id: z.string().trim().max(64).optional(), data: couponDataSchema });
export type UpdateCouponInput = z.infer<typeof updateCouponSchema>;

/** PUT coupon/status/{id} (ours): publish (active) or unpublish (inactive) a coupon. */
export const couponStatusSchema = z.object({ status: z.enum(COUPON_STATUSES, { error: MSG.couponStatusRequired }) });

/** The Edit Coupon page's form: the data fields flat. */
export const editCouponFormSchema = couponDataSchema;

const ref = z.object({ _id: z.string(), name: z.string() });

/** spec 2 §3 Coupon as the API returns it (money in dollars; start and end as instants). */
export const couponEntitySchema = z.object({
  _id: z.string(),
  shopId: z.string().nullable(),
  name: z.string(),
  image: z.string(),
  code: z.string(),
  description: z.string(),
  department: ref,
  category: ref,
  subcategory: ref,
  minOrderPrice: z.number(),
  quantity: z.number(),
  used: z.number(),
  start: z.string(),
  end: z.string(),
  discountType: z.enum(COUPON_DISCOUNT_TYPES),
  discount: z.number(),
  type: z.enum(COUPON_TYPES),
  multi: z.number().nullable(),
  status: z.enum(COUPON_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** What DELETE coupon/{id} answers: the coupon deleted. */
export const deletedCouponSchema = z.object({ _id: z.string(), name: z.string() });

/** spec 2 §3 Coupon order. */
export const couponOrderSchema = z.object({
  _id: z.string(),
  orderId: z.number(),
  buyerId: z.object({ _id: z.string(), fName: z.string(), image: z.string().nullable() }),
  orderType: z.string(),
  total: z.number(),
  couponDiscount: z.number(),
  createdAt: z.string(),
});

/** spec 2 §3 Coupon stats. */
export const couponStatsSchema = z.object({
  active: z.number(),
  inactive: z.number(),
  expired: z.number(),
  onlineCouponDiscountTotal: z.number(),
  offlineCouponDiscountTotal: z.number(),
  onlineOrderTotal: z.number(),
  offlineOrderTotal: z.number(),
});

/** GET coupon/order/stats/{id}: that coupon's orders. */
export const couponOrderStatsSchema = z.object({
  orderCount: z.number(),
  discountTotal: z.number(),
  orderTotal: z.number(),
});

export type CouponEntity = z.output<typeof couponEntitySchema>;
export type CouponOrder = z.output<typeof couponOrderSchema>;
export type CouponOrderStats = z.output<typeof couponOrderStatsSchema>;
export type CouponStats = z.output<typeof couponStatsSchema>;
