import { and, asc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { MSG } from "#contract/core/messages";
import { CURRENCY, PRODUCT_MEDIA_PURPOSE, SIZE_CHART_PURPOSE } from "#contract/products/products";
import type { ProductEntity, ProductListRow, ProductVariationEntity } from "#contract/products/products-api";
import { brands, categories, productVariations, products, shops } from "#api/db/schema";
import type { Actor } from "#api/platform/auth/actor";
import type { Deps } from "#api/platform/deps";
import { visibleTo } from "#api/platform/auth/tenancy";
import { fieldError, notFound } from "#api/platform/http/http";
import { ownImageUpload, purposeOf, storedUpload } from "#api/modules/uploads";

export type ProductRow = typeof products.$inferSelect;
export type VariationRow = typeof productVariations.$inferSelect;

/** Money: integer cents inside, dollars (up to 2 decimals) on the wire (ADR 0022). */
import { toCents, toDollars } from "#api/platform/data/money";

export { toCents, toDollars };

/** A discount on the wire: flat in dollars, a percentage as is, null without one. */
const discountValue = (row: {
  isDiscount: boolean;
  discountType: "flat" | "percentage" | null;
  discountCents: number | null;
  discountPercent: number | null;
}) =>
  !row.isDiscount
    ? null
    : row.discountType === "flat"
      ? toDollars(row.discountCents ?? 0)
      : (row.discountPercent ?? null);

export function variationEntity(row: VariationRow): ProductVariationEntity {
  return {
    _id: row.id,
    id: row.id,
    variant: row.variant,
    variantName: row.variant,
    variantDetails: row.variantDetails,
    sku: row.sku,
    price: toDollars(row.priceCents),
    stock: row.stock,
    image: row.image,
    defaultImage: row.image,
    isDiscount: row.isDiscount,
    discountType: row.isDiscount ? row.discountType : null,
    discount: discountValue(row),
  };
}

const department = alias(categories, "department");
const category = alias(categories, "category");
const subcategory = alias(categories, "subcategory");

/** The columns every product read needs: the row and the names of what it refers to. */
export const productColumns = {
  product: products,
  brandName: brands.name,
  departmentName: department.name,
  categoryName: category.name,
  subcategoryName: subcategory.name,
};
export type JoinedProduct = {
  product: ProductRow;
  brandName: string;
  departmentName: string;
  categoryName: string;
  subcategoryName: string;
};

/** SELECT … FROM products with its brand and taxonomy names; only products of live shops (ADR 0014). */
/** A product with its shop, brand and taxonomy names, and any `extra` computed columns a list needs beside them. */
export function selectProducts<Extra extends Record<string, SQL<unknown>>>(deps: Deps, extra: Extra = {} as Extra) {
  return deps.db
    .select({ ...productColumns, ...extra })
    .from(products)
    .innerJoin(shops, and(eq(shops.id, products.shopId), isNull(shops.deletedAt)))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(department, eq(department.id, products.departmentId))
    .innerJoin(category, eq(category.id, products.categoryId))
    .innerJoin(subcategory, eq(subcategory.id, products.subcategoryId));
}

function baseEntity(j: JoinedProduct) {
  const p = j.product;
  return {
    _id: p.id,
    shopId: p.shopId,
    name: p.name,
    tags: p.tags,
    brand: { _id: p.brandId, name: j.brandName },
    department: { _id: p.departmentId, name: j.departmentName },
    categories: { _id: p.categoryId, name: j.categoryName },
    subcategory: { _id: p.subcategoryId, name: j.subcategoryName },
    price: toDollars(p.priceCents),
    currency: CURRENCY,
    stock: p.stock,
    sku: p.sku,
    minAndMax:
      p.isVariationAvailable && p.minCents !== null && p.maxCents !== null
        ? ([toDollars(p.minCents), toDollars(p.maxCents)] as [number, number])
        : null,
    defaultImage: p.defaultImage,
    sizeChartImage: p.sizeChartImage,
    isVariationAvailable: p.isVariationAvailable,
    defaultVariant: p.defaultVariant,
    isDiscount: p.isDiscount,
    isGlobalDiscount: p.isGlobalDiscount,
    discountType: p.isDiscount ? p.discountType : null,
    discount: discountValue(p),
    // a single product has no customer in view; GET product/ with customerId says it for each row (ADR 0035)
    isInWishList: false,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export function listRow(j: JoinedProduct & { variationCount: number }): ProductListRow {
  return { ...baseEntity(j), variationCount: Number(j.variationCount) };
}

export function productEntity(j: JoinedProduct, variations: VariationRow[]): ProductEntity {
  const p = j.product;
  return {
    ...baseEntity(j),
    description: p.description,
    images: p.images,
    videos: p.videos,
    attr: p.attr,
    variationList: p.variationList,
    variations: variations.map(variationEntity),
  };
}

/** One live product the caller may see, with names; 404 for a deleted one, another shop's, or one of a deleted shop. */
export async function findProduct(deps: Deps, actor: Actor, id: string): Promise<JoinedProduct> {
  const [row] = await selectProducts(deps).where(
    and(eq(products.id, id), isNull(products.deletedAt), visibleTo(actor, products.shopId)),
  );
  if (!row) throw notFound();
  return row;
}

export async function productVariationRows(deps: Deps, productId: string) {
  return deps.db
    .select()
    .from(productVariations)
    .where(eq(productVariations.productId, productId))
    .orderBy(asc(productVariations.position), asc(productVariations.createdAt));
}

export async function productDetails(deps: Deps, actor: Actor, id: string) {
  const j = await findProduct(deps, actor, id);
  return productEntity(j, await productVariationRows(deps, id));
}

/**
 * A media location a product may use: the caller's own checked upload of `purpose`, whose sniffed type is an image
 * (or a video). Existing locations of the product (`keep`) are always fine.
 */
export async function checkMedia(
  deps: Deps,
  actor: Actor,
  location: string,
  field: string,
  kind: "image" | "video",
  keep: readonly string[] = [],
) {
  if (keep.includes(location)) return;
  const key = deps.storage.keyOf(location);
  const row = key && purposeOf(key) === PRODUCT_MEDIA_PURPOSE ? await storedUpload(deps, key) : null;
  if (!row || row.userId !== actor.id) throw fieldError(field, MSG.productMediaNotUploaded);
  if (!(row.contentType ?? "").startsWith(`${kind}/`)) throw fieldError(field, MSG.mediaType);
}

/** A size chart: the caller's own catalogueImage upload (JPG/PNG), or the current one. */
export async function checkSizeChart(deps: Deps, actor: Actor, location: string, current: string | null) {
  if (location === current) return;
  if (!(await ownImageUpload(deps, actor, location, [SIZE_CHART_PURPOSE])))
    throw fieldError("sizeChartImage", MSG.imageNotUploaded);
}

/** Images (1–10) and videos (0–1) of a product; each one checked. */
export async function checkProductMedia(
  deps: Deps,
  actor: Actor,
  images: string[],
  videos: string[],
  keep: readonly string[] = [],
) {
  if (images.length === 0) throw fieldError("images", MSG.productImageRequired);
  for (const [i, location] of images.entries()) await checkMedia(deps, actor, location, `images.${i}`, "image", keep);
  for (const [i, location] of videos.entries()) await checkMedia(deps, actor, location, `videos.${i}`, "video", keep);
}

/** Names ↔ rows for SQL-count helpers. */
export const countInt = sql<number>`count(*)::int`;
