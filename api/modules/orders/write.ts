import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { MSG } from "#contract/core/messages";
import { QUICK_TAG_BLOCKERS, type QuickTag } from "#contract/orders/order-views";
import type { OrderUpdateBody, RefundBody } from "#contract/orders/orders-api";
import type { OrderStatusAtOnce } from "#contract/orders/orders";
import { orderLines, orders, payments, productVariations, products } from "#api/db/schema";
import type { Actor } from "#api/platform/auth/actor";
import { inTransaction, type Deps } from "#api/platform/deps";
import { ApiError, fieldError, notFound } from "#api/platform/http/http";
import { newId, sha256 } from "#api/platform/data/ids";
import { log } from "#api/platform/log";
import { actingShop, visibleTo } from "#api/platform/auth/tenancy";
import { loadOrder, orderFor } from "./shared";

// The console's writes on orders (spec 2 §4 Order line shopStatus, §7 Order,
// Payment): line statuses, the per-shop quick tags, refunds and deletion. Every transition is a conditional UPDATE
// (or runs under the row locks it reads), so two people acting at once cannot move a line where the rules forbid.

type Status = (typeof orderLines.$inferSelect)["shopStatus"];

/** From which statuses the status dialog may set a line (a refunded line never changes again). */
const LINE_FROM: Record<"Found" | "On Hold", Status[]> = {
  Found: ["Pending", "On Hold"],
  "On Hold": ["Pending", "Found"],
};
/** spec 2 §4: a quick tag is refused while any (unrefunded) line of the shop has one of its blockers (contract's table). */
const TAG_REFUSAL: Record<QuickTag, string> = {
  "Awaiting Pickup": MSG.awaitingPickupBlocked,
  "On The Way": MSG.onTheWayBlocked,
  Delivered: MSG.deliveredBlocked,
};

/** The order, live, locked for this transaction; 404 when it is missing or has no line the actor may see. */
async function lockedOrder(deps: Deps, actor: Actor, orderId: string) {
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), isNull(orders.deletedAt)))
    .for("update");
  if (!order) throw notFound();
  const [visible] = await deps.db
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), visibleTo(actor, orderLines.shopId)))
    .limit(1);
  if (!visible) throw notFound();
  return order;
}

async function answer(deps: Deps, actor: Actor, orderId: string) {
  const found = await loadOrder(deps.db, orderId);
  if (!found) throw notFound();
  return orderFor(actor, found.order, found.lines);
}

/** PUT order/{orderId}: Found / On Hold / Refunded on one line, or a quick tag on all of one shop's lines. */
export async function updateOrder(deps: Deps, actor: Actor, orderId: string, body: OrderUpdateBody) {
  if (body.orderId && body.orderId !== orderId) throw notFound();
  const status = body.shopStatus;
  if (status === "Refunded")
    return refundLines(deps, actor, { orderId, productsEntryId: [body._id!], reason: body.reason! });
  await inTransaction(deps, async (tx) => {
    await lockedOrder(tx, actor, orderId);
    if (status === "Found" || status === "On Hold") {
      const lineId = body._id!;
      const [line] = await tx.db
        .select()
        .from(orderLines)
        .where(and(eq(orderLines.id, lineId), eq(orderLines.orderId, orderId), visibleTo(actor, orderLines.shopId)));
      if (!line || (body.productId && body.productId !== line.productId)) throw notFound();
      const [moved] = await tx.db
        .update(orderLines)
        .set({ shopStatus: status, updatedAt: deps.now() })
        .where(
          and(
            eq(orderLines.id, lineId),
            eq(orderLines.isRefunded, false),
            inArray(orderLines.shopStatus, LINE_FROM[status]),
          ),
        )
        .returning({ id: orderLines.id });
      if (!moved) throw fieldError("shopStatus", MSG.lineTransition(line.shopStatus, status));
      return;
    }
    // a quick tag: the shop's lines are locked, checked against the block, then moved together
    const shopId = actingShop(actor, body.shopId);
    if (!shopId) throw fieldError("shopId", MSG.orderShopRequired);
    const mine = and(eq(orderLines.orderId, orderId), eq(orderLines.shopId, shopId), eq(orderLines.isRefunded, false));
    const lines = await tx.db
      .select({ id: orderLines.id, shopStatus: orderLines.shopStatus })
      .from(orderLines)
      .where(mine)
      .for("update");
    if (!lines.length) throw fieldError("shopId", MSG.orderShopNoLines);
    const blockers = QUICK_TAG_BLOCKERS[status];
    if (lines.some((l) => blockers.includes(l.shopStatus))) throw fieldError("shopStatus", TAG_REFUSAL[status]);
    await tx.db
      .update(orderLines)
      .set({ shopStatus: status, updatedAt: deps.now() })
      .where(
        and(
          mine,
          sql`${orderLines.shopStatus} not in (${sql.join(
            blockers.map((s) => sql`${s}`),
            sql`, `,
          )})`,
        ),
      );
  });
  return answer(deps, actor, orderId);
}

