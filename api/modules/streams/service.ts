import { and, asc, eq, exists, ilike, inArray, isNotNull, isNull, ne, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { MSG } from "#contract/core/messages";
import type { ArchiveStreamInput, StreamListQuery } from "#contract/streams/streams-api";
import type { StreamStatus } from "#contract/streams/streams";
import {
  categories,
  productVariations,
  products,
  shops,
  streamCategories,
  streamProducts,
  streams,
  users,
} from "#api/db/schema";
import type { Actor } from "#api/platform/auth/actor";
import type { Deps } from "#api/platform/deps";
import { badRequest, notFound } from "#api/platform/http/http";
import { likePattern, listPage, orderBy } from "#api/platform/data/list";
import { toDollars } from "#api/platform/data/money";
import { reachesEveryShop, requireShop, visibleTo } from "#api/platform/auth/tenancy";
import { promotedCents } from "./order-prices";

// spec 3 §3, §4, §7 Streams (ADR 0036). Admins see every shop's streams; owners and staff their shop's
// (another shop's stream answers 404/1004 like one that does not exist). Status changes are single conditional
// updates, so two callers racing (archive and go-live, say) cannot both win from the same starting status.

export type StreamRow = typeof streams.$inferSelect;
const streamer = alias(users, "streamer");

const joined = (deps: Deps, where: SQL | undefined) =>
  deps.db
    .select({
      stream: streams,
      shopName: shops.name,
      streamer: {
        id: streamer.id,
        fName: streamer.fName,
        lName: streamer.lName,
        role: streamer.role,
        image: streamer.image,
      },
    })
    .from(streams)
    .innerJoin(shops, eq(shops.id, streams.shopId))
    .innerJoin(streamer, eq(streamer.id, streams.streamerId))
    .where(where);
type Joined = Awaited<ReturnType<typeof joined>>[number];

/** The departments of these streams, in the order chosen. */
async function categoriesOf(deps: Deps, ids: string[]) {
  const byStream = new Map<string, { _id: string; name: string }[]>();
  if (!ids.length) return byStream;
  const rows = await deps.db
    .select({ streamId: streamCategories.streamId, id: categories.id, name: categories.name })
    .from(streamCategories)
    .innerJoin(categories, eq(categories.id, streamCategories.categoryId))
    .where(inArray(streamCategories.streamId, ids))
    .orderBy(asc(streamCategories.position), asc(categories.name));
  for (const r of rows) byStream.set(r.streamId, [...(byStream.get(r.streamId) ?? []), { _id: r.id, name: r.name }]);
  return byStream;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toEntity({ stream: s, shopName, streamer: p }: Joined, cats: { _id: string; name: string }[]) {
  return {
    _id: s.id,
    shopId: s.shopId,
    shop: { _id: s.shopId, name: shopName },
    name: s.name,
    status: s.status,
    archiveStatus: s.archiveStatus,
    categories: cats,
    streamer: { _id: p.id, fName: p.fName ?? "", lName: p.lName ?? "", role: p.role, image: p.image ?? null },
    startDateAndTime: s.startAt.getTime(),
    endDateAndTime: s.endAt ? s.endAt.getTime() : null,
    image: s.image,
    video: s.video,
    streamVideo: s.streamVideo,
    viewURL: s.viewUrl,
    externalUrl: s.externalUrl,
    streamChat: s.streamChat ?? null,
    campaignId: s.campaignId,
    likes: s.likes,
    viewersCount: s.viewersCount,
    startedAt: iso(s.startedAt),
    finishedAt: iso(s.finishedAt),
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}
export type StreamEntity = ReturnType<typeof toEntity>;

/** The streams this actor may see: live (not deleted) ones of every shop for an admin, of their shop for owners and staff. */
const visible = (actor: Actor) => and(isNull(streams.deletedAt), visibleTo(actor, streams.shopId));

/** POST live-stream/list: the spec's filters, a name search, sorted by an indexed column. */
export async function listStreams(deps: Deps, actor: Actor, q: StreamListQuery) {
  // owners and staff may name only their own shop (another shop's id is 404, ADR 0036); an admin any of them
  for (const id of q.shopId ?? []) requireShop(actor, id);
  const term = q.search ? likePattern(q.search) : null;
  const where = and(
    visible(actor),
    reachesEveryShop(actor) && q.shopId?.length ? inArray(streams.shopId, q.shopId) : undefined,
    q.campaignId ? eq(streams.campaignId, q.campaignId) : undefined,
    q.streamer ? eq(streams.streamerId, q.streamer) : undefined,
    q.status ? eq(streams.status, q.status) : undefined,
    q.isCampaign === true
      ? isNotNull(streams.campaignId)
      : q.isCampaign === false
        ? isNull(streams.campaignId)
        : undefined,
    q.category
      ? exists(
          deps.db
            .select({ one: sql`1` })
            .from(streamCategories)
            .where(and(eq(streamCategories.streamId, streams.id), eq(streamCategories.categoryId, q.category))),
        )
      : undefined,
    term ? ilike(streams.name, term) : undefined,
  );
  const sorting = orderBy(
    q,
    {
      createdAt: streams.createdAt,
      name: sql`lower(${streams.name})`,
      streamer: sql`lower(${streamer.fName} || ' ' || ${streamer.lName})`,
      status: streams.status,
      startDateAndTime: streams.startAt,
    },
    streams.id,
  );
  const page = await listPage(
    q,
    ({ limit, offset }) =>
      joined(deps, where)
        .orderBy(...sorting)
        .limit(limit)
        .offset(offset),
    { db: deps.db, from: streams, where },
  );
  const cats = await categoriesOf(
    deps,
    page.data.map((r) => r.stream.id),
  );
  return { ...page, data: page.data.map((r) => toEntity(r, cats.get(r.stream.id) ?? [])) };
}

/** One stream this actor may see; another shop's is 404/1004 like one that does not exist. */
export async function visibleStream(deps: Deps, actor: Actor, id: string): Promise<StreamRow> {
  const [row] = await deps.db
    .select()
    .from(streams)
    .where(and(eq(streams.id, id), visible(actor)));
  if (!row) throw notFound();
  return row;
}

/** The status a stream is in for editing: an archived stream counts as the status it will return to. */
const effectiveStatus = (s: Pick<StreamRow, "status" | "archiveStatus">): StreamStatus =>
  s.status === "archived" ? (s.archiveStatus ?? "archived") : s.status;

/**
 * spec 3 §4: finished streams cannot be edited. The update call (streams-edit) loads the stream with this guard and
 * makes its UPDATE conditional on `STREAM_EDITABLE`, so a stream that finishes between the read and the write is
 * not changed either.
 */
export async function editableStream(deps: Deps, actor: Actor, id: string): Promise<StreamRow> {
  const row = await visibleStream(deps, actor, id);
  if (effectiveStatus(row) === "finished") throw badRequest(MSG.streamFinishedNoEdit);
  return row;
}
/** The WHERE condition an edit's UPDATE adds (the same rule as editableStream, decided by the database). */
export const STREAM_EDITABLE = sql`coalesce(${streams.archiveStatus}, ${streams.status}) <> 'finished'`;

async function entity(deps: Deps, actor: Actor, id: string) {
  const [row] = await joined(deps, and(eq(streams.id, id), visible(actor)));
  if (!row) throw notFound();
  const cats = await categoriesOf(deps, [id]);
  return toEntity(row, cats.get(id) ?? []);
}

/** GET product/stream/{id}: the stream's products as the viewer lists them (spec 3 §3 Stream product). */
export async function streamProductsOf(deps: Deps, actor: Actor, id: string) {
  await visibleStream(deps, actor, id);
  const department = alias(categories, "department");
  const rows = await deps.db
    .select({
      sp: streamProducts,
      product: products,
      departmentName: department.name,
      variationPrice: productVariations.priceCents,
      variationStock: productVariations.stock,
      variationImage: productVariations.image,
    })
    .from(streamProducts)
    .innerJoin(products, eq(products.id, streamProducts.productId))
    .innerJoin(department, eq(department.id, products.departmentId))
    .leftJoin(productVariations, eq(productVariations.id, streamProducts.variationId))
    .where(and(eq(streamProducts.streamId, id), isNull(products.deletedAt)))
    .orderBy(asc(streamProducts.position), asc(streamProducts.createdAt));
  return rows.map(({ sp, product: p, departmentName, variationPrice, variationStock, variationImage }) => {
    const price = variationPrice ?? (p.isVariationAvailable ? (p.minCents ?? p.priceCents) : p.priceCents);
    const range =
      p.isVariationAvailable && p.minCents !== null && p.maxCents !== null ? ([p.minCents, p.maxCents] as const) : null;
    const promotion = promotedCents(price, sp);
    return {
      _id: sp.id,
      productId: {
        _id: p.id,
        name: p.name,
        department: { _id: p.departmentId, name: departmentName },
        defaultImage: variationImage ?? p.defaultImage ?? p.images[0] ?? null,
        stock: variationStock ?? p.stock,
        price: toDollars(price),
        isVariationAvailable: p.isVariationAvailable,
        isDiscount: p.isDiscount,
        discount:
          p.discountType === "flat"
            ? toDollars(p.discountCents ?? 0)
            : p.discountType === "percentage"
              ? (p.discountPercent ?? 0)
              : null,
      },
      variationId: sp.variationId,
      allVariations: sp.allVariations,
      promotionType: sp.promotionType,
      promotion:
        sp.promotionType === "flat"
          ? toDollars(sp.promotionCents ?? 0)
          : sp.promotionType === "percentage"
            ? (sp.promotionPercent ?? 0)
            : null,
      discountPrice: promotion === null ? null : toDollars(promotion),
      minAndMax: range ? ([toDollars(range[0]), toDollars(range[1])] as [number, number]) : null,
    };
  });
}

/** GET live-stream/{id}: the stream with its products. */
export async function streamDetails(deps: Deps, actor: Actor, id: string) {
  const [stream, list] = await Promise.all([entity(deps, actor, id), streamProductsOf(deps, actor, id)]);
  return { ...stream, products: list };
}

/**
 * spec 3 §4 Archive: archiving keeps the status in archiveStatus and sets archived; unarchiving restores it. The
 * status the caller names for an unarchive is not trusted: the stored archiveStatus is what comes back.
 */
export async function archiveStream(deps: Deps, actor: Actor, input: ArchiveStreamInput) {
  await visibleStream(deps, actor, input.id);
  const now = deps.now();
  const archiving = input.data.status === "archived";
  const [row] = archiving
    ? await deps.db
        .update(streams)
        .set({ archiveStatus: sql`${streams.status}`, status: "archived", updatedAt: now })
        .where(and(eq(streams.id, input.id), visible(actor), ne(streams.status, "archived")))
        .returning({ id: streams.id })
    : await deps.db
        .update(streams)
        .set({ status: sql`${streams.archiveStatus}`, archiveStatus: null, updatedAt: now })
        .where(and(eq(streams.id, input.id), visible(actor), eq(streams.status, "archived")))
        .returning({ id: streams.id });
  if (!row) throw badRequest(archiving ? MSG.streamAlreadyArchived : MSG.streamNotArchived);
  return {
    stream: await entity(deps, actor, input.id),
    message: archiving ? MSG.streamArchived : MSG.streamUnarchived,
  };
}

/** DELETE live-stream/{id}: soft; a stream that is live right now cannot be deleted (ADR 0036). */
export async function deleteStream(deps: Deps, actor: Actor, id: string) {
  await visibleStream(deps, actor, id);
  const [row] = await deps.db
    .update(streams)
    .set({ deletedAt: deps.now(), updatedAt: deps.now() })
    .where(and(eq(streams.id, id), visible(actor), ne(streams.status, "broadcasting")))
    .returning({ id: streams.id });
  if (!row) throw badRequest(MSG.streamDeleteLive);
  return { _id: id };
}

/** The streaming side: a scheduled stream goes live with its live address (viewURL). */
export async function goLive(deps: Deps, actor: Actor, id: string, viewURL: string) {
  await visibleStream(deps, actor, id);
  const now = deps.now();
  const [row] = await deps.db
    .update(streams)
    .set({ status: "broadcasting", viewUrl: viewURL, startedAt: now, updatedAt: now })
    .where(and(eq(streams.id, id), visible(actor), eq(streams.status, "created")))
    .returning({ id: streams.id });
  if (!row) throw badRequest(MSG.streamNotScheduled);
  return entity(deps, actor, id);
}

/** …and a live stream finishes with its recording (streamVideo); the live address is kept for the record. */
export async function finishStream(deps: Deps, actor: Actor, id: string, streamVideo: string) {
  await visibleStream(deps, actor, id);
  const now = deps.now();
  const [row] = await deps.db
    .update(streams)
    .set({
      status: "finished",
      streamVideo,
      finishedAt: now,
      endAt: sql`greatest(coalesce(${streams.endAt}, ${now.toISOString()}::timestamptz), ${streams.startAt})`,
      updatedAt: now,
    })
    .where(and(eq(streams.id, id), visible(actor), eq(streams.status, "broadcasting")))
    .returning({ id: streams.id });
  if (!row) throw badRequest(MSG.streamNotLive);
  return entity(deps, actor, id);
}
