import { decimal, z, idField } from "../core/zod";
import { MSG } from "../core/messages";
import { STREAM_NAME_MAX } from "./streams-edit";
import { STREAM_PRODUCTS_MAX } from "./streams";

// The schemas of creating and editing a stream (spec 3 §5 Shop-level add stream form, §7 POST live-stream/web and the
// update by id; ADR 0037). One schema for the API; the page's and the modal's readings of spec 3 §5 (their
// own messages) are the form schemas below, each checked by its page's action before the call.

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
/** An uploaded file's address (a location upload/complete answered); which uploads are accepted is the service's check. */
const location = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(1000, MSG.imageNotUploaded);
/** epoch milliseconds, as the spec's payload sends them (a numeric string from a form too) */
const epoch = (message: string) =>
  z.preprocess(
    (v) => decimal(blank(v)),
    z.number({ error: message }).int(message).min(0, message).max(8.64e15, message),
  );
const categoriesField = (message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() ? [v] : []) : v),
    z.array(idField(message), { error: message }).min(1, message).max(50, message),
  );

/**
 * POST live-stream/web and PUT live-stream/{id}: name, startDateAndTime (and optionally endDateAndTime), categories
 * (department ids of the shop), streamer (the owner, a staff member or an influencer), image (the thumbnail; `thumbnail`
 * is read too) and video (`videoFile` too), uploads of this user for a stream; shopId for an admin; campaignId makes it
 * a stream of that campaign (spec 3 §5 Campaign stream form: its rules are the service's, ADR 0063). `products` (spec 3
 * §7: ids without discount; a string or a list) are the shop's products the new stream promotes, read on creation only
 * (ADR 0070; afterwards the promotion calls change them). Fields the spec's payload also lists (streamVideo,
 * externalUrl) are the streaming side's business and are not read here.
 */
export const streamWriteSchema = z
  .object({
    shopId: z.preprocess(blank, idField(MSG.orderShopRequired).optional()),
    campaignId: z.preprocess(blank, idField(MSG.notFound).optional()),
    name: z
      .string({ error: MSG.streamTitleRequired })
      .trim()
      .min(1, MSG.streamTitleRequired)
      .max(STREAM_NAME_MAX, MSG.streamTitleMax),
    startDateAndTime: epoch(MSG.streamDateRequired),
    endDateAndTime: z.preprocess(blank, epoch(MSG.streamDateRequired).nullish()),
    categories: categoriesField(MSG.streamCategoriesRequired),
    streamer: idField(MSG.streamerRequired),
    image: z.preprocess(blank, location(MSG.streamThumbnailRequired).optional()),
    thumbnail: z.preprocess(blank, location(MSG.streamThumbnailRequired).optional()),
    video: z.preprocess(blank, location(MSG.streamVideoRequired).optional()),
    videoFile: z.preprocess(blank, location(MSG.streamVideoRequired).optional()),
    products: z.preprocess(
      (v) => (typeof v === "string" ? (v.trim() ? [v] : []) : v),
      z
        .array(idField(MSG.streamProductsUnknown), { error: MSG.streamProductsUnknown })
        .max(STREAM_PRODUCTS_MAX, MSG.streamProductsTooMany)
        .optional(),
    ),
  })
  .transform((v, ctx) => {
    const image = v.image ?? v.thumbnail;
    const video = v.video ?? v.videoFile;
    if (!image) ctx.addIssue({ code: "custom", path: ["image"], message: MSG.streamThumbnailRequired });
    if (!video) ctx.addIssue({ code: "custom", path: ["video"], message: MSG.streamVideoRequired });
    if (v.endDateAndTime != null && v.endDateAndTime < v.startDateAndTime)
      ctx.addIssue({ code: "custom", path: ["endDateAndTime"], message: MSG.streamEndBeforeStart });
    if (!image || !video) return z.NEVER;
    return {
      shopId: v.shopId,
      campaignId: v.campaignId,
      name: v.name,
      startDateAndTime: v.startDateAndTime,
      endDateAndTime: v.endDateAndTime ?? null,
      categories: [...new Set(v.categories)],
      streamer: v.streamer,
      image,
      video,
      products: [...new Set(v.products ?? [])],
    };
  });
export type StreamWriteInput = z.output<typeof streamWriteSchema>;

/** A choice of Stream By (spec 3 §2, §6): the shop's owner and staff, or an influencer. */
const personOption = z.object({ _id: z.string(), name: z.string(), role: z.string() });
/**
 * GET live-stream/form-options: what the add and edit forms choose from for a shop. With campaignId (spec 3 §2 Campaign
 * stream add and edit page): the campaign's dates, no staff, and as influencers the campaign's accepted ones.
 */
export const streamFormOptionsSchema = z.object({
  shopId: z.string(),
  categories: z.array(z.object({ _id: z.string(), name: z.string() })),
  staff: z.array(personOption),
  influencers: z.array(personOption),
  campaign: z
    .object({
      _id: z.string(),
      title: z.string(),
      isDraft: z.boolean(),
      /** epoch ms: the first instant a stream may start (the later of the campaign's start and today) and the last */
      from: z.number().nullable(),
      until: z.number().nullable(),
    })
    .optional(),
});
export const streamFormOptionsQuerySchema = z.object({
  shopId: z.preprocess(blank, idField(MSG.orderShopRequired).optional()),
  campaignId: z.preprocess(blank, idField(MSG.notFound).optional()),
});

/** What the forms choose from: the shop's departments, its owner and staff, and influencers. */
export type StreamFormOptions = z.output<typeof streamFormOptionsSchema>;
