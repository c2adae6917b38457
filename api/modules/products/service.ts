import { and, eq, ilike, isNull, or, sql } from "drizzle-orm";
import { MSG } from "#contract/core/messages";
import type { ProductPayload, ProductListQuery, ProductUpdate } from "#contract/products/products-api";
import { productSkus, productVariations, products, shops, users } from "#api/db/schema";
import type { ProductAttrMap, VariationListMap } from "#api/db/schema/products";
import { inWishlistOf, visibleCustomer } from "#api/modules/customers";
import type { Actor } from "#api/platform/auth/actor";
import type { Deps } from "#api/platform/deps";
import { badRequest, fieldError, notFound } from "#api/platform/http/http";
import { newId } from "#api/platform/data/ids";
import { likePattern, listPage, orderBy } from "#api/platform/data/list";
import { isUniqueViolation, pgErrorCode } from "#api/platform/data/db-errors";
import { reachesEveryShop, shopScope, visibleTo } from "#api/platform/auth/tenancy";
import { checkAttributes, checkBrand, checkTaxonomy, checkVariationRows, type CheckedRow } from "./rules";
import {
  checkProductMedia,
  checkMedia,
  checkSizeChart,
  findProduct,
  listRow,
  productDetails,
  selectProducts,
  toCents,
} from "./shared";
import { GENERATED_SKU, generateSku, takenSkus } from "./sku";

/** The products of live shops only (ADR 0014), never deleted ones. */
const liveShop = sql`exists (select 1 from ${shops} where ${shops.id} = ${products.shopId} and ${shops.deletedAt} is null)`;

/**
 * GET product/ (spec 2 §7): a shop's products (admins: any shop's, or all), searched by name or SKU. With `customerId`
 * (the customer page's product picker, ADR 0035) each row says whether it is in that customer's wishlist, and
 * `isWishlistProducts=true` keeps only those; the customer must be one the caller may see (else 404).
 */
export async function listProducts(deps: Deps, actor: Actor, q: ProductListQuery) {
  const customerId = q.customerId || undefined;
  if (customerId) {
    const [known] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, customerId), visibleCustomer(actor, users.id)));
    if (!known) throw notFound();
  }
  const pattern = q.search ? likePattern(q.search) : undefined;
  const where = and(
    isNull(products.deletedAt),
    liveShop,
    visibleTo(actor, products.shopId, q.shopId),
    customerId && q.isWishlistProducts === "true" ? inWishlistOf(customerId, products.id) : undefined,
    pattern
      ? or(
          ilike(products.name, pattern),
          sql`exists (select 1 from ${productSkus} where ${productSkus.productId} = ${products.id} and ${productSkus.sku} ilike ${pattern})`,
        )
      : undefined,
  );
  // names sort without regard to case, the same on PGlite (C collation) and PostgreSQL
  const sorting = orderBy(
    q,
    {
      createdAt: products.createdAt,
      name: sql`lower(${products.name})`,
      price: products.priceCents,
      stock: products.stock,
    },
    products.id,
  );
  const variationCount = sql<number>`(select count(*)::int from ${productVariations} where ${productVariations.productId} = ${products.id})`;
  const isInWishList = customerId
    ? inWishlistOf(customerId, products.id).mapWith(Boolean)
    : sql<boolean>`false`.mapWith(Boolean);
  const page = await listPage(
    q,
    ({ limit, offset }) =>
      selectProducts(deps, { variationCount, isInWishList })
        .where(where)
        .orderBy(...sorting)
        .limit(limit)
        .offset(offset),
    { db: deps.db, from: products, where },
  );
  return { ...page, data: page.data.map((row) => ({ ...listRow(row), isInWishList: row.isInWishList === true })) };
}

export { productDetails };

/** The shop a new product goes to: owners and staff their own; an admin must name a live shop. */
export async function targetShop(deps: Deps, actor: Actor, requested: string | undefined) {
  const shopId = shopScope(actor, requested);
  if (!reachesEveryShop(actor)) {
    if (!shopId) throw notFound();
    return shopId;
  }
  if (!shopId) throw fieldError("shopId", MSG.productShopRequired);
  const [shop] = await deps.db
    .select({ id: shops.id })
    .from(shops)
    .where(and(eq(shops.id, shopId), isNull(shops.deletedAt)));
  if (!shop) throw fieldError("shopId", MSG.productShopRequired);
  return shop.id;
}

/** A unique violation of the SKU registry is the SKU message (the database decides; the read before is for field errors). */
function skuClash(error: unknown, field = "sku"): never {
  if (isUniqueViolation(error)) throw fieldError(field, MSG.productSkuTaken);
  throw error;
}

