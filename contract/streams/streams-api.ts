import { listQuerySchema, repeated } from "../core/list";
import { MSG } from "../core/messages";
import { STREAM_ARCHIVABLE_STATUSES, STREAM_PROMOTION_TYPES, STREAM_SORTS, STREAM_STATUSES } from "./streams";
import { idField, z } from "../core/zod";

// The schemas of the stream calls (spec 3 §3 Stream, Stream product; §7 Streams; ADR 0036). Server only: pages import
// the types and constants of contract/streams/streams.ts.

const idFilter = z
  .string()
  .trim()
  .max(64)
  .optional()
  .transform((v) => v || undefined);
const idItem = z.string().trim().min(1).max(64);

/** spec 3 §7 POST live-stream/list: query shopId (a list), campaignId, streamer, status, isCampaign, category, search, sort, sortType. */
const streamFilters = z.object({
  shopId: repeated(idItem),
  campaignId: idFilter,
  streamer: idFilter,
  status: z.preprocess(
    (v) => (v === "" || v === "All" ? undefined : v),
    z.enum(STREAM_STATUSES, { error: MSG.streamStatusFilter }).optional(),
  ),
  isCampaign: z.preprocess(
    (v) => (v === "" ? undefined : v === "true" || v === true ? true : v === "false" || v === false ? false : v),
    z.boolean({ error: MSG.streamIsCampaign }).optional(),
  ),
  category: idFilter,
});
export const streamListQuerySchema = z.intersection(listQuerySchema(STREAM_SORTS), streamFilters);
export type StreamListQuery = z.output<typeof streamListQuerySchema>;

/** spec 3 §7 Archive: id plus data {status, archiveStatus}; `archived` archives, any other status unarchives. */
export const archiveStreamSchema = z.object({
  id: idField(MSG.streamIdRequired),
  data: z.object({
    status: z.enum(STREAM_STATUSES, { error: MSG.streamStatusFilter }),
    archiveStatus: z.enum(STREAM_ARCHIVABLE_STATUSES, { error: MSG.streamStatusFilter }).nullish(),
  }),
});
export type ArchiveStreamInput = z.output<typeof archiveStreamSchema>;

/** spec 3 §7 DELETE live-stream: the stream's id in the body (DELETE live-stream/{id} takes it in the path). */
export const deleteStreamSchema = z.object({ id: idField(MSG.streamIdRequired) });

/** An address the player can load: an absolute http(s) URL or a path on this server. */
const mediaAddress = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(2000, MSG.streamAddressInvalid)
    .refine((v) => /^\/[^/]/.test(v) || /^https?:\/\/[^\s]+$/i.test(v), MSG.streamAddressInvalid);

/** The streaming side moves a stream to broadcasting with its live (HLS) address. */
export const goLiveSchema = z.object({ viewURL: mediaAddress(MSG.streamViewUrlRequired) });
/** …and to finished with its recording. */
export const finishStreamSchema = z.object({ streamVideo: mediaAddress(MSG.streamRecordingRequired) });

/** A count the streaming side reports: a whole number from 0 (an int4 column). */
const streamCount = z
  .number({ error: MSG.streamStatsInvalid })
  .int(MSG.streamStatsInvalid)
  .min(0, MSG.streamStatsInvalid)
  .max(2_147_483_647, MSG.streamStatsInvalid);
/** While live, the streaming side reports the stream's likes and current viewers (either or both). */
export const streamStatsSchema = z
  .object({ likes: streamCount.optional(), viewersCount: streamCount.optional() })
  .refine((v) => v.likes !== undefined || v.viewersCount !== undefined, MSG.streamStatsRequired);
export type StreamStatsInput = z.output<typeof streamStatsSchema>;

const personSchema = z.object({
  _id: z.string(),
  fName: z.string(),
  lName: z.string(),
  role: z.string(),
  image: z.string().nullable(),
});

/** spec 3 §3 Stream. Times are epoch milliseconds on the wire (startDateAndTime, endDateAndTime). */
export const streamEntitySchema = z.object({
  _id: z.string(),
  shopId: z.string(),
  shop: z.object({ _id: z.string(), name: z.string() }),
  name: z.string(),
  status: z.enum(STREAM_STATUSES),
  archiveStatus: z.enum(STREAM_ARCHIVABLE_STATUSES).nullable(),
  categories: z.array(z.object({ _id: z.string(), name: z.string() })),
  streamer: personSchema,
  startDateAndTime: z.number(),
  endDateAndTime: z.number().nullable(),
  image: z.string().nullable(),
  video: z.string().nullable(),
  streamVideo: z.string().nullable(),
  viewURL: z.string().nullable(),
  externalUrl: z.string().nullable(),
  streamChat: z.record(z.string(), z.unknown()).nullable(),
  campaignId: z.string().nullable(),
  likes: z.number(),
  viewersCount: z.number(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** spec 3 §3 Stream product: the product as a viewer shows it, and its promotion price (discountPrice) when promoted. */
export const streamProductSchema = z.object({
  _id: z.string(),
  productId: z.object({
    _id: z.string(),
    name: z.string(),
    department: z.object({ _id: z.string(), name: z.string() }),
    defaultImage: z.string().nullable(),
    stock: z.number(),
    price: z.number(),
    isVariationAvailable: z.boolean(),
    isDiscount: z.boolean(),
    discount: z.number().nullable(),
  }),
  variationId: z.string().nullable(),
  allVariations: z.boolean(),
  promotionType: z.enum(STREAM_PROMOTION_TYPES).nullable(),
  promotion: z.number().nullable(),
  discountPrice: z.number().nullable(),
  minAndMax: z.tuple([z.number(), z.number()]).nullable(),
});

export const streamDetailSchema = streamEntitySchema.extend({ products: z.array(streamProductSchema) });
export const streamProductsSchema = z.object({ products: z.array(streamProductSchema) });
export const deletedStreamSchema = z.object({ _id: z.string() });

/**
 * GET live-stream/public/{shopId} (the embed script, ADR 0038): a live or upcoming stream as any visitor of the shop's
 * website may see it, and nothing else. `viewURL` only while broadcasting; `video` is what plays otherwise (the
 * recording, else the uploaded video). Addresses may be paths on this server: the script resolves them.
 */
export const publicStreamSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    status: z.enum(["broadcasting", "created"]),
    startDateAndTime: z.number(),
    image: z.string().nullable(),
    viewURL: z.string().nullable(),
    video: z.string().nullable(),
    likes: z.number(),
  })
  .strict();

export type StreamDetail = z.output<typeof streamDetailSchema>;
export type StreamEntity = z.output<typeof streamEntitySchema>;
export type StreamProduct = z.output<typeof streamProductSchema>;
