import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { MSG } from "#contract/core/messages";
import { variantKey } from "#contract/products/products";
import type { MultipleVariationInput, NewVariantInput } from "#contract/products/products-api";
import { attributes, productSkus, productVariations, products } from "#api/db/schema";
import type { Tx } from "#api/db/client";
import type { Actor } from "#api/platform/auth/actor";
import type { Deps } from "#api/platform/deps";
import { visibleTo } from "#api/platform/auth/tenancy";
import { badRequest, fieldError, notFound, type FieldErrors } from "#api/platform/http/http";
import { newId } from "#api/platform/data/ids";
import { isUniqueViolation, pgErrorCode } from "#api/platform/data/db-errors";
import { combinationTaken, leafAttributes } from "./rules";
import { checkMedia, findProduct, productVariationRows, toCents, variationEntity } from "./shared";
import { takenSkus } from "./sku";

/** GET product/variations/{id}: the variation rows of one product of the caller's shop. */
export async function listVariations(deps: Deps, actor: Actor, productId: string) {
  await findProduct(deps, actor, productId);
  return (await productVariationRows(deps, productId)).map(variationEntity);
}

/**
 * Keeps a variation product's price (the lowest), min, max and stock (the sum) in step with its rows, in the
 * caller's transaction. A flat discount on all variations above the new lowest price is refused by the products
 * table's check (mapped to discountBreaksPrice).
 */
async function recompute(tx: Tx, productId: string, now: Date) {
  const v = productVariations;
  await tx
    .update(products)
    .set({
      priceCents: sql`(select min(${v.priceCents}) from ${v} where ${v.productId} = ${productId})`,
      minCents: sql`(select min(${v.priceCents}) from ${v} where ${v.productId} = ${productId})`,
      maxCents: sql`(select max(${v.priceCents}) from ${v} where ${v.productId} = ${productId})`,
      stock: sql`(select coalesce(sum(${v.stock}), 0)::int from ${v} where ${v.productId} = ${productId})`,
      updatedAt: now,
    })
    .where(eq(products.id, productId));
}

const breaksDiscount = (error: unknown) => pgErrorCode(error) === "23514";

/**
 * POST product/new-variant/{id} (spec 2 §7): one more combination of the product's dimensions; each value from the
 * attribute's list ('Please Select {name}' when missing), never a repeat ('Please select other combination of {a} & {b}'),
 * a SKU free in the shop, an image the caller uploaded.
 */
