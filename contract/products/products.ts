// Client-safe constants and shapes of the products area (spec 2 §3 Product, Variation row; §5; §9). The zod schemas are
// in products-api.ts, which pages never import (ADR 0010).

export const PRODUCT_NAME_MIN = 5;
export const PRODUCT_NAME_MAX = 100;
export const PRODUCT_DESCRIPTION_MIN = 10;
export const PRODUCT_DESCRIPTION_MAX = 200;
export const PRODUCT_SKU_MAX = 40;
export const PRODUCT_ATTR_TEXT_MAX = 100;
export const PRODUCT_TAG_MAX = 30;
export const PRODUCT_TAGS_MAX = 20;
/** spec 2 §9: max 10 images and 1 video; at most 11 files chosen at once */
export const PRODUCT_IMAGES_MAX = 10;
export const PRODUCT_VIDEOS_MAX = 1;
export const PRODUCT_FILES_MAX = PRODUCT_IMAGES_MAX + PRODUCT_VIDEOS_MAX;
/** spec 2 §4 Product form, §9: the save is made 1.5 s after the form's validation passes. */
export const PRODUCT_SAVE_DELAY_MS = 1500;
/** The intent of a product form post that only checks (with JavaScript, Save asks for it before saving). */
export const PRODUCT_CHECK_INTENT = "check";
/** spec 2 §5: at least 2 variation rows, at most 2 variation dimensions */
export const VARIATION_ROWS_MIN = 2;
export const VARIATION_DIMENSIONS_MAX = 2;
/** spec 2 §9: price minimum 1 (dollars) */
export const PRICE_MIN = 1;
/** ours: the largest price the console takes ($1,000,000) */
export const PRICE_MAX = 1_000_000;
export const STOCK_MAX = 1_000_000;
export const CURRENCY = "AUD" as const;

export const PRODUCT_SORTS = ["createdAt", "name", "price", "stock"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export const DISCOUNT_TYPES = ["flat", "percentage"] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** Upload purposes (contract/uploads/uploads.ts): product images and video, the size chart, a variation's image. */
export const PRODUCT_MEDIA_PURPOSE = "productMedia" as const;
export const SIZE_CHART_PURPOSE = "catalogueImage" as const;
export const VARIATION_IMAGE_PURPOSE = "productMedia" as const;

/** spec 2 §4: a combination's values joined with `_` (e.g. Red_M). */
export const variantKey = (values: readonly string[]) => values.join("_");

/** A combination as people read it: Red_M → "Red / M" (the `_` key is for the wire). */
export const variantLabel = (key: string) => key.split("_").join(" / ");

/** spec 2 §4 Product form: the SKU prefix is the first 3 letters of the name (letters only, upper-case; padded with X). */
export const skuPrefix = (name: string) =>
  (
    name
      .replace(/[^a-z]/gi, "")
      .slice(0, 3)
      .toUpperCase() + "XXX"
  ).slice(0, 3);

/** spec 2 §1: $ with 2 decimals (thousands grouped: $1,234.50). */
export const formatPrice = (dollars: number) => {
  const [whole, cents] = dollars.toFixed(2).split(".");
  return `$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${cents}`;
};

/** spec 2 §2: a list price is the price, or the min–max range when variations exist. */
export const priceLabel = (row: { price: number; minAndMax?: readonly [number, number] | null }) =>
  row.minAndMax && row.minAndMax[0] !== row.minAndMax[1]
    ? `${formatPrice(row.minAndMax[0])} - ${formatPrice(row.minAndMax[1])}`
    : formatPrice(row.minAndMax?.[0] ?? row.price);
