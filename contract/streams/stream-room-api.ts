import { STREAM_STATUSES } from "./streams";
import { z } from "../core/zod";

// The live room (ADR 0040): a stream's sales as they happen. GET live-stream/room/{id} answers one snapshot;
// GET live-stream/room/{id}/events sends the same snapshot as each event's data, on connect and after every change.

/** A product the shop promotes in the stream: units sold from the stream, and the stock left now. */
export const liveRoomProductSchema = z.object({
  /** the stream product's id */
  _id: z.string(),
  productId: z.string(),
  name: z.string(),
  /** the variation the row promotes, when it names one */
  variant: z.string().nullable(),
  unitsSold: z.number().int(),
  stock: z.number().int(),
});

export const liveRoomSchema = z.object({
  streamId: z.string(),
  status: z.enum(STREAM_STATUSES),
  /** orders placed from the stream holding at least one line of its shop */
  ordersCount: z.number().int(),
  /** dollars: the shop's lines of those orders */
  revenue: z.number(),
  itemsSold: z.number().int(),
  likes: z.number().int(),
  viewersCount: z.number().int(),
  products: z.array(liveRoomProductSchema),
  /** when the figures were read (ISO 8601) */
  at: z.string(),
});

export type LiveRoom = z.infer<typeof liveRoomSchema>;
