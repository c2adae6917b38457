import { and, asc, eq, isNull, ne, or } from "drizzle-orm";
import { QUICK_TAGS, orderStatus, quickTagBlock, type OrderLineStatus } from "#contract/orders/order-views";
import { orderLines, orderNotes, orders, products, shops } from "#api/db/schema";
import type { Actor } from "#api/platform/auth/actor";
import type { Deps } from "#api/platform/deps";
import { notFound } from "#api/platform/http/http";
import { toDollars } from "#api/platform/data/money";
import { selectOrders } from "./list";
import { reachesNoShop, shopScope } from "#api/platform/auth/tenancy";

// GET order/{id}?isWeb=true (spec 2 §3 Order, §7): the order with its buyer, address, lines, notes and totals, and
// per shop the quick tags with what blocks them (spec 2 §4). Owners and staff see only their shop's lines, notes and
// totals; an order without a line of theirs is 404, like one that does not exist (ARCHITECTURE §4).

export async function orderDetails(deps: Deps, actor: Actor, id: string) {
  const shopId = shopScope(actor);
  const [order] = await selectOrders(deps).where(and(eq(orders.id, id), isNull(orders.deletedAt)));
  if (!order || reachesNoShop(actor)) throw notFound();
  const [[extra], lines, notes] = await Promise.all([
    deps.db
      .select({
        paymentIntentId: orders.paymentIntentId,
        couponCode: orders.couponCode,
        currency: orders.currency,
        commissionCents: orders.commissionCents,
      })
      .from(orders)
      .where(eq(orders.id, id)),
    deps.db
      .select({ line: orderLines, shopName: shops.name, isVariationAvailable: products.isVariationAvailable })
      .from(orderLines)
      .innerJoin(shops, eq(shops.id, orderLines.shopId))
      .innerJoin(products, eq(products.id, orderLines.productId))
      .where(and(eq(orderLines.orderId, id), shopId ? eq(orderLines.shopId, shopId) : undefined))
      .orderBy(asc(orderLines.position), asc(orderLines.id)),
    deps.db
      .select()
      .from(orderNotes)
      .where(
        and(
          eq(orderNotes.orderId, id),
          shopId ? or(isNull(orderNotes.shopId), eq(orderNotes.shopId, shopId)) : undefined,
        ),
      )
      .orderBy(asc(orderNotes.createdAt), asc(orderNotes.id)),
  ]);
  if (shopId && !lines.length) throw notFound();

  const sum = (pick: (l: (typeof lines)[number]["line"]) => number) => lines.reduce((n, { line }) => n + pick(line), 0);
  const subtotal = shopId ? sum((l) => l.lineCents) : order.subtotalCents;
  const tax = shopId ? sum((l) => l.taxCents) : order.taxCents;
  const couponDiscount = shopId ? sum((l) => l.couponDiscountCents) : order.couponDiscountCents;
  const total = shopId ? subtotal + tax - couponDiscount : order.totalCents;
  const statuses = lines.map(({ line }) => line.shopStatus as OrderLineStatus);

  const shopIds = [...new Set(lines.map(({ line }) => line.shopId))];
  const shopsMeta = shopIds.map((sid) => {
    const own = lines.filter(({ line }) => line.shopId === sid);
    const ownStatuses = own.map(({ line }) => line.shopStatus as OrderLineStatus);
    // the quick tags move the live lines only (ADR 0029), as PUT order/{id} does
    const liveStatuses = own
      .filter(({ line }) => !line.isRefunded)
      .map(({ line }) => line.shopStatus as OrderLineStatus);
    return {
      _id: sid,
      name: own[0].shopName,
      status: orderStatus(ownStatuses),
      quickTags: QUICK_TAGS.map((tag) => ({ tag, blockedBy: quickTagBlock(tag, liveStatuses) })),
    };
  });
  const [others] = shopId
    ? await deps.db
        .select({ id: orderLines.id })
        .from(orderLines)
        .where(and(eq(orderLines.orderId, id), ne(orderLines.shopId, shopId)))
        .limit(1)
    : [];

  return {
    data: {
      _id: order.id,
      orderId: order.orderNumber,
      createdAt: order.createdAt.toISOString(),
      total: toDollars(total),
      address: { address: order.address, city: order.city },
      buyerId: {
        _id: order.buyerId,
        fName: order.fName,
        lName: order.lName,
        email: order.email,
        mobile: order.mobile,
        countryCode: order.countryCode,
        image: order.image,
        role: order.role,
      },
      shoplist: shopsMeta.map((s) => s.name),
      products: lines.map(({ line, shopName, isVariationAvailable }) => ({
        _id: line.id,
        id: { _id: line.productId, name: line.productName, defaultImage: line.image, isVariationAvailable },
        shopId: line.shopId,
        shopName,
        shopStatus: line.shopStatus as OrderLineStatus,
        price: toDollars(line.unitCents),
        quantity: line.quantity,
        lineTotal: toDollars(line.lineCents),
        tax: toDollars(line.taxCents),
        taxPercent: line.taxPercent,
        couponDiscount: toDollars(line.couponDiscountCents),
        commission: toDollars(line.commissionCents),
        netAmount: toDollars(line.netAmountCents),
        variantName: line.variantName,
        variantDetails: line.variantDetails ?? null,
        sku: line.sku,
        isrefunded: line.isRefunded,
        refunded: toDollars(line.refundedCents),
        reason: line.refundReason,
      })),
      status: orderStatus(statuses),
      notes: notes.map((n) => ({ _id: n.id, note: n.note, shopId: n.shopId, createdAt: n.createdAt.toISOString() })),
      orderType: order.orderType,
      // the payment's id is the platform's business: owners and staff see the order's reference only when it is theirs alone
      paymentIntentId: !shopId || !others ? extra.paymentIntentId : null,
      couponCode: extra.couponCode,
      currency: extra.currency,
      summary: {
        subtotal: toDollars(subtotal),
        tax: toDollars(tax),
        couponDiscount: toDollars(couponDiscount),
        total: toDollars(total),
        refunded: toDollars(shopId ? sum((l) => l.refundedCents) : order.refundedCents),
        netAmount: toDollars(sum((l) => l.netAmountCents)),
        commission: toDollars(shopId ? sum((l) => l.commissionCents) : extra.commissionCents),
      },
    },
    metadata: { shops: shopsMeta, partial: !!others },
  };
}
