import { and, asc, desc, eq, ilike, inArray, isNull, sql } from "drizzle-orm";
import { MSG } from "#contract/core/messages";
import type { PromotionProductsQuery, PromotionWriteInput } from "#contract/streams/streams-promote-api";
import { categories, productVariations, products, streamProducts, streams } from "#api/db/schema";
import type { Tx } from "#api/db/client";
import type { Actor } from "#api/platform/auth/actor";
import type { Deps } from "#api/platform/deps";
import { badRequest, fieldError, notFound } from "#api/platform/http/http";
import { newId } from "#api/platform/data/ids";
import { likePattern, listPage } from "#api/platform/data/list";
import { toCents, toDollars } from "#api/platform/data/money";
import { actingShop, visibleTo } from "#api/platform/auth/tenancy";
import { STREAM_EDITABLE, editableStream, visibleStream } from "./service";

// A stream's promoted products (spec 3 §5 Promotion discount, §7 POST and GET
// live-stream/promotion-temp-data; ADR 0039). The stream is one the caller sees (another shop's is 404) and not
// finished; the product is one of the stream's shop (another shop's, or a deleted one, is 404). A flat promotion is
// checked against the current prices inside the transaction that writes it, with the stream row locked for update and
// the product and its variations locked for share, so no price change or finish slips in between.

type ProductRow = typeof products.$inferSelect;

const productCard = (p: ProductRow, departmentName: string, promoted: boolean) => ({
  _id: p.id,
  name: p.name,
  department: { _id: p.departmentId, name: departmentName },
  defaultImage: p.defaultImage ?? p.images[0] ?? null,
  price: toDollars(p.isVariationAvailable ? (p.minCents ?? p.priceCents) : p.priceCents),
  minAndMax:
    p.isVariationAvailable && p.minCents !== null && p.maxCents !== null
      ? ([toDollars(p.minCents), toDollars(p.maxCents)] as [number, number])
      : null,
  isVariationAvailable: p.isVariationAvailable,
  promoted,
});

/** The product `productId` of shop `shopId` (not deleted), or 404; `lock` reads it FOR SHARE inside a transaction. */
async function shopProduct(db: Deps["db"] | Tx, shopId: string, productId: string, lock = false) {
  const query = db
    .select({ product: products, departmentName: categories.name })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.departmentId))
    .where(and(eq(products.id, productId), eq(products.shopId, shopId), isNull(products.deletedAt)));
  const [row] = lock ? await query.for("share", { of: products }) : await query;
  if (!row) throw notFound();
  return row;
}

const variationsOf = (db: Deps["db"] | Tx, productId: string) =>
  db
    .select({
      id: productVariations.id,
      variant: productVariations.variant,
      priceCents: productVariations.priceCents,
      image: productVariations.image,
    })
    .from(productVariations)
    .where(eq(productVariations.productId, productId))
    .orderBy(asc(productVariations.position), asc(productVariations.id));

/** The product `productId` of a shop this actor reaches (an admin: any shop), not deleted, or 404. */
async function reachableProduct(deps: Deps, actor: Actor, productId: string) {
  const [row] = await deps.db
    .select({ shopId: products.shopId })
    .from(products)
    .where(and(eq(products.id, productId), visibleTo(actor, products.shopId), isNull(products.deletedAt)));
  if (!row) throw notFound();
  return shopProduct(deps.db, row.shopId, productId);
}

/**
 * GET live-stream/promotion-temp-data/{productId}: the product, its variations and its promotions in the stream. Without
 * a stream (spec 3 §7 writes the call with isWeb=true only): the product of the caller's shop and its variations, no
 * promotions.
 */
