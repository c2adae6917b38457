import { and, eq, isNull, sql } from "drizzle-orm";
import { MSG } from "#contract/core/messages";
import type { DiscountType } from "#contract/products/products";
import type { ProductUpdate, VariantDiscountInput } from "#contract/products/products-api";
import { productVariations, products } from "#api/db/schema";
import type { Actor } from "#api/platform/auth/actor";
import type { Deps } from "#api/platform/deps";
import { visibleTo } from "#api/platform/auth/tenancy";
import { fieldError, notFound } from "#api/platform/http/http";
import { findProduct, productDetails, toCents, variationEntity } from "./shared";

/** A discount being added: both fields, a percentage 0–100; the flat amount is checked against the price by the caller. */
function discountToAdd(input: { discount?: number | null; discountType?: DiscountType | null }) {
  if (input.discountType == null || input.discount == null || !Number.isFinite(input.discount))
    throw fieldError("discount", MSG.discountAllRequired);
  if (input.discount < 0) throw fieldError("discount", MSG.discountMin);
  if (input.discountType === "percentage") {
    if (input.discount > 100) throw fieldError("discount", MSG.percentDiscountRange);
    return { discountType: "percentage" as const, discountPercent: input.discount, discountCents: null };
  }
  return { discountType: "flat" as const, discountCents: toCents(input.discount), discountPercent: null };
}

const NO_DISCOUNT = {
  isDiscount: false,
  isGlobalDiscount: false,
  discountType: null,
  discountCents: null,
  discountPercent: null,
};

/**
 * PUT product/{id} with a discount-only data {isDiscount, isGlobalDiscount, discount, discountType} (spec 2 §4):
 * a single product's discount, or a variation product's discount on all variations (global). Added only when none
 * exists; isDiscount false removes it. Every condition sits in the UPDATE's WHERE (no read-check-write race).
 */
export async function productDiscount(deps: Deps, actor: Actor, id: string, data: ProductUpdate["data"]) {
  const { product } = await findProduct(deps, actor, id);
  const mine = and(eq(products.id, id), isNull(products.deletedAt), visibleTo(actor, products.shopId));
  if (data.isDiscount === false) {
    const [row] = await deps.db
      .update(products)
      .set({ ...NO_DISCOUNT, updatedAt: deps.now() })
      .where(and(mine, eq(products.isDiscount, true)))
      .returning({ id: products.id });
    if (!row) throw fieldError("isDiscount", MSG.discountNone);
    return productDetails(deps, actor, id);
  }
  const global = product.isVariationAvailable;
  if (data.isGlobalDiscount === true && !global) throw fieldError("isGlobalDiscount", MSG.discountNotVariation);
  const discount = discountToAdd(data);
  // a flat discount never exceeds the (lowest variation) price
  const priceOk =
    discount.discountType === "flat"
      ? sql`coalesce(${products.minCents}, ${products.priceCents}) >= ${discount.discountCents}`
      : undefined;
  const noVariantDiscount = global
    ? sql`not exists (select 1 from ${productVariations} where ${productVariations.productId} = ${products.id} and ${productVariations.isDiscount})`
    : undefined;
  const [row] = await deps.db
    .update(products)
    .set({ isDiscount: true, isGlobalDiscount: global, ...discount, updatedAt: deps.now() })
    .where(and(mine, eq(products.isDiscount, false), priceOk, noVariantDiscount))
    .returning({ id: products.id });
  if (!row) {
    // why: read again only to choose the message
    const [now] = await deps.db.select().from(products).where(mine);
    if (!now) throw notFound();
    if (now.isDiscount) throw fieldError("isDiscount", global ? MSG.discountGlobalSet : MSG.discountExists);
    if (global) {
      const [v] = await deps.db
        .select({ id: productVariations.id })
        .from(productVariations)
        .where(and(eq(productVariations.productId, id), eq(productVariations.isDiscount, true)))
        .limit(1);
      if (v) throw fieldError("isGlobalDiscount", MSG.discountVariantsSet);
    }
    throw fieldError("discount", global ? MSG.variationFlatDiscountMax : MSG.flatDiscountMax);
  }
  return productDetails(deps, actor, id);
}

/**
 * PUT product/variant-discount/{variationId} (ours; spec 2 §7 leaves the path open): a discount on one variation,
 * refused while a discount on all variations exists or the variation has one. The product row is updated first in
 * the same transaction, so a concurrent global discount waits for it (the product row is the lock).
 */
export async function variantDiscount(deps: Deps, actor: Actor, variationId: string, input: VariantDiscountInput) {
  const { product } = await findProduct(deps, actor, input.prodId);
  const [variation] = await deps.db
    .select()
    .from(productVariations)
    .where(and(eq(productVariations.id, variationId), eq(productVariations.productId, product.id)));
  if (!variation) throw notFound();
  const mine = and(eq(products.id, product.id), isNull(products.deletedAt), visibleTo(actor, products.shopId));
  if (!input.isDiscount) {
    const [row] = await deps.db
      .update(productVariations)
      .set({ isDiscount: false, discountType: null, discountCents: null, discountPercent: null, updatedAt: deps.now() })
      .where(and(eq(productVariations.id, variationId), eq(productVariations.isDiscount, true)))
      .returning();
    if (!row) throw fieldError("isDiscount", MSG.discountNone);
    return variationEntity(row);
  }
  const discount = discountToAdd(input);
  const row = await deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .update(products)
      .set({ updatedAt: deps.now() })
      .where(and(mine, eq(products.isDiscount, false)))
      .returning({ id: products.id });
    if (!locked) throw fieldError("isDiscount", MSG.discountGlobalSet);
    const priceOk =
      discount.discountType === "flat" ? sql`${productVariations.priceCents} >= ${discount.discountCents}` : undefined;
    const [updated] = await tx
      .update(productVariations)
      .set({ isDiscount: true, ...discount, updatedAt: deps.now() })
      .where(and(eq(productVariations.id, variationId), eq(productVariations.isDiscount, false), priceOk))
      .returning();
    if (!updated) {
      const [now] = await tx
        .select({ isDiscount: productVariations.isDiscount })
        .from(productVariations)
        .where(eq(productVariations.id, variationId));
      throw fieldError(
        now?.isDiscount ? "isDiscount" : "discount",
        now?.isDiscount ? MSG.discountExists : MSG.variationFlatDiscountMax,
      );
    }
    return updated;
  });
  return variationEntity(row);
}

type DiscountFields = {
  isDiscount: boolean;
  discountType: DiscountType | null;
  discountCents: number | null;
  discountPercent: number | null;
};

/**
 * What one unit sells for, in cents, after its discount (spec 2 §4 Discounts): a variation's own discount, else the
 * product's discount on all variations (global), else none; a single product's own discount. A percentage rounds to
 * the cent; a flat discount never takes the price below 0 (the checks keep it at most the price anyway).
 */
export function unitPriceCents(
  product: DiscountFields & { priceCents: number; isGlobalDiscount: boolean },
  variation?: DiscountFields & { priceCents: number },
) {
  const price = variation ? variation.priceCents : product.priceCents;
  const discount = variation
    ? variation.isDiscount
      ? variation
      : product.isDiscount && product.isGlobalDiscount
        ? product
        : null
    : product.isDiscount
      ? product
      : null;
  if (!discount) return price;
  if (discount.discountType === "percentage")
    return Math.max(0, Math.round((price * (100 - (discount.discountPercent ?? 0))) / 100));
  return Math.max(0, price - (discount.discountCents ?? 0));
}
