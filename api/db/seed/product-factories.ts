import { skuPrefix, variantKey } from "#contract/products/products";
import { newId } from "#api/platform/data/ids";
import type { Database } from "../client";
import { productSkus, productVariations, products } from "../schema";
import type { ProductAttrMap, VariationListMap } from "../schema/products";
import { createBrand, createCategory } from "./catalogue-factories";

type NewProduct = typeof products.$inferInsert;

let counter = 0;

/** A taxonomy branch (department → category → sub-category) for products made without one. */
export async function createProductTaxonomy(
  db: Database,
  names: { department?: string; category?: string; subcategory?: string } = {},
) {
  const department = await createCategory(db, names.department ? { name: names.department } : {});
  const category = await createCategory(db, {
    parent: department,
    ...(names.category ? { name: names.category } : {}),
  });
  const subcategory = await createCategory(db, {
    parent: category,
    ...(names.subcategory ? { name: names.subcategory } : {}),
  });
  return { department, category, subcategory };
}

export interface VariationSeed {
  /** dimension → value, e.g. {Color: "Red", Size: "M"}; the combination key joins the values in this order */
  details: Record<string, string>;
  /** dollars */
  price: number;
  stock: number;
  sku?: string;
  image?: string;
  discount?: { type: "flat" | "percentage"; value: number };
}

export interface ProductSeed {
  shopId: string;
  name?: string;
  description?: string;
  tags?: string[];
  brandId?: string;
  departmentId?: string;
  categoryId?: string;
  subcategoryId?: string;
  attr?: ProductAttrMap;
  /** image locations; fake strings are fine (nothing reads the bytes) */
  images?: string[];
  videos?: string[];
  sizeChartImage?: string | null;
  /** a single product's price in dollars (ignored with variations) */
  price?: number;
  stock?: number;
  sku?: string;
  variations?: VariationSeed[];
  /** types of the dimensions in variationList (default dropdown) and their attribute ids (default fake) */
  dimensionIds?: Record<string, string>;
  /** the product discount; with variations it is the discount on all variations */
  discount?: { type: "flat" | "percentage"; value: number };
  createdAt?: Date;
  deletedAt?: Date | null;
}

const cents = (dollars: number) => Math.round(dollars * 100);
const discountColumns = (d: { type: "flat" | "percentage"; value: number } | undefined) =>
  d
    ? {
        isDiscount: true,
        discountType: d.type,
        discountCents: d.type === "flat" ? cents(d.value) : null,
        discountPercent: d.type === "percentage" ? d.value : null,
      }
    : {};

/**
 * A product written straight to the tables (tests and demo data): a single product, or one with variations
 * (price = lowest, min/max, stock = sum), with its SKUs in the shop's registry. Missing brand or taxonomy are created.
 */
export async function createProduct(db: Database, seed: ProductSeed) {
  const n = ++counter;
  const name = seed.name ?? `Product ${Date.now().toString(36)}${n}`;
  let { brandId, departmentId, categoryId, subcategoryId } = seed;
  if (!brandId) brandId = (await createBrand(db, { image: "/api/files/seed/brand.png" })).id;
  if (!departmentId || !categoryId || !subcategoryId) {
    const t = await createProductTaxonomy(db);
    departmentId = t.department.id;
    categoryId = t.category.id;
    subcategoryId = t.subcategory.id;
  }
  const images = seed.images ?? [`/api/files/seed/product-${n}.png`];
  const id = newId();
  const now = seed.createdAt ?? new Date();
  const uniq = `${Date.now().toString().slice(-4)}${n}`;
  const rows = (seed.variations ?? []).map((v, i) => ({
    id: newId(),
    productId: id,
    variant: variantKey(Object.values(v.details)),
    variantDetails: v.details,
    sku: (v.sku ?? `${skuPrefix(name)}-V${uniq}-${i}`).toUpperCase(),
    priceCents: cents(v.price),
    stock: v.stock,
    image: v.image ?? images[0],
    position: i,
    ...discountColumns(v.discount),
    createdAt: now,
    updatedAt: now,
  }));
  const hasVariations = rows.length > 0;
  const variationList: VariationListMap = {};
  for (const row of rows) {
    for (const [dim, value] of Object.entries(row.variantDetails)) {
      const entry = (variationList[dim] ??= {
        list: [],
        type: "dropdown",
        id: seed.dimensionIds?.[dim] ?? `attr-${dim.toLowerCase()}`,
      });
      if (!entry.list.includes(value)) entry.list.push(value);
    }
  }
  const prices = rows.map((r) => r.priceCents);
  const sku = hasVariations ? null : (seed.sku ?? `${skuPrefix(name)}-${uniq}`).toUpperCase();
  const values: NewProduct = {
    id,
    shopId: seed.shopId,
    name,
    description: seed.description ?? `${name}: a product made for tests.`,
    tags: seed.tags ?? [],
    brandId,
    departmentId,
    categoryId,
    subcategoryId,
    attr: seed.attr ?? {},
    images,
    videos: seed.videos ?? [],
    defaultImage: images[0] ?? null,
    sizeChartImage: seed.sizeChartImage ?? (hasVariations ? "/api/files/seed/size-chart.png" : null),
    isVariationAvailable: hasVariations,
    variationList,
    defaultVariant: rows[0]?.variant ?? null,
    priceCents: hasVariations ? Math.min(...prices) : cents(seed.price ?? 19.99),
    minCents: hasVariations ? Math.min(...prices) : null,
    maxCents: hasVariations ? Math.max(...prices) : null,
    stock: hasVariations ? rows.reduce((s, r) => s + r.stock, 0) : (seed.stock ?? 10),
    sku,
    ...discountColumns(seed.discount),
    isGlobalDiscount: !!seed.discount && hasVariations,
    createdAt: now,
    updatedAt: now,
    deletedAt: seed.deletedAt ?? null,
  };
  await db.transaction(async (tx) => {
    await tx.insert(products).values(values);
    if (rows.length) await tx.insert(productVariations).values(rows);
    const skus = [
      ...(sku ? [{ shopId: seed.shopId, sku, productId: id, variationId: null }] : []),
      ...rows.map((r) => ({ shopId: seed.shopId, sku: r.sku, productId: id, variationId: r.id })),
    ];
    if (skus.length) await tx.insert(productSkus).values(skus);
  });
  return { product: values as typeof products.$inferSelect, variations: rows };
}