export async function promotionDetail(deps: Deps, actor: Actor, streamId: string | undefined, productId: string) {
  const stream = streamId ? await visibleStream(deps, actor, streamId) : null;
  const { product, departmentName } = stream
    ? await shopProduct(deps.db, stream.shopId, productId)
    : await reachableProduct(deps, actor, productId);
  const [variations, rows] = await Promise.all([
    variationsOf(deps.db, productId),
    stream
      ? deps.db
          .select()
          .from(streamProducts)
          .where(and(eq(streamProducts.streamId, stream.id), eq(streamProducts.productId, productId)))
          .orderBy(asc(streamProducts.createdAt), asc(streamProducts.id))
      : Promise.resolve([]),
  ]);
  return {
    streamId: stream?.id ?? null,
    product: productCard(product, departmentName, rows.length > 0),
    variations: variations.map((v) => ({
      _id: v.id,
      variant: v.variant,
      price: toDollars(v.priceCents),
      image: v.image,
    })),
    data: rows.map((r) => ({
      variationId: r.variationId,
      allVariations: r.allVariations,
      promotionType: r.promotionType,
      promotion:
        r.promotionType === "flat"
          ? toDollars(r.promotionCents ?? 0)
          : r.promotionType === "percentage"
            ? (r.promotionPercent ?? 0)
            : null,
    })),
  };
}

/** The stream row locked for the write, still editable (it may have finished since the first read). */
async function lockEditable(tx: Tx, streamId: string) {
  const [row] = await tx
    .select({ id: streams.id })
    .from(streams)
    .where(and(eq(streams.id, streamId), isNull(streams.deletedAt), STREAM_EDITABLE))
    .for("update");
  if (!row) throw badRequest(MSG.streamFinishedNoEdit);
}

type Stored = Pick<
  typeof streamProducts.$inferInsert,
  "variationId" | "allVariations" | "promotionType" | "promotionCents" | "promotionPercent"
>;

/**
 * The data list as rows, checked against the product's current prices (spec 3 §5): a product without variations takes
 * one promotion; a variation product one for all its variations (flat at most its lowest price: '… for any
 * variation') or one per variation (flat at most that variation's price).
 */
function promotionRows(
  product: ProductRow,
  variations: { id: string; priceCents: number }[],
  data: PromotionWriteInput["data"],
): Stored[] {
  const amount = (e: PromotionWriteInput["data"][number]) =>
    e.promotionType === "flat"
      ? { promotionCents: toCents(e.promotion), promotionPercent: null }
      : { promotionCents: null, promotionPercent: e.promotion };
  if (!product.isVariationAvailable) {
    if (data.some((e) => e.variationId)) throw fieldError("data.0.variationId", MSG.promotionVariationUnknown);
    if (data.length > 1) throw fieldError("data", MSG.promotionVariationTwice);
    const [e] = data;
    if (e.promotionType === "flat" && toCents(e.promotion) > product.priceCents)
      throw fieldError("data.0.promotion", MSG.promotionFlatMax);
    return [{ variationId: null, allVariations: false, promotionType: e.promotionType, ...amount(e) }];
  }
  const global = data.findIndex((e) => e.allVariations);
  if (global >= 0) {
    if (data.length > 1) throw fieldError("data", MSG.promotionVariationTwice);
    const e = data[global];
    const lowest = Math.min(...variations.map((v) => v.priceCents), product.minCents ?? product.priceCents);
    if (e.promotionType === "flat" && toCents(e.promotion) > lowest)
      throw fieldError(`data.${global}.promotion`, MSG.promotionFlatMaxAnyVariation);
    return [{ variationId: null, allVariations: true, promotionType: e.promotionType, ...amount(e) }];
  }
  const prices = new Map(variations.map((v) => [v.id, v.priceCents]));
  const seen = new Set<string>();
  return data.map((e, i) => {
    if (!e.variationId) throw fieldError(`data.${i}.variationId`, MSG.discountAllRequired);
    const price = prices.get(e.variationId);
    if (price === undefined) throw fieldError(`data.${i}.variationId`, MSG.promotionVariationUnknown);
    if (seen.has(e.variationId)) throw fieldError(`data.${i}.variationId`, MSG.promotionVariationTwice);
    seen.add(e.variationId);
    if (e.promotionType === "flat" && toCents(e.promotion) > price)
      throw fieldError(`data.${i}.promotion`, MSG.promotionFlatMax);
    return { variationId: e.variationId, allVariations: false, promotionType: e.promotionType, ...amount(e) };
  });
}

/**
 * POST live-stream/promotion-temp-data: the product's promotions in the stream become the data list (a product not yet
 * in the stream joins it at the end). Answers the product's promotions as GET shows them.
 */