export async function addVariant(deps: Deps, actor: Actor, productId: string, input: NewVariantInput) {
  const { product } = await findProduct(deps, actor, productId);
  if (!product.isVariationAvailable) throw badRequest(MSG.variationNotProducts);
  const varData = input.varData;
  // the leaf's order of dimensions, as at creation (jsonb keeps no key order)
  const order = (await leafAttributes(deps, product.subcategoryId, "variation")).map((a) => a.id);
  const rank = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length);
  const dims = Object.entries(product.variationList).sort(([, a], [, b]) => rank(a.id) - rank(b.id));
  const defs = dims.length
    ? await deps.db
        .select()
        .from(attributes)
        .where(
          inArray(
            attributes.id,
            dims.map(([, d]) => d.id),
          ),
        )
    : [];
  // Maps: a dimension may be called "constructor" or "__proto__", which a plain object already "has"
  const lower = new Map(Object.entries(varData.variantDetails).map(([k, v]) => [k.toLowerCase(), v]));
  const picked = new Map<string, string>();
  const errors: FieldErrors = {};
  for (const [name, dim] of dims) {
    const def = defs.find((d) => d.id === dim.id);
    const label = def?.label || name;
    const value = lower.get(name.toLowerCase());
    if (!value) errors[`varData.variantDetails.${name}`] = [MSG.variationOptionRequired(label)];
    else if (def && !def.list.includes(value))
      errors[`varData.variantDetails.${name}`] = [MSG.productAttrNotOption(label)];
    else picked.set(name, value);
  }
  const first = Object.values(errors)[0]?.[0];
  if (first) throw badRequest(first, errors);
  const details: Record<string, string> = Object.fromEntries(picked);
  const values = dims.map(([name]) => picked.get(name)!);
  const variant = variantKey(values);
  const existing = await productVariationRows(deps, productId);
  const same = (v: { variant: string; variantDetails: Record<string, string> }) =>
    v.variant.toLowerCase() === variant.toLowerCase() ||
    dims.every(
      ([name]) =>
        (Object.hasOwn(v.variantDetails, name) ? v.variantDetails[name] : "").toLowerCase() ===
        details[name].toLowerCase(),
    );
  if (existing.some(same)) throw fieldError("varData.variantDetails", combinationTaken(values));
  if ((await takenSkus(deps.db, product.shopId, [varData.sku])).size > 0)
    throw fieldError("varData.sku", MSG.productSkuTaken);
  // an image the product already shows may be reused; a new one must be the caller's own upload
  await checkMedia(deps, actor, varData.defaultImage, "varData.defaultImage", "image", [
    ...product.images,
    ...existing.map((v) => v.image),
  ]);
  const now = deps.now();
  const id = newId();
  const variationList = Object.fromEntries(
    dims.map(([name, dim]) => [
      name,
      { ...dim, list: dim.list.includes(details[name]) ? dim.list : [...dim.list, details[name]] },
    ]),
  );
  try {
    await deps.db.transaction(async (tx) => {
      const [locked] = await tx
        .update(products)
        .set({ variationList, updatedAt: now })
        .where(and(eq(products.id, productId), isNull(products.deletedAt), visibleTo(actor, products.shopId)))
        .returning({ id: products.id });
      if (!locked) throw notFound();
      const position = existing.reduce((max, v) => Math.max(max, v.position + 1), 0);
      await tx.insert(productVariations).values({
        id,
        productId,
        variant,
        variantDetails: details,
        sku: varData.sku,
        priceCents: toCents(varData.price),
        stock: varData.stock,
        image: varData.defaultImage,
        position,
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(productSkus).values({ shopId: product.shopId, sku: varData.sku, productId, variationId: id });
      await recompute(tx, productId, now);
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const constraint =
        JSON.stringify(error) +
        String((error as Error)?.message ?? "") +
        String((error as { cause?: Error })?.cause?.message ?? "");
      if (constraint.includes("product_variations_variant_unique"))
        throw fieldError("varData.variantDetails", combinationTaken(values));
      throw fieldError("varData.sku", MSG.productSkuTaken);
    }
    if (breaksDiscount(error)) throw fieldError("varData.price", MSG.discountBreaksPrice);
    throw error;
  }
  const [row] = await deps.db.select().from(productVariations).where(eq(productVariations.id, id));
  return variationEntity(row);
}

/**
 * PUT product/multiple-variation (spec 2 §7): variant id → {price, stock, defaultImage}. All ids belong to one product of
 * the caller's shop; a price below a flat discount (the variation's own or the one on all variations) is refused;
 * the product's price, min, max and stock follow in the same transaction.
 */
export async function saveVariations(deps: Deps, actor: Actor, input: MultipleVariationInput) {
  const ids = Object.keys(input);
  if (ids.length === 0) throw badRequest(MSG.variationUnknown);
  const rows = await deps.db.select().from(productVariations).where(inArray(productVariations.id, ids));
  const productIds = new Set(rows.map((r) => r.productId));
  if (rows.length !== ids.length || productIds.size !== 1) throw badRequest(MSG.variationUnknown);
  const productId = rows[0].productId;
  const { product } = await findProduct(deps, actor, productId);
  for (const row of rows) {
    const image = input[row.id].defaultImage;
    if (image !== row.image)
      await checkMedia(deps, actor, image, `${row.id}.defaultImage`, "image", [
        ...product.images,
        ...rows.map((r) => r.image),
      ]);
  }
  const now = deps.now();
  try {
    await deps.db.transaction(async (tx) => {
      const [locked] = await tx
        .update(products)
        .set({ updatedAt: now })
        .where(and(eq(products.id, productId), isNull(products.deletedAt), visibleTo(actor, products.shopId)))
        .returning({ id: products.id });
      if (!locked) throw notFound();
      for (const row of rows) {
        const change = input[row.id];
        const cents = toCents(change.price);
        const [updated] = await tx
          .update(productVariations)
          .set({ priceCents: cents, stock: change.stock, image: change.defaultImage, updatedAt: now })
          .where(
            and(
              eq(productVariations.id, row.id),
              sql`(${productVariations.discountType} is distinct from 'flat' or ${productVariations.discountCents} <= ${cents})`,
            ),
          )
          .returning({ id: productVariations.id });
        if (!updated) throw fieldError(`${row.id}.price`, MSG.discountBreaksPrice);
      }
      await recompute(tx, productId, now);
    });
  } catch (error) {
    if (breaksDiscount(error)) throw fieldError("price", MSG.discountBreaksPrice);
    throw error;
  }
  return (await productVariationRows(deps, productId)).map(variationEntity);
}
