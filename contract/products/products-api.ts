import { decimal, z, idField } from "../core/zod";
import { listQuerySchema } from "../core/list";
import { MSG } from "../core/messages";
import {
  CURRENCY,
  DISCOUNT_TYPES,
  PRICE_MAX,
  PRICE_MIN,
  PRODUCT_ATTR_TEXT_MAX,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_DESCRIPTION_MIN,
  PRODUCT_IMAGES_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_NAME_MIN,
  PRODUCT_SKU_MAX,
  PRODUCT_SORTS,
  PRODUCT_TAG_MAX,
  PRODUCT_TAGS_MAX,
  PRODUCT_VIDEOS_MAX,
  STOCK_MAX,
} from "./products";

// The schemas of the product calls (spec 2 §7 Product) and the rules of spec 2 §5. The API validates every body with
// these; the pages' actions validate their forms with them (or with form schemas built from these fields) before
// calling the API. Money is in dollars on the wire (up to 2 decimals); the API stores cents.

/** Form values arrive as strings: an empty one means "not given"; a number is plain decimal digits. */
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : decimal(v));

/** A dollar amount, at least $1 (spec 2 §5), at most 2 decimals. `required` is the message when it is missing. */
export const priceField = (required: string = MSG.variationPriceRequired) =>
  z.preprocess(
    blankToUndefined,
    z
      .number({ error: required })
      .refine((n) => Number.isFinite(n), { message: required })
      .refine((n) => n >= PRICE_MIN, { message: MSG.productPriceMin })
      .refine((n) => n <= PRICE_MAX, { message: MSG.productPriceMax })
      .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, { message: MSG.productPriceCents }),
  );

/** Stock: required, a whole number, at least 0 (spec 2 §5). */
export const stockField = z.preprocess(
  blankToUndefined,
  z
    .number({ error: MSG.variationStockRequired })
    .refine((n) => Number.isFinite(n), { message: MSG.variationStockRequired })
    .refine((n) => Number.isInteger(n), { message: MSG.productStockWhole })
    .refine((n) => n >= 0, { message: MSG.productStockMin })
    .refine((n) => n <= STOCK_MAX, { message: MSG.productStockWhole }),
);

/** SKU: required, at most 40 (spec 2 §5); letters, digits and dashes; compared without case. */
export const skuField = z
  .string({ error: MSG.variationSkuRequired })
  .trim()
  .min(1, MSG.variationSkuRequired)
  .max(PRODUCT_SKU_MAX, MSG.productSkuMax)
  .transform((s) => s.toUpperCase());

export const productNameField = z
  .string({ error: MSG.productNameRequired })
  .trim()
  .min(1, MSG.productNameRequired)
  .min(PRODUCT_NAME_MIN, MSG.productNameShort)
  .max(PRODUCT_NAME_MAX, MSG.productNameMax);

export const productDescriptionField = z
  .string({ error: MSG.productDescriptionRequired })
  .trim()
  .min(1, MSG.productDescriptionRequired)
  .min(PRODUCT_DESCRIPTION_MIN, MSG.productDescriptionShort)
  .max(PRODUCT_DESCRIPTION_MAX, MSG.productDescriptionMax);

const tagsList = z
  .array(z.string().trim().min(1).max(PRODUCT_TAG_MAX, MSG.productTagMax))
  .max(PRODUCT_TAGS_MAX, MSG.productTagsMax);
export const tagsField = tagsList.default([]);

/** spec 2 §3: brand, department, categories and subcategory travel as objects with _id and name, or as plain ids. */
const refField = (message: string) =>
  z.preprocess((v) => (v && typeof v === "object" && "_id" in v ? (v as { _id: unknown })._id : v), idField(message));

const mediaLocation = z.string().trim().min(1).max(1000);

/** One attribute value (spec 2 §3 attr): a text/number value, a choice, or several choices for a checkbox. */
export const attrValueSchema = z.object({
  value: z.union([
    z.string().trim().max(PRODUCT_ATTR_TEXT_MAX, MSG.attrTextMax),
    z.array(z.string().trim().max(PRODUCT_ATTR_TEXT_MAX, MSG.attrTextMax)),
  ]),
  id: z.string().trim().min(1).max(64),
});
const attrRecord = z.record(z.string().trim().min(1).max(50), attrValueSchema);
export const attrMapSchema = attrRecord.default({});

/** A variation's image: required ('Please Add Image', spec 2 §5). */
export const variationImageField = z
  .string({ error: MSG.variationImageRequired })
  .trim()
  .min(1, MSG.variationImageRequired)
  .max(1000);

/** A variation row at creation (spec 2 §3 Variation row; §5 messages). */
export const variationInputSchema = z.object({
  variantName: z.string().trim().min(1).max(200).optional(),
  /** dimension → value; at most 2 dimensions */
  variantDetails: z.record(z.string().trim().min(1).max(50), z.string().trim().min(1).max(50)),
  sku: skuField,
  price: priceField(MSG.variationPriceRequired),
  stock: stockField,
  defaultImage: variationImageField,
});
export type VariationInput = z.infer<typeof variationInputSchema>;