export async function setPromotion(deps: Deps, actor: Actor, input: PromotionWriteInput) {
  const stream = await editableStream(deps, actor, input.streamId);
  await shopProduct(deps.db, stream.shopId, input.productId);
  await deps.db.transaction(async (tx) => {
    await lockEditable(tx, stream.id);
    const { product } = await shopProduct(tx, stream.shopId, input.productId, true);
    const variations = product.isVariationAvailable ? await variationsOf(tx, product.id).for("share") : [];
    const rows = promotionRows(product, variations, input.data);
    const existing = await tx
      .select({ position: streamProducts.position })
      .from(streamProducts)
      .where(and(eq(streamProducts.streamId, stream.id), eq(streamProducts.productId, product.id)))
      .orderBy(asc(streamProducts.position))
      .limit(1);
    const [last] = await tx
      .select({ position: streamProducts.position })
      .from(streamProducts)
      .where(eq(streamProducts.streamId, stream.id))
      .orderBy(desc(streamProducts.position))
      .limit(1);
    const position = existing[0]?.position ?? (last ? last.position + 1 : 0);
    await tx
      .delete(streamProducts)
      .where(and(eq(streamProducts.streamId, stream.id), eq(streamProducts.productId, product.id)));
    const now = deps.now();
    await tx.insert(streamProducts).values(
      rows.map((r) => ({
        id: newId(),
        streamId: stream.id,
        productId: product.id,
        position,
        ...r,
        createdAt: now,
        updatedAt: now,
      })),
    );
    await tx.update(streams).set({ updatedAt: now }).where(eq(streams.id, stream.id));
  });
  return promotionDetail(deps, actor, stream.id, input.productId);
}

/** DELETE live-stream/promotion-temp-data {streamId, productId}: the product leaves the stream's products. */
export async function removePromotion(deps: Deps, actor: Actor, streamId: string, productId: string) {
  const stream = await editableStream(deps, actor, streamId);
  await shopProduct(deps.db, stream.shopId, productId);
  await deps.db.transaction(async (tx) => {
    await lockEditable(tx, stream.id);
    const removed = await tx
      .delete(streamProducts)
      .where(and(eq(streamProducts.streamId, stream.id), eq(streamProducts.productId, productId)))
      .returning({ id: streamProducts.id });
    if (!removed.length) throw notFound(MSG.promotionNotPromoted);
    await tx.update(streams).set({ updatedAt: deps.now() }).where(eq(streams.id, stream.id));
  });
  return { streamId: stream.id, productId };
}

/** GET live-stream/promotion-products: the promote drawer's cards, the stream's shop's products (Promote or Promoted). */
export async function promotableProducts(deps: Deps, actor: Actor, q: PromotionProductsQuery) {
  // without a stream (an Add Stream page, ADR 0070): the acting shop's products, none promoted yet
  const stream = q.streamId ? await visibleStream(deps, actor, q.streamId) : null;
  const shopId = stream?.shopId ?? actingShop(actor, q.shopId);
  if (!shopId) throw fieldError("shopId", MSG.orderShopRequired);
  const where = and(
    eq(products.shopId, shopId),
    isNull(products.deletedAt),
    q.ids ? inArray(products.id, q.ids.length ? q.ids : [""]) : undefined,
    q.department ? eq(products.departmentId, q.department) : undefined,
    q.search ? ilike(products.name, likePattern(q.search)) : undefined,
  );
  const promoted = stream
    ? sql<boolean>`exists (select 1 from ${streamProducts} where ${streamProducts.streamId} = ${stream.id} and ${streamProducts.productId} = ${products.id})`
    : sql<boolean>`false`;
  const dir = q.sortType === "asc" ? asc : desc;
  const sort = q.sort === "createdAt" ? products.createdAt : sql`lower(${products.name})`;
  const page = await listPage(
    q,
    ({ limit, offset }) =>
      deps.db
        .select({ product: products, departmentName: categories.name, promoted })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.departmentId))
        .where(where)
        .orderBy(dir(sort), asc(products.id))
        .limit(limit)
        .offset(offset),
    { db: deps.db, from: products, where },
  );
  return { ...page, data: page.data.map((r) => productCard(r.product, r.departmentName, Boolean(r.promoted))) };
}
