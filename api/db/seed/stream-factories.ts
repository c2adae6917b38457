import type { Database } from "../client";
import { streamCategories, streamProducts, streams } from "../schema";
import { newId } from "#api/platform/data/ids";

// Streams as the stream calls leave them (ADR 0036): the demo seed and the test kit write them here, because
// creating a stream (POST live-stream/web) and going live are other calls' business and a test or the demo needs
// streams in every state. Every row passes the table's checks (a live stream has its viewURL and start, and so on).

export type StreamFields = Partial<typeof streams.$inferInsert> & { shopId: string; streamerId: string };
export interface StreamProductFields {
  productId: string;
  variationId?: string | null;
  allVariations?: boolean;
  promotionType?: "flat" | "percentage" | null;
  promotionCents?: number | null;
  promotionPercent?: number | null;
}

const HOUR = 60 * 60 * 1000;

/** A stream in `status` (created by default) with the fields that status needs filled in, its departments and products. */
export async function createStream(
  db: Database,
  fields: StreamFields,
  opts: { categories?: string[]; products?: StreamProductFields[] } = {},
) {
  const now = new Date();
  const status = fields.status ?? "created";
  const shown = status === "archived" ? (fields.archiveStatus ?? "finished") : status;
  const startAt = fields.startAt ?? new Date(now.getTime() + (shown === "created" ? 24 * HOUR : -2 * HOUR));
  const wentLive = shown === "broadcasting" || shown === "finished" || shown === "promoted";
  const startedAt = fields.startedAt ?? (wentLive ? startAt : null);
  const finishedAt =
    fields.finishedAt ?? (shown === "finished" || shown === "promoted" ? new Date(startAt.getTime() + HOUR) : null);
  const [row] = await db
    .insert(streams)
    .values({
      id: newId(),
      name: `Stream ${now.getTime().toString(36)}`,
      image: "/api/files/seed/stream.png",
      video: "/media/streams/demo-recording.mp4",
      ...fields,
      status,
      archiveStatus: status === "archived" ? shown : null,
      startAt,
      startedAt,
      finishedAt,
      viewUrl: fields.viewUrl ?? (shown === "broadcasting" ? "/media/live/demo.m3u8" : null),
    })
    .returning();
  if (opts.categories?.length)
    await db
      .insert(streamCategories)
      .values(opts.categories.map((categoryId, position) => ({ streamId: row.id, categoryId, position })));
  if (opts.products?.length)
    await db
      .insert(streamProducts)
      .values(opts.products.map((p, position) => ({ id: newId(), streamId: row.id, position, ...p })));
  return row;
}