/** An order as a bulk summary names it, `#1042` (its orderId), when the caller may see it; 404 otherwise. */
export async function orderLabel(deps: Deps, actor: Actor, orderId: string) {
  const [row] = await deps.db
    .select({ number: orders.orderNumber })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(and(eq(orders.id, orderId), isNull(orders.deletedAt), visibleTo(actor, orderLines.shopId)))
    .limit(1);
  if (!row) throw notFound();
  return `#${row.number}`;
}

/** PUT order/status/{orderId}: Found or On Hold on each of the caller's lines, or a quick tag on each shop's lines. */
export async function setOrderStatus(deps: Deps, actor: Actor, orderId: string, status: OrderStatusAtOnce) {
  if (status === "Found" || status === "On Hold") return setOrderLines(deps, actor, orderId, status);
  return tagOrder(deps, actor, orderId, status);
}

/**
 * A quick tag on a whole order, as the order list's bulk sets it: PUT order/{orderId} on each shop's lines the caller
 * acts for (owners and staff: their shop's; an admin: every shop of the order with lines left to move, one after
 * another), so the spec's blocks and their messages are the single action's.
 */
async function tagOrder(deps: Deps, actor: Actor, orderId: string, tag: QuickTag) {
  const own = actingShop(actor, null);
  const shops = own ? [own] : await orderShops(deps, orderId);
  for (const shopId of shops) await updateOrder(deps, actor, orderId, { shopStatus: tag, orderId, shopId });
  return answer(deps, actor, orderId);
}

/** The shops of an order with live lines (any shop of it when none has: the single action then says so); 404 for none. */
async function orderShops(deps: Deps, orderId: string) {
  const lines = await deps.db
    .select({ shopId: orderLines.shopId, isRefunded: orderLines.isRefunded })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.orderId, orderId), isNull(orders.deletedAt)))
    .orderBy(orderLines.shopId);
  if (!lines.length) throw notFound();
  const live = [...new Set(lines.filter((l) => !l.isRefunded).map((l) => l.shopId))];
  return live.length ? live : [lines[0].shopId];
}

/**
 * Found or On Hold on every line of an order the caller may see, as the order list's bulk sets it: PUT order/{orderId}
 * line by line (the status dialog's rule for each). Lines already there stay; refunded lines never change (the dialog
 * disables them). With no line to move, the dialog's refusal for the first line is the answer.
 */
async function setOrderLines(deps: Deps, actor: Actor, orderId: string, status: "Found" | "On Hold") {
  const lines = await deps.db
    .select({
      id: orderLines.id,
      shopId: orderLines.shopId,
      productId: orderLines.productId,
      shopStatus: orderLines.shopStatus,
      isRefunded: orderLines.isRefunded,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.orderId, orderId), isNull(orders.deletedAt), visibleTo(actor, orderLines.shopId)))
    .orderBy(orderLines.position);
  if (!lines.length) throw notFound();
  const moving = lines.filter((l) => !l.isRefunded && l.shopStatus !== status);
  if (!moving.length) throw fieldError("shopStatus", MSG.lineTransition(lines[0].shopStatus, status));
  for (const line of moving)
    await updateOrder(deps, actor, orderId, {
      shopStatus: status,
      orderId,
      shopId: line.shopId,
      productId: line.productId,
      _id: line.id,
    });
  return answer(deps, actor, orderId);
}

