import { and, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import { MSG } from "#contract/core/messages";
import type { PlaceOrderBody, PlacedOrder } from "#contract/orders/orders-api";
import {
  categories,
  orderLines,
  orderParts,
  orders,
  payments,
  productVariations,
  products,
  shopCommissions,
  shops,
  users,
} from "#api/db/schema";
import { rememberCustomers } from "#api/modules/customers";
import { unitPriceCents } from "#api/modules/products";
import { streamChannel, streamForOrder } from "#api/modules/streams";
import { isUniqueViolation } from "#api/platform/data/db-errors";
import { inTransaction, type Deps } from "#api/platform/deps";
import { publish } from "#api/platform/providers/events";
import { ApiError, badRequest, fieldError, notFound } from "#api/platform/http/http";
import { newId, sha256 } from "#api/platform/data/ids";
import { log } from "#api/platform/log";
import { redeemCoupon } from "./coupon";
import { loadOrder, orderEntity, orderPartRows } from "./shared";

// POST order: one transaction that prices the lines, takes the stock, redeems the
// coupon and captures the payment; any refusal or failure rolls all of it back.

export interface PlaceOrderInput extends PlaceOrderBody {
  /** the Idempotency-Key header: the same key from the same buyer answers the first order */
  idempotencyKey?: string;
  /** tests and the demo seed only: when the order was placed (coupon dates are checked at this time) */
  createdAt?: Date;
}

export interface PlaceOrderResult {
  order: PlacedOrder;
  /** true when the idempotency key found an order placed before (nothing new was placed) */
  replayed: boolean;
}

/** The request an idempotency key came with, as the schema read it: the same key must come with the same request. */
const fingerprintOf = (input: PlaceOrderInput) =>
  sha256(
    JSON.stringify([
      input.lines.map((l) => [l.productId, l.variationId ?? null, l.quantity]),
      input.couponCode ?? null,
      input.address.address,
      input.address.city,
      input.orderType,
      input.streamId ?? null,
      input.paymentMethodId ?? null,
    ]),
  );

/**
 * The order the buyer placed before with this key, or null. The key reused with another request is refused (Stripe's
 * rule): answering the first order would tell the app that this different order was placed.
 */
async function orderByKey(deps: Deps, buyerId: string, key: string, input: PlaceOrderInput) {
  const [row] = await deps.db
    .select({ id: orders.id, fingerprint: orders.idempotencyFingerprint })
    .from(orders)
    .where(and(eq(orders.buyerId, buyerId), eq(orders.idempotencyKey, key)));
  if (row && row.fingerprint !== null && row.fingerprint !== fingerprintOf(input))
    throw new ApiError(422, MSG.orderIdempotencyKeyReused);
  const found = row && (await loadOrder(deps.db, row.id));
  return found ? orderEntity(found.order, found.lines) : null;
}

/** Places an order for `buyerId` (a customer). Callable by other modules, the seed and tests with any deps or tx. */
export async function placeOrder(deps: Deps, buyerId: string, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const key = input.idempotencyKey;
  if (key) {
    const earlier = await orderByKey(deps, buyerId, key, input);
    if (earlier) return { order: earlier, replayed: true };
  }
  try {
    return await inTransaction(deps, (tx) => placeInTransaction(tx, buyerId, input));
  } catch (error) {
    // two first tries with one key raced past the buyer's lock only if the buyer row was missing; the index decides
    if (key && isUniqueViolation(error)) {
      const earlier = await orderByKey(deps, buyerId, key, input);
      if (earlier) return { order: earlier, replayed: true };
    }
    throw error;
  }
}

/** A product line's facts for pricing: the product, its shop, its leaf's tax and commission, and the shop's own rate. */
function productFacts(deps: Deps, ids: string[]) {
  return deps.db
    .select({
      product: products,
      shopStatus: shops.status,
      shopDeleted: shops.deletedAt,
      tax: categories.tax,
      leafCommission: categories.commission,
      shopCommission: shopCommissions.percentage,
    })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .innerJoin(categories, eq(categories.id, products.subcategoryId))
    .leftJoin(
      shopCommissions,
      and(eq(shopCommissions.shopId, products.shopId), eq(shopCommissions.categoryId, products.subcategoryId)),
    )
    .where(and(inArray(products.id, ids), isNull(products.deletedAt)));
}

async function placeInTransaction(deps: Deps, buyerId: string, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const at = input.createdAt ?? deps.now();
  // the buyer's row is the lock that places one customer's orders one at a time (idempotency, per-customer coupon rules)
  const [buyer] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, buyerId), eq(users.role, "endUser"), isNull(users.deletedAt)))
    .for("update");
  if (!buyer) throw notFound();
  if (input.idempotencyKey) {
    const earlier = await orderByKey(deps, buyerId, input.idempotencyKey, input);
    if (earlier) return { order: earlier, replayed: true };
  }

  // an order placed from a stream: while it is live, its promoted products sell at their promotion price
  const stream = input.streamId ? await streamForOrder(deps, input.streamId) : null;
  if (input.streamId && !stream) throw fieldError("streamId", MSG.orderStreamUnknown);

  const facts = new Map(
    (await productFacts(deps, [...new Set(input.lines.map((l) => l.productId))])).map((f) => [f.product.id, f]),
  );
  const variationIds = input.lines.flatMap((l) => (l.variationId ? [l.variationId] : []));
  const variations = new Map(
    variationIds.length
      ? (await deps.db.select().from(productVariations).where(inArray(productVariations.id, variationIds))).map((v) => [
          v.id,
          v,
        ])
      : [],
  );

  const priced = input.lines.map((line, i) => {
    const n = i + 1;
    const f = facts.get(line.productId);
    if (!f || f.shopDeleted || f.shopStatus !== "Approved") throw badRequest(MSG.orderProductUnavailable(n));
    const p = f.product;
    let variation: typeof productVariations.$inferSelect | undefined;
    if (p.isVariationAvailable) {
      if (!line.variationId) throw badRequest(MSG.orderVariationRequired(n, p.name));
      variation = variations.get(line.variationId);
      if (!variation || variation.productId !== p.id) throw badRequest(MSG.orderVariationUnknown(n, p.name));
    } else if (line.variationId) throw badRequest(MSG.orderVariationUnknown(n, p.name));
    const regularCents = unitPriceCents(p, variation);
    const promotionCents =
      stream?.shopId === p.shopId
        ? stream.promotionCents(p.id, variation?.id, variation ? variation.priceCents : p.priceCents)
        : null;
    // the promotion price, unless the product's own discount already sells it for less
    const unitCents = promotionCents === null ? regularCents : Math.min(regularCents, promotionCents);
    return {
      n,
      line,
      product: p,
      variation,
      shopId: p.shopId,
      departmentId: p.departmentId,
      categoryId: p.categoryId,
      subcategoryId: p.subcategoryId,
      unitCents,
      lineCents: unitCents * line.quantity,
      taxPercent: f.tax ?? 0,
      commissionPercent: f.shopCommission ?? f.leafCommission ?? 0,
    };
  });

  // stock, in one order of rows for every transaction (product before its variation) so concurrent orders never deadlock
  const byRow = [...priced].sort(
    (a, b) => a.product.id.localeCompare(b.product.id) || (a.variation?.id ?? "").localeCompare(b.variation?.id ?? ""),
  );
  for (const l of byRow) {
    const q = l.line.quantity;
    const [p] = await deps.db
      .update(products)
      .set({ stock: sql`${products.stock} - ${q}` })
      .where(and(eq(products.id, l.product.id), gte(products.stock, q), isNull(products.deletedAt)))
      .returning({ id: products.id });
    const v =
      p && l.variation
        ? (
            await deps.db
              .update(productVariations)
              .set({ stock: sql`${productVariations.stock} - ${q}` })
              .where(and(eq(productVariations.id, l.variation.id), gte(productVariations.stock, q)))
              .returning({ id: productVariations.id })
          )[0]
        : p;
    if (!p || !v)
      throw new ApiError(409, MSG.orderOutOfStock(l.n, l.product.name), {
        errors: { [`lines.${l.n - 1}.quantity`]: [MSG.orderOutOfStock(l.n, l.product.name)] },
      });
  }

  const redeemed = input.couponCode ? await redeemCoupon(deps, buyerId, input.couponCode, priced, at) : null;

  const orderId = newId();
  const lineRows = priced.map((l, i) => {
    const couponDiscountCents = redeemed?.shares[i] ?? 0;
    const taxCents = Math.round((l.lineCents * l.taxPercent) / 100);
    const commissionCents = Math.round(((l.lineCents - couponDiscountCents) * l.commissionPercent) / 100);
    return {
      id: newId(),
      orderId,
      shopId: l.shopId,
      productId: l.product.id,
      variationId: l.variation?.id ?? null,
      productName: l.product.name,
      image: l.variation?.image ?? l.product.defaultImage ?? l.product.images[0] ?? null,
      sku: l.variation?.sku ?? l.product.sku,
      variantName: l.variation?.variant ?? null,
      variantDetails: l.variation?.variantDetails ?? null,
      categoryId: l.subcategoryId,
      unitCents: l.unitCents,
      quantity: l.line.quantity,
      lineCents: l.lineCents,
      taxPercent: l.taxPercent,
      taxCents,
      couponDiscountCents,
      commissionPercent: l.commissionPercent,
      commissionCents,
      netAmountCents: l.lineCents - couponDiscountCents - commissionCents,
      position: i,
      createdAt: at,
      updatedAt: at,
    };
  });
  const sum = (pick: (l: (typeof lineRows)[number]) => number) => lineRows.reduce((s, l) => s + pick(l), 0);
  const subtotalCents = sum((l) => l.lineCents);
  const taxCents = sum((l) => l.taxCents);
  const couponDiscountCents = sum((l) => l.couponDiscountCents);
  const totalCents = subtotalCents + taxCents - couponDiscountCents;
  const [order] = await deps.db
    .insert(orders)
    .values({
      id: orderId,
      buyerId,
      orderType: input.orderType,
      address: input.address.address,
      city: input.address.city,
      streamId: input.streamId ?? null,
      campaignId: stream?.campaignId ?? null,
      couponId: redeemed?.coupon.id ?? null,
      couponCode: redeemed?.coupon.code ?? null,
      subtotalCents,
      taxCents,
      couponDiscountCents,
      totalCents,
      commissionCents: sum((l) => l.commissionCents),
      paymentProvider: deps.payments.name,
      idempotencyKey: input.idempotencyKey ?? null,
      idempotencyFingerprint: input.idempotencyKey ? fingerprintOf(input) : null,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  const lines = await deps.db.insert(orderLines).values(lineRows).returning();
  await deps.db.insert(orderParts).values(orderPartRows(order, lineRows));
  // the stream's live room hears of the order when (and only if) the transaction commits (ADR 0040)
  if (stream) await publish(deps.db, streamChannel(stream.id), { orderId });
  // every shop of the order now counts the buyer as its customer (spec 2 §2 Customers list)
  for (const shopId of new Set(lineRows.map((l) => l.shopId)))
    await rememberCustomers(deps.db, shopId, [buyerId], "ordered", null, at);

  // the payment last: every refusal above has happened, and a failure here rolls the order back
  let ref: string;
  try {
    ({ ref } = await deps.payments.capture({
      orderId,
      amountCents: totalCents,
      idempotencyKey: orderId,
      paymentMethod: input.paymentMethodId,
    }));
  } catch (error) {
    log.error("Payment capture failed", error);
    throw new ApiError(402, MSG.paymentFailed(error instanceof Error ? error.message : MSG.somethingWrong));
  }
  await deps.db.insert(payments).values({
    id: newId(),
    orderId,
    provider: deps.payments.name,
    kind: "capture",
    amountCents: totalCents,
    providerRef: ref,
    createdAt: at,
  });
  const [paid] = await deps.db.update(orders).set({ paymentIntentId: ref }).where(eq(orders.id, orderId)).returning();
  lines.sort((a, b) => a.position - b.position);
  return { order: orderEntity(paid ?? order, lines), replayed: false };
}