/** A new product's row but its price, stock, SKU and variations (shared by POST product/ and the CSV import). */
export function productRowBase(
  input: ProductPayload,
  at: { id: string; shopId: string; attr: ProductAttrMap; now: Date },
) {
  return {
    id: at.id,
    shopId: at.shopId,
    name: input.name,
    description: input.description,
    tags: input.tags,
    brandId: input.brand,
    departmentId: input.department,
    categoryId: input.categories,
    subcategoryId: input.subcategory,
    attr: at.attr,
    images: input.images,
    videos: input.videos,
    defaultImage: input.images[0],
    sizeChartImage: input.sizeChartImage ?? null,
    currency: "AUD" as const,
    createdAt: at.now,
    updatedAt: at.now,
  };
}

/**
 * A product with variations as rows: the product (its price the lowest, min, max, stock the sum, the first row its
 * default), its variation rows in the given order, and their SKUs (shared by POST product/ and the CSV import).
 */
export function variationProductRows(
  base: ReturnType<typeof productRowBase>,
  rows: CheckedRow[],
  variationList: VariationListMap,
  now: Date,
) {
  const cents = rows.map((r) => toCents(r.row.price));
  const variations = rows.map((r, i) => ({
    id: newId(),
    productId: base.id,
    variant: r.variant,
    variantDetails: r.details,
    sku: r.row.sku,
    priceCents: cents[i],
    stock: r.row.stock,
    image: r.row.defaultImage,
    position: i,
    createdAt: now,
    updatedAt: now,
  }));
  return {
    product: {
      ...base,
      isVariationAvailable: true,
      variationList,
      defaultVariant: rows[0].variant,
      priceCents: Math.min(...cents),
      minCents: Math.min(...cents),
      maxCents: Math.max(...cents),
      stock: rows.reduce((sum, r) => sum + r.row.stock, 0),
      sku: null,
    },
    variations,
    skus: variations.map((v) => ({ shopId: base.shopId, sku: v.sku, productId: base.id, variationId: v.id })),
  };
}

/** A single product has its price and stock; a product with variations its size chart (spec 2 §5). */
export function requirePricingOrSizeChart(input: ProductPayload) {
  if (!input.isVariationAvailable) {
    if (input.price === undefined) throw fieldError("price", MSG.variationPriceRequired);
    if (input.stock === undefined) throw fieldError("stock", MSG.variationStockRequired);
  } else if (!input.sizeChartImage) throw fieldError("sizeChartImage", MSG.sizeChartRequired);
}

/** POST product/ (spec 2 §7, §5): a single product or a product with its variations, in one transaction. */
export async function createProduct(deps: Deps, actor: Actor, input: ProductPayload) {
  const shopId = await targetShop(deps, actor, input.shopId);
  await checkBrand(deps, input.brand);
  await checkTaxonomy(deps, actor, shopId, input);
  const attr = await checkAttributes(deps, input.subcategory, input.attr);
  await checkProductMedia(deps, actor, input.images, input.videos);
  if (input.sizeChartImage) await checkSizeChart(deps, actor, input.sizeChartImage, null);
  const id = newId();
  const now = deps.now();
  const base = productRowBase(input, { id, shopId, attr, now });
  requirePricingOrSizeChart(input);
  if (!input.isVariationAvailable) {
    const given = input.sku;
    let sku = given;
    if (given && (await takenSkus(deps.db, shopId, [given])).size > 0) {
      // a generated SKU that someone took meanwhile is drawn again; any other is the user's choice and refused
      if (!GENERATED_SKU.test(given)) throw fieldError("sku", MSG.productSkuTaken);
      sku = undefined;
    }
    for (let attempt = 0; ; attempt++) {
      const chosen = sku ?? (await generateSku(deps.db, shopId, input.name));
      try {
        await deps.db.transaction(async (tx) => {
          await tx.insert(products).values({
            ...base,
            isVariationAvailable: false,
            priceCents: toCents(input.price!),
            stock: input.stock!,
            sku: chosen,
          });
          await tx.insert(productSkus).values({ shopId, sku: chosen, productId: id });
        });
        break;
      } catch (error) {
        // a race on a generated SKU: draw again (a few times)
        if (isUniqueViolation(error) && (!sku || GENERATED_SKU.test(sku)) && attempt < 3) {
          sku = undefined;
          continue;
        }
        skuClash(error);
      }
    }
  } else {
    const { rows, variationList } = await checkVariationRows(
      deps,
      input.subcategory,
      input.variations,
      input.variationList,
    );
    for (const [i, r] of rows.entries())
      await checkMedia(deps, actor, r.row.defaultImage, `variations.${i}.defaultImage`, "image");
    const taken = await takenSkus(
      deps.db,
      shopId,
      rows.map((r) => r.row.sku),
    );
    if (taken.size > 0) {
      const errors = Object.fromEntries(
        rows.flatMap((r, i) => (taken.has(r.row.sku) ? [[`variations.${i}.sku`, [MSG.productSkuTaken]]] : [])),
      );
      throw badRequest(MSG.productSkuTaken, errors);
    }
    const made = variationProductRows(base, rows, variationList, now);
    try {
      await deps.db.transaction(async (tx) => {
        await tx.insert(products).values(made.product);
        await tx.insert(productVariations).values(made.variations);
        await tx.insert(productSkus).values(made.skus);
      });
    } catch (error) {
      skuClash(error, "variations");
    }
  }
  return productDetails(deps, actor, id);
}