/**
 * PUT payment/refund: refunds whole lines, each at most once and for what was paid for it (line − its coupon share +
 * its tax); the stock goes back; the provider gives the money back; the ledger records it. The order's row lock makes
 * identical concurrent requests run one after another: the first refunds, the others find the lines refunded (409).
 */
export async function refundLines(deps: Deps, actor: Actor, input: RefundBody) {
  const ids = [...new Set(input.productsEntryId)].sort();
  await inTransaction(deps, async (tx) => {
    const order = await lockedOrder(tx, actor, input.orderId);
    const lines = await tx.db
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.orderId, order.id), inArray(orderLines.id, ids), visibleTo(actor, orderLines.shopId)));
    if (lines.length !== ids.length) throw notFound();
    if (lines.some((l) => l.isRefunded)) throw new ApiError(409, MSG.lineAlreadyRefunded);
    const now = deps.now();
    let amountCents = 0;
    // rows in the order placement takes them (product, then variation, by id), so refunds and orders never deadlock
    lines.sort(
      (a, b) => a.productId.localeCompare(b.productId) || (a.variationId ?? "").localeCompare(b.variationId ?? ""),
    );
    for (const line of lines) {
      const paid = line.lineCents - line.couponDiscountCents + line.taxCents;
      const [done] = await tx.db
        .update(orderLines)
        .set({
          isRefunded: true,
          shopStatus: "Refunded",
          refundReason: input.reason,
          refundedCents: paid,
          refundedAt: now,
          updatedAt: now,
        })
        .where(and(eq(orderLines.id, line.id), eq(orderLines.isRefunded, false)))
        .returning({ id: orderLines.id });
      if (!done) throw new ApiError(409, MSG.lineAlreadyRefunded);
      amountCents += paid;
      // the stock goes back where it was taken (ADR 0029)
      await tx.db
        .update(products)
        .set({ stock: sql`${products.stock} + ${line.quantity}` })
        .where(eq(products.id, line.productId));
      if (line.variationId) {
        await tx.db
          .update(productVariations)
          .set({ stock: sql`${productVariations.stock} + ${line.quantity}` })
          .where(eq(productVariations.id, line.variationId));
      }
    }
    await tx.db
      .update(orders)
      .set({ refundedCents: sql`${orders.refundedCents} + ${amountCents}`, updatedAt: now })
      .where(eq(orders.id, order.id));
    let ref: string;
    try {
      ({ ref } = await deps.payments.refund({
        orderId: order.id,
        paymentRef: order.paymentIntentId ?? "",
        amountCents,
        idempotencyKey: sha256(`${order.id}:${ids.join(",")}`).slice(0, 40),
      }));
    } catch (error) {
      log.error("Payment refund failed", error);
      throw new ApiError(402, MSG.paymentFailed(error instanceof Error ? error.message : MSG.somethingWrong));
    }
    await tx.db.insert(payments).values({
      id: newId(),
      orderId: order.id,
      provider: order.paymentProvider,
      kind: "refund",
      amountCents,
      providerRef: ref,
      lineIds: ids,
      reason: input.reason,
      createdBy: actor.id,
      createdAt: now,
    });
  });
  return answer(deps, actor, input.orderId);
}

/**
 * DELETE order/{id} (admins; ADR 0029): refused while any money captured for it is not refunded; otherwise the order
 * is archived (soft delete), keeping its lines and ledger rows.
 */
export async function deleteOrder(deps: Deps, orderId: string) {
  const now = deps.now();
  const [done] = await deps.db
    .update(orders)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(orders.id, orderId), isNull(orders.deletedAt), eq(orders.refundedCents, orders.totalCents)))
    .returning({ id: orders.id });
  if (done) return { _id: done.id, deletedAt: now.toISOString() };
  const [live] = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), isNull(orders.deletedAt)));
  if (!live) throw notFound();
  throw new ApiError(409, MSG.orderDeleteUnrefunded);
}