/**
 * spec 2 §7 POST product/: the product payload. A single product sends price, stock and sku; a variation product sends
 * isVariationAvailable, variationList and `variations` (ours: the spec's create call carries the rows too, so a product
 * is never saved without its variations). `shopId` is read for admins only; owners and staff get their own shop.
 */
export const productPayloadSchema = z.object({
  name: productNameField,
  description: productDescriptionField,
  tags: tagsField,
  brand: refField(MSG.productBrandRequired),
  department: refField(MSG.productDepartmentRequired),
  categories: refField(MSG.productCategoryRequired),
  subcategory: refField(MSG.productSubcategoryRequired),
  attr: attrMapSchema,
  shopId: z.string().trim().max(64).optional(),
  sizeChartImage: mediaLocation.nullable().optional(),
  defaultVariant: z.string().trim().max(200).nullable().optional(),
  variationList: z
    .record(
      z.string().trim().min(1).max(50),
      z.object({ list: z.array(z.string().trim().min(1).max(50)), type: z.string().max(20), id: z.string().max(64) }),
    )
    .default({}),
  isVariationAvailable: z.boolean().default(false),
  images: z.array(mediaLocation).max(PRODUCT_IMAGES_MAX, MSG.productImagesMax).default([]),
  videos: z.array(mediaLocation).max(PRODUCT_VIDEOS_MAX, MSG.productVideosMax).default([]),
  defaultImage: mediaLocation.nullable().optional(),
  price: priceField(MSG.variationPriceRequired).optional(),
  currency: z.literal("AUD").default("AUD"),
  stock: stockField.optional(),
  sku: skuField.optional(),
  variations: z.array(variationInputSchema).default([]),
});
export type ProductPayload = z.infer<typeof productPayloadSchema>;

/**
 * spec 2 §7 PUT product/{id} `data`: the editable fields (department, categories, subcategory and SKU are read-only
 * after creation, spec 2 §2 Edit Product), or a discount edit {isDiscount, isGlobalDiscount, discount, discountType}.
 */
export const productUpdateDataSchema = z.object({
  name: productNameField.optional(),
  description: productDescriptionField.optional(),
  // no defaults here: a field left out is a field left alone
  tags: tagsList.optional(),
  brand: refField(MSG.productBrandRequired).optional(),
  attr: attrRecord.optional(),
  images: z.array(mediaLocation).max(PRODUCT_IMAGES_MAX, MSG.productImagesMax).optional(),
  videos: z.array(mediaLocation).max(PRODUCT_VIDEOS_MAX, MSG.productVideosMax).optional(),
  defaultImage: mediaLocation.nullable().optional(),
  sizeChartImage: mediaLocation.nullable().optional(),
  price: priceField(MSG.variationPriceRequired).optional(),
  stock: stockField.optional(),
  isDiscount: z.boolean().optional(),
  isGlobalDiscount: z.boolean().optional(),
  discount: z
    .preprocess(
      blankToUndefined,
      z.number({ error: MSG.discountAllRequired }).min(0, MSG.discountMin).max(PRICE_MAX, MSG.flatDiscountMax),
    )
    .nullable()
    .optional(),
  discountType: z.enum(DISCOUNT_TYPES, { error: MSG.discountAllRequired }).nullable().optional(),
});
export const productUpdateSchema = z.object({
  prodId: z.string().trim().max(64).optional(),
  data: productUpdateDataSchema,
});
export type ProductUpdate = z.infer<typeof productUpdateSchema>;

/**
 * The add-discount form (spec 2 §4, §5): both fields required, one message for the form ('All Fields Are Required'),
 * value at least 0; the action adds the limits that need the product's prices.
 */
export const discountInputSchema = z
  .object({
    discountType: z.enum(DISCOUNT_TYPES, { error: MSG.discountAllRequired }).optional(),
    discount: z
      .preprocess(
        blankToUndefined,
        z
          .number({ error: MSG.discountAllRequired })
          .refine((n) => Number.isFinite(n), { message: MSG.discountAllRequired })
          .refine((n) => n >= 0, { message: MSG.discountMin })
          .refine((n) => n <= PRICE_MAX, { message: MSG.flatDiscountMax }),
      )
      .optional(),
  })
  .refine((v) => v.discountType !== undefined && v.discount !== undefined, { message: MSG.discountAllRequired });

/** Ours (spec 2 §7 leaves the discount calls' paths open): PUT product/variant-discount/{variationId}. */
export const variantDiscountSchema = z.object({
  prodId: z.string().trim().min(1).max(64),
  isDiscount: z.boolean(),
  discount: z
    .preprocess(blankToUndefined, z.number().min(0, MSG.discountMin).max(PRICE_MAX, MSG.flatDiscountMax))
    .nullable()
    .optional(),
  discountType: z.enum(DISCOUNT_TYPES, { error: MSG.discountAllRequired }).nullable().optional(),
});
export type VariantDiscountInput = z.infer<typeof variantDiscountSchema>;

/** spec 2 §7 POST product/new-variant/{id}: {prodId, varData{price, stock, defaultImage, sku, variantName, variantDetails}}. */
export const newVariantSchema = z.object({
  prodId: z.string().trim().max(64).optional(),
  varData: variationInputSchema,
});
export type NewVariantInput = z.infer<typeof newVariantSchema>;

