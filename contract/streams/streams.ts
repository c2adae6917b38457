// Client-safe constants of the streams area (spec 3 §3 Stream, Stream product; §4 Stream status; §9). The zod
// schemas are in streams-api.ts. ADR 0036.

/** spec 3 §4 Stream status: the stored values, in the order the filter lists them. */
export const STREAM_STATUSES = ["created", "broadcasting", "finished", "promoted", "archived"] as const;
export type StreamStatus = (typeof STREAM_STATUSES)[number];
/** A finished stream (archived ones by the status they keep): it cannot be edited and its chat takes no messages. */
export const isStreamFinished = (s: { status: StreamStatus; archiveStatus?: StreamStatus | null }) =>
  (s.status === "archived" ? s.archiveStatus : s.status) === "finished";
/** The statuses an archived stream may return to (archiveStatus never holds `archived`). */
export const STREAM_ARCHIVABLE_STATUSES = ["created", "broadcasting", "finished", "promoted"] as const;
export type StreamArchivableStatus = (typeof STREAM_ARCHIVABLE_STATUSES)[number];

/** spec 3 §4 Stream status: how each status is shown. */
export const STREAM_STATUS_LABELS: Record<StreamStatus, string> = {
  created: "SCHEDULED",
  broadcasting: "LIVE",
  finished: "PAST",
  promoted: "PROMOTED",
  archived: "ARCHIVED",
};

/** spec 3 §3 Stream product: a promotion price is a flat amount off or a percentage off. */
/** Products a stream may be created with (POST live-stream/web `products`, ADR 0070). */
export const STREAM_PRODUCTS_MAX = 50;
export const STREAM_PROMOTION_TYPES = ["flat", "percentage"] as const;
export type StreamPromotionType = (typeof STREAM_PROMOTION_TYPES)[number];

/** The list's sortable columns (spec 3 §2 Stream list; §9 default createdAt descending). */
export const STREAM_SORTS = ["createdAt", "name", "streamer", "status", "startDateAndTime"] as const;
