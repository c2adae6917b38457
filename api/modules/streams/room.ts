import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { MSG } from "#contract/core/messages";
import type { StreamStatsInput } from "#contract/streams/streams-api";
import { orderLines, orders, productVariations, products, streamProducts, streams } from "#api/db/schema";
import { can, reachesShop } from "#contract/access/rights";
import type { Actor, Policy } from "#api/platform/auth/actor";
import type { Deps } from "#api/platform/deps";
import { publish } from "#api/platform/providers/events";
import { badRequest } from "#api/platform/http/http";
import { toDollars } from "#api/platform/data/money";
import { streamDetails, visibleStream, type StreamRow } from "./service";

// The live room (ADR 0040): a stream's sales as they happen. Orders placed from the stream publish an event
// on its channel (api/modules/orders/place.ts); whoever watches the room reads a fresh snapshot on each one. The
// figures count the stream's shop's lines only (an order may hold other shops' lines too) of orders not deleted.

/** The event channel of one stream: orders placed from it publish `{ orderId }` here. */
export const streamChannel = (streamId: string) => `stream:${streamId}`;

/**
 * PUT live-stream/stats/{id}: the streaming side (the mobile app, or a media service) reports a live stream's likes
 * and current viewers; the room's watchers get them at once (published in the update's transaction, so only once it
 * commits). Only while broadcasting: one conditional UPDATE, so a stream that finishes meanwhile keeps its last figures.
 */
export async function reportStreamStats(deps: Deps, actor: Actor, id: string, input: StreamStatsInput) {
  const stream = await visibleStream(deps, actor, id);
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(streams)
      .set({
        ...(input.likes !== undefined ? { likes: input.likes } : {}),
        ...(input.viewersCount !== undefined ? { viewersCount: input.viewersCount } : {}),
        updatedAt: deps.now(),
      })
      .where(and(eq(streams.id, stream.id), isNull(streams.deletedAt), eq(streams.status, "broadcasting")))
      .returning({ likes: streams.likes, viewersCount: streams.viewersCount });
    if (!row) throw badRequest(MSG.streamStatsNotLive);
    await publish(tx, streamChannel(stream.id), { likes: row.likes, viewersCount: row.viewersCount });
  });
  return streamDetails(deps, actor, id);
}

const total = (column: unknown) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/** Who may watch a stream's room: who may see the stream (GET live-stream/{id}). */
export const ROOM_WATCHERS = {
  roles: ["admin", "shopOwner", "staff"],
  staff: ["stream:schedule", "stream:promote", "stream:go-live"],
} as const satisfies Policy;

/** Whether `actor` (as the session stands now) may watch the room of `stream`: the route's policy and its shop. */
export const mayWatchRoom = (actor: Actor, stream: Pick<StreamRow, "shopId">) =>
  can(actor, ROOM_WATCHERS) && reachesShop(actor, stream.shopId);

/** GET live-stream/room/{id}: the figures of the room now, for whoever may see the stream (another shop's: 404). */
export async function liveRoom(deps: Deps, actor: Actor, id: string) {
  return roomFigures(deps, await visibleStream(deps, actor, id));
}

/** A stream not deleted, for a room whose watchers are checked one by one; null once it is gone. */
export async function roomStream(deps: Deps, id: string): Promise<StreamRow | null> {
  const [row] = await deps.db
    .select()
    .from(streams)
    .where(and(eq(streams.id, id), isNull(streams.deletedAt)));
  return row ?? null;
}

let roomReads = 0;
/** How many times this process has read a room's figures: the tests' proof that watchers of one room share a read. */
export const roomReadCount = () => roomReads;

/** The figures of the room of `stream` (already read and checked). */
export async function roomFigures(deps: Deps, stream: StreamRow) {
  roomReads++;
  const id = stream.id;
  const fromStream = and(eq(orders.streamId, id), isNull(orders.deletedAt), eq(orderLines.shopId, stream.shopId));
  const [[totals], sold, promoted] = await Promise.all([
    deps.db
      .select({
        ordersCount: sql<number>`count(distinct ${orderLines.orderId})`.mapWith(Number),
        items: total(orderLines.quantity),
        cents: total(orderLines.lineCents),
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(fromStream),
    deps.db
      .select({
        productId: orderLines.productId,
        variationId: orderLines.variationId,
        units: total(orderLines.quantity),
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(fromStream)
      .groupBy(orderLines.productId, orderLines.variationId),
    deps.db
      .select({
        id: streamProducts.id,
        productId: products.id,
        name: products.name,
        variationId: streamProducts.variationId,
        variant: productVariations.variant,
        productStock: products.stock,
        variationStock: productVariations.stock,
      })
      .from(streamProducts)
      .innerJoin(products, eq(products.id, streamProducts.productId))
      .leftJoin(productVariations, eq(productVariations.id, streamProducts.variationId))
      .where(and(eq(streamProducts.streamId, id), isNull(products.deletedAt)))
      .orderBy(asc(streamProducts.position), asc(streamProducts.createdAt)),
  ]);
  // a row naming a variation counts that variation's lines; a row for the product (or all its variations), all of them
  const unitsOf = (productId: string, variationId: string | null) =>
    sold
      .filter((s) => s.productId === productId && (variationId === null || s.variationId === variationId))
      .reduce((n, s) => n + s.units, 0);
  return {
    streamId: stream.id,
    status: stream.status,
    ordersCount: totals?.ordersCount ?? 0,
    revenue: toDollars(totals?.cents ?? 0),
    itemsSold: totals?.items ?? 0,
    likes: stream.likes,
    viewersCount: stream.viewersCount,
    products: promoted.map((p) => ({
      _id: p.id,
      productId: p.productId,
      name: p.name,
      variant: p.variant ?? null,
      unitsSold: unitsOf(p.productId, p.variationId),
      stock: p.variationStock ?? p.productStock,
    })),
    at: deps.now().toISOString(),
  };
}