/** spec 2 §7 PUT product/multiple-variation: variant id → {price, stock, defaultImage}. */
export const multipleVariationSchema = z.record(
  z.string().trim().min(1).max(64),
  z.object({ price: priceField(MSG.variationPriceRequired), stock: stockField, defaultImage: variationImageField }),
);
export type MultipleVariationInput = z.infer<typeof multipleVariationSchema>;

// The Edit Product page's forms (their field names are conform's paths; the action adds the rules that need the product).

/** The variation table: `rows.{variationId}.price`, `.stock`, `.image`. */
export const variationRowsFormSchema = z.object({
  rows: z.record(
    z.string().trim().min(1).max(64),
    z.object({ price: priceField(MSG.variationPriceRequired), stock: stockField, image: variationImageField }),
  ),
});

/** Add new variant: SKU, stock, price and image (each dimension's value, `dimension.{name}`, is checked against the product). */
export const newVariantFormSchema = z.object({
  sku: skuField,
  stock: stockField,
  price: priceField(MSG.variationPriceRequired),
  newVariantImage: variationImageField,
});

/** spec 2 §7 GET product/: sort, sortType, skip, limit, shopId, customerId, isWishlistProducts, search. */
export const productListQuerySchema = z.intersection(
  listQuerySchema(PRODUCT_SORTS),
  z.object({
    shopId: z.string().trim().max(64).optional(),
    customerId: z.string().trim().max(64).optional(),
    isWishlistProducts: z.enum(["true", "false"]).optional(),
  }),
);
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const productRefSchema = z.object({ _id: z.string(), name: z.string() });

/** spec 2 §3 Variation row on the wire (GET product/variations/{id}, and inside a product). Money in dollars. */
export const productVariationSchema = z.object({
  _id: z.string(),
  id: z.string(),
  /** the combination, e.g. Red_M */
  variant: z.string(),
  variantName: z.string(),
  /** dimension → value, e.g. {Color: "Red", Size: "M"} */
  variantDetails: z.record(z.string(), z.string()),
  sku: z.string(),
  price: z.number(),
  stock: z.number(),
  image: z.string(),
  defaultImage: z.string(),
  isDiscount: z.boolean(),
  discountType: z.enum(DISCOUNT_TYPES).nullable(),
  /** flat: dollars; percentage: 0–100; null without a discount */
  discount: z.number().nullable(),
});

const productFields = {
  _id: z.string(),
  shopId: z.string(),
  name: z.string(),
  tags: z.array(z.string()),
  brand: productRefSchema,
  department: productRefSchema,
  categories: productRefSchema,
  subcategory: productRefSchema,
  /** a single product's price; for a variation product the lowest variation price */
  price: z.number(),
  currency: z.literal(CURRENCY),
  stock: z.number(),
  /** a single product's SKU; null for a variation product */
  sku: z.string().nullable(),
  /** [min, max] of the variation prices, only when variations exist */
  minAndMax: z.tuple([z.number(), z.number()]).nullable(),
  defaultImage: z.string().nullable(),
  sizeChartImage: z.string().nullable(),
  isVariationAvailable: z.boolean(),
  defaultVariant: z.string().nullable(),
  isDiscount: z.boolean(),
  /** the discount applies to every variation (variation products only) */
  isGlobalDiscount: z.boolean(),
  discountType: z.enum(DISCOUNT_TYPES).nullable(),
  /** flat: dollars; percentage: 0–100 */
  discount: z.number().nullable(),
  isInWishList: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** spec 2 §3 Product on the wire (GET product/{id}). Money in dollars with up to 2 decimals, currency AUD. */
export const productEntitySchema = z.object({
  ...productFields,
  description: z.string(),
  images: z.array(z.string()),
  videos: z.array(z.string()),
  /** attribute name → {value, id} */
  attr: z.record(z.string(), z.object({ value: z.union([z.string(), z.array(z.string())]), id: z.string() })),
  variations: z.array(productVariationSchema),
  /** dimension name → {list of values used, type, attribute id} */
  variationList: z.record(z.string(), z.object({ list: z.array(z.string()), type: z.string(), id: z.string() })),
});

/** One row of GET product/ (the list): the product without its variations, attributes and media lists. */
export const productListRowSchema = z.object({ ...productFields, variationCount: z.number() });

/** DELETE product/{id} answers the deleted product's id and name. */
export const deletedProductSchema = productRefSchema;

/** spec 2 §3 Product on the wire (GET product/{id}). Money in dollars with up to 2 decimals, currency AUD. */
export type ProductEntity = z.output<typeof productEntitySchema>;
/** One row of GET product/ (the list): the product without its variations, attributes and media lists. */
export type ProductListRow = z.output<typeof productListRowSchema>;
export type ProductRef = z.output<typeof productRefSchema>;
/** spec 2 §3 Variation row on the wire (GET product/variations/{id}, and inside a product). Money in dollars. */
export type ProductVariationEntity = z.output<typeof productVariationSchema>;