/** The discount fields of PUT product/{id} data. */
const DISCOUNT_KEYS = ["isDiscount", "isGlobalDiscount", "discount", "discountType"] as const;
const EDIT_KEYS = [
  "name",
  "description",
  "tags",
  "brand",
  "attr",
  "images",
  "videos",
  "defaultImage",
  "sizeChartImage",
  "price",
  "stock",
] as const;

export const isDiscountEdit = (data: ProductUpdate["data"]) =>
  DISCOUNT_KEYS.some((k) => data[k] !== undefined && data[k] !== null);
export const isFieldEdit = (data: ProductUpdate["data"]) =>
  EDIT_KEYS.some((k) => data[k] !== undefined && !(k === "defaultImage" && data[k] === null));

/**
 * PUT product/{id} with editable fields (spec 2 §2 Edit Product): department, categories, subcategory and SKU are
 * read-only (not part of the schema, so ignored). A single product's price may not drop below its flat discount.
 */
export async function updateProduct(deps: Deps, actor: Actor, id: string, data: ProductUpdate["data"]) {
  const { product: current } = await findProduct(deps, actor, id);
  const set: Partial<typeof products.$inferInsert> = {};
  if (data.name !== undefined) set.name = data.name;
  if (data.description !== undefined) set.description = data.description;
  if (data.tags !== undefined) set.tags = data.tags;
  if (data.brand !== undefined && data.brand !== current.brandId) {
    await checkBrand(deps, data.brand);
    set.brandId = data.brand;
  }
  if (data.attr !== undefined) set.attr = await checkAttributes(deps, current.subcategoryId, data.attr);
  if (data.images !== undefined || data.videos !== undefined) {
    const images = data.images ?? current.images;
    const videos = data.videos ?? current.videos;
    await checkProductMedia(deps, actor, images, videos, [...current.images, ...current.videos]);
    set.images = images;
    set.videos = videos;
    set.defaultImage = images[0];
  }
  if (data.sizeChartImage !== undefined) {
    if (data.sizeChartImage === null || data.sizeChartImage === "") {
      if (current.isVariationAvailable) throw fieldError("sizeChartImage", MSG.sizeChartRequired);
      set.sizeChartImage = null;
    } else {
      await checkSizeChart(deps, actor, data.sizeChartImage, current.sizeChartImage);
      set.sizeChartImage = data.sizeChartImage;
    }
  }
  if (data.price !== undefined || data.stock !== undefined) {
    if (current.isVariationAvailable)
      throw fieldError(data.price !== undefined ? "price" : "stock", MSG.productHasVariations);
    if (data.price !== undefined) set.priceCents = toCents(data.price);
    if (data.stock !== undefined) set.stock = data.stock;
  }
  if (Object.keys(set).length === 0) throw badRequest(MSG.productNothingToChange);
  set.updatedAt = deps.now();
  // the price condition sits in the UPDATE, so a discount added meanwhile is never broken
  const priceOk =
    set.priceCents !== undefined
      ? sql`(${products.discountType} is distinct from 'flat' or ${products.discountCents} <= ${set.priceCents})`
      : undefined;
  let row;
  try {
    [row] = await deps.db
      .update(products)
      .set(set)
      .where(and(eq(products.id, id), isNull(products.deletedAt), visibleTo(actor, products.shopId), priceOk))
      .returning({ id: products.id });
  } catch (error) {
    if (pgErrorCode(error) === "23514") throw fieldError("price", MSG.discountBreaksPrice);
    throw error;
  }
  if (!row) {
    if (priceOk) throw fieldError("price", MSG.discountBreaksPrice);
    throw notFound();
  }
  return productDetails(deps, actor, id);
}

/** DELETE product/{id}: soft (ARCHITECTURE §4); its SKUs stay reserved, orders and streams keep the row. */
export async function deleteProduct(deps: Deps, actor: Actor, id: string) {
  await findProduct(deps, actor, id);
  const [row] = await deps.db
    .update(products)
    .set({ deletedAt: deps.now(), updatedAt: deps.now() })
    .where(and(eq(products.id, id), isNull(products.deletedAt), visibleTo(actor, products.shopId)))
    .returning({ id: products.id, name: products.name });
  if (!row) throw notFound();
  return { _id: row.id, name: row.name };
}
