import { asc, eq } from "drizzle-orm";
import type { PlacedOrder } from "#contract/orders/orders-api";
import { orderLines, orderParts, orders } from "#api/db/schema";
import type { Database } from "#api/db/client";
import type { Actor } from "#api/platform/auth/actor";
import { toDollars } from "#api/platform/data/money";
import { ownPart, reachesEveryShop } from "#api/platform/auth/tenancy";

// What the order calls answer, from the rows (money in dollars on the wire, cents in the database).

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

export function lineEntity(l: OrderLineRow) {
  return {
    _id: l.id,
    productId: l.productId,
    variationId: l.variationId,
    shopId: l.shopId,
    name: l.productName,
    variantName: l.variantName,
    variantDetails: l.variantDetails,
    price: toDollars(l.unitCents),
    quantity: l.quantity,
    tax: toDollars(l.taxCents),
    couponDiscount: toDollars(l.couponDiscountCents),
    commission: toDollars(l.commissionCents),
    netAmount: toDollars(l.netAmountCents),
    shopStatus: l.shopStatus,
    isrefunded: l.isRefunded,
    reason: l.refundReason,
    refunded: toDollars(l.refundedCents),
  };
}

export function orderEntity(o: OrderRow, lines: OrderLineRow[]): PlacedOrder {
  return {
    _id: o.id,
    orderId: o.orderNumber,
    buyerId: o.buyerId,
    createdAt: o.createdAt.toISOString(),
    orderType: o.orderType,
    address: { address: o.address, city: o.city },
    streamId: o.streamId,
    couponCode: o.couponCode,
    subtotal: toDollars(o.subtotalCents),
    tax: toDollars(o.taxCents),
    couponDiscount: toDollars(o.couponDiscountCents),
    total: toDollars(o.totalCents),
    refunded: toDollars(o.refundedCents),
    currency: o.currency,
    paymentProvider: o.paymentProvider,
    paymentIntentId: o.paymentIntentId,
    products: lines.map(lineEntity),
  };
}

/** An order and its lines (all shops'), as written. */
export async function loadOrder(db: Database, orderId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
  return { order, lines };
}

/**
 * The part of an order `actor` may see: admins the whole order; an owner or staff member only their shop's
 * lines, and totals summed over those lines alone.
 */
export function orderFor(actor: Actor, order: OrderRow, lines: OrderLineRow[]): PlacedOrder {
  if (reachesEveryShop(actor)) return orderEntity(order, lines);
  const own = ownPart(actor, lines, (l) => l.shopId);
  const sum = (pick: (l: OrderLineRow) => number) => own.reduce((s, l) => s + pick(l), 0);
  const subtotalCents = sum((l) => l.lineCents);
  const taxCents = sum((l) => l.taxCents);
  const couponDiscountCents = sum((l) => l.couponDiscountCents);
  return orderEntity(
    {
      ...order,
      subtotalCents,
      taxCents,
      couponDiscountCents,
      totalCents: subtotalCents + taxCents - couponDiscountCents,
      refundedCents: sum((l) => l.refundedCents),
      commissionCents: sum((l) => l.commissionCents),
    },
    own,
  );
}

/**
 * Each shop's part of an order (order_parts, ADR 0033), from its lines: the shop's lines, their tax, less their coupon
 * share, with the order's number, date and buyer. Placing an order writes these beside the lines; the owners' orders
 * list pages and sorts by them, and finds a searched customer's parts by buyer.
 */
export function orderPartRows(
  order: Pick<OrderRow, "id" | "orderNumber" | "buyerId" | "createdAt">,
  lines: readonly Pick<OrderLineRow, "shopId" | "lineCents" | "taxCents" | "couponDiscountCents">[],
): (typeof orderParts.$inferInsert)[] {
  const totals = new Map<string, number>();
  for (const l of lines)
    totals.set(l.shopId, (totals.get(l.shopId) ?? 0) + l.lineCents + l.taxCents - l.couponDiscountCents);
  return [...totals].map(([shopId, totalCents]) => ({
    shopId,
    orderId: order.id,
    orderNumber: order.orderNumber,
    buyerId: order.buyerId,
    totalCents,
    createdAt: order.createdAt,
  }));
}
