import { createHmac, timingSafeEqual } from "node:crypto";
import { and, asc, count, desc, eq, inArray, isNull } from "drizzle-orm";
import { MSG } from "#contract/core/messages";
import type { MyOrder } from "#contract/orders/orders-api";
import { orderLines, orders } from "#api/db/schema";
import type { Actor } from "#api/platform/auth/actor";
import { inTransaction, type Deps } from "#api/platform/deps";
import { ApiError, fieldError, notFound } from "#api/platform/http/http";
import { actingShop } from "#api/platform/auth/tenancy";
import { loadOrder, orderEntity, orderFor, type OrderLineRow, type OrderRow } from "./shared";

// Offline orders (ADR 0029 "Offline orders and 'scan qr'"): the customer's app shows the order's pickup code as a QR
// code; at the shop's counter a staff member holding the order module's 'scan qr' (or the owner) scans it, and that
// shop's items, ready as Awaiting Pickup, are handed over: Delivered. The code is the order id signed with the
// server's secret, so it cannot be guessed from an order number and needs no table.

const sign = (deps: Deps, orderId: string) =>
  createHmac("sha256", deps.env.SESSION_SECRET).update(`pickup:${orderId}`).digest("base64url").slice(0, 22);

/** The pickup code of an order (`<order id>.<signature>`); only offline orders have one. */
export const pickupCode = (deps: Deps, order: Pick<OrderRow, "id" | "orderType">) =>
  order.orderType === "offline" ? `${order.id}.${sign(deps, order.id)}` : null;

/** The order id a pickup code names, or null when the code was not made by this server. */
function orderIdOf(deps: Deps, code: string) {
  const [id, signature = "", ...rest] = code.split(".");
  if (rest.length || !/^[0-9a-f]{24}$/.test(id)) return null;
  const expected = Buffer.from(sign(deps, id));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

const mine = (o: OrderRow, lines: OrderLineRow[], deps: Deps): MyOrder => ({
  ...orderEntity(o, lines),
  pickupCode: pickupCode(deps, o),
});

/** GET order/my-orders: the signed-in customer's orders, newest first, one page (`isNext` from one row more). */
export async function myOrders(deps: Deps, buyerId: string, page: { skip: number; limit: number }) {
  const theirs = and(eq(orders.buyerId, buyerId), isNull(orders.deletedAt));
  const [{ n }] = await deps.db.select({ n: count() }).from(orders).where(theirs);
  const rows = await deps.db
    .select()
    .from(orders)
    .where(theirs)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .offset(page.skip)
    .limit(page.limit + 1);
  const shown = rows.slice(0, page.limit);
  const lines = shown.length
    ? await deps.db
        .select()
        .from(orderLines)
        .where(
          inArray(
            orderLines.orderId,
            shown.map((o) => o.id),
          ),
        )
        .orderBy(asc(orderLines.position))
    : [];
  return {
    data: shown.map((o) =>
      mine(
        o,
        lines.filter((l) => l.orderId === o.id),
        deps,
      ),
    ),
    count: n,
    isNext: rows.length > page.limit,
  };
}

/** GET order/my-orders/{id}: one of the customer's own orders (another customer's is 404). */
export async function myOrder(deps: Deps, buyerId: string, orderId: string) {
  const found = await loadOrder(deps.db, orderId);
  if (!found || found.order.buyerId !== buyerId || found.order.deletedAt) throw notFound();
  return mine(found.order, found.lines, deps);
}

/**
 * POST order/scan-qr: hands an offline order's items of the actor's shop over to the customer. Every unrefunded line
 * of the shop must be Awaiting Pickup (ready at the counter); they become Delivered together, under the order's row
 * lock, so two scans at once hand over once (the second is told the order was collected).
 */
export async function scanPickup(deps: Deps, actor: Actor, code: string) {
  const orderId = orderIdOf(deps, code);
  if (!orderId) throw fieldError("code", MSG.pickupCodeInvalid);
  const shopId = actingShop(actor, undefined);
  if (!shopId) throw notFound();
  await inTransaction(deps, async (tx) => {
    const [order] = await tx.db
      .select({ id: orders.id, orderType: orders.orderType })
      .from(orders)
      .where(and(eq(orders.id, orderId), isNull(orders.deletedAt)))
      .for("update");
    const ours = and(eq(orderLines.orderId, orderId), eq(orderLines.shopId, shopId), eq(orderLines.isRefunded, false));
    const lines = order
      ? await tx.db.select({ shopStatus: orderLines.shopStatus }).from(orderLines).where(ours).for("update")
      : [];
    // another shop's order, or one whose items here were all refunded, is not this counter's to hand over
    if (!order || !lines.length) throw notFound();
    if (order.orderType !== "offline") throw new ApiError(409, MSG.pickupNotOffline);
    if (lines.every((l) => l.shopStatus === "Delivered")) throw new ApiError(409, MSG.pickupAlreadyCollected);
    if (lines.some((l) => l.shopStatus !== "Awaiting Pickup" && l.shopStatus !== "Delivered"))
      throw new ApiError(409, MSG.pickupNotReady);
    await tx.db
      .update(orderLines)
      .set({ shopStatus: "Delivered", updatedAt: deps.now() })
      .where(and(ours, eq(orderLines.shopStatus, "Awaiting Pickup")));
  });
  const found = await loadOrder(deps.db, orderId);
  if (!found) throw notFound();
  return orderFor(actor, found.order, found.lines);
}
