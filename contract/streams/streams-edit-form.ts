import { MSG } from "../core/messages";
import { CAMPAIGN_STREAM_NAME_MAX, CAMPAIGN_STREAM_NAME_MIN, STREAM_NAME_MAX } from "./streams-edit";
import { isDay, zoneInstant } from "../core/days";
import { z } from "../core/zod";

// The two readings of spec 3 §5 as forms (ADR 0037), each with its own messages. Checked by the page's
// action (ADR 0010: no zod in the browser); each turns the form's fields into the API's payload (streams-edit-api.ts).

const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");
const list = (v: unknown) =>
  (Array.isArray(v) ? v : typeof v === "string" && v ? [v] : []).filter((x) => typeof x === "string" && x.trim());
/** A text field; conform reads an empty one as undefined, which is "" here (the transforms give the spec's messages). */
const field = (max = 1000, message?: string) =>
  z.preprocess(text, z.string().max(max, message).optional()).transform((v) => v ?? "");
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
/** The instant a day and wall-clock time (HH:MM) happen in the marketplace's zone, in epoch ms; null when either is not one. */
export const zoneEpoch = (day: string, time: string) =>
  isDay(day) && TIME.test(time) ? zoneInstant(day, time.length === 5 ? `${time}:00` : time).getTime() : null;

/** Stream By: one of the shop's owner and staff, or one influencer; both at once is not a choice. */
function streamerOf(v: { staff?: unknown; influencer?: unknown }, ctx: z.RefinementCtx) {
  const staff = text(v.staff);
  const influencer = text(v.influencer);
  if (staff && influencer) ctx.addIssue({ code: "custom", path: ["staff"], message: MSG.streamerOneOnly });
  else if (!staff && !influencer) ctx.addIssue({ code: "custom", path: ["staff"], message: MSG.streamerRequired });
  return staff || influencer;
}

const common = {
  categories: z.preprocess(list, z.array(z.string().max(64)).optional()).transform((v) => v ?? []),
  staff: z.unknown().optional(),
  influencer: z.unknown().optional(),
  image: field(),
  video: field(),
  shopId: field(64).optional(),
};

/** A campaign's stream is presented by one of the campaign's accepted influencers (spec 3 §2): the form's one choice. */
function influencerOf(v: { influencer?: unknown }, ctx: z.RefinementCtx) {
  const influencer = text(v.influencer);
  if (!influencer) ctx.addIssue({ code: "custom", path: ["influencer"], message: MSG.streamerRequired });
  return influencer;
}

/**
 * spec 3 §5, the page (Add Stream / Edit Stream): title, date and time, categories, Stream By, thumbnail, video. Its
 * campaign reading (spec 3 §5 Campaign stream form, ADR 0063) takes a 5 to 20 character title, an accepted influencer
 * as the streamer, the campaign's upload messages and the campaign's id.
 */
function pageReading(kind: "page" | "campaign") {
  const campaign = kind === "campaign";
  const words = campaign
    ? { image: MSG.campaignStreamImageRequired, video: MSG.campaignStreamVideoRequired }
    : { image: MSG.streamThumbnailRequired, video: MSG.streamVideoRequired };
  return z
    .object({
      ...common,
      campaignId: field(64),
      name: campaign ? field() : field(STREAM_NAME_MAX, MSG.streamTitleMax),
      startAt: field(40),
    })
    .transform((v, ctx) => {
      if (!v.name) ctx.addIssue({ code: "custom", path: ["name"], message: MSG.streamTitleRequired });
      else if (campaign && v.name.length < CAMPAIGN_STREAM_NAME_MIN)
        ctx.addIssue({ code: "custom", path: ["name"], message: MSG.campaignStreamTitleShort });
      else if (campaign && v.name.length > CAMPAIGN_STREAM_NAME_MAX)
        ctx.addIssue({ code: "custom", path: ["name"], message: MSG.campaignStreamTitleMax });
      // spec 3 §9: YYYY-MM-DD HH:mm:ss as the form shows it (seconds optional); a datetime-local value's T also reads
      const [day = "", time = ""] = v.startAt.split(/[T ]/);
      const start = zoneEpoch(day, time);
      if (start === null) ctx.addIssue({ code: "custom", path: ["startAt"], message: MSG.streamDateRequired });
      if (!v.categories.length)
        ctx.addIssue({ code: "custom", path: ["categories"], message: MSG.streamCategoriesRequired });
      const streamer = campaign ? influencerOf(v, ctx) : streamerOf(v, ctx);
      if (!v.image) ctx.addIssue({ code: "custom", path: ["image"], message: words.image });
      if (!v.video) ctx.addIssue({ code: "custom", path: ["video"], message: words.video });
      return {
        shopId: v.shopId || undefined,
        campaignId: (campaign && v.campaignId) || undefined,
        name: v.name,
        startDateAndTime: start ?? 0,
        endDateAndTime: null,
        categories: v.categories,
        streamer,
        image: v.image,
        video: v.video,
      };
    });
}
export const pageStreamFormSchema = pageReading("page");
/** spec 3 §5 Campaign stream form (the page {app}/edit-campaign/{id}/add-stream and edit-stream/{streamId}). */
export const campaignStreamFormSchema = pageReading("campaign");

/** spec 3 §5, the shop page's modal: title, a date range with start and end times, category, Stream By, thumbnail, video. */
export const modalStreamFormSchema = z
  .object({
    ...common,
    name: field(STREAM_NAME_MAX, MSG.streamTitleMax),
    startDate: field(20),
    endDate: field(20),
    startTime: field(20),
    endTime: field(20),
  })
  .transform((v, ctx) => {
    if (!v.name) ctx.addIssue({ code: "custom", path: ["name"], message: MSG.streamModalTitleRequired });
    const start = zoneEpoch(v.startDate, v.startTime);
    const end = zoneEpoch(v.endDate, v.endTime);
    if (start === null || end === null)
      ctx.addIssue({ code: "custom", path: ["startDate"], message: MSG.streamDateRangeRequired });
    else if (end < start) ctx.addIssue({ code: "custom", path: ["startDate"], message: MSG.streamEndBeforeStart });
    if (!v.categories.length)
      ctx.addIssue({ code: "custom", path: ["categories"], message: MSG.streamCategoryRequired });
    const streamer = streamerOf(v, ctx);
    if (!v.video) ctx.addIssue({ code: "custom", path: ["video"], message: MSG.streamVideoRequired });
    if (!v.image) ctx.addIssue({ code: "custom", path: ["image"], message: MSG.streamThumbnailRequired });
    return {
      shopId: v.shopId || undefined,
      name: v.name,
      startDateAndTime: start ?? 0,
      endDateAndTime: end,
      categories: v.categories,
      streamer,
      image: v.image,
      video: v.video,
    };
  });

/**
 * spec 3 §8: a stream save that fails shows the server's message, falling back to 'Internal Server Error'. The API's
 * own words are shown for what the user can act on (a 4xx); a server failure (5xx, or an answer that could not be
 * read) says 'Internal Server Error' rather than our API's generic text.
 */
export const streamSaveFailure = (result: { httpStatus: number; message?: string | null }) =>
  result.httpStatus >= 400 && result.httpStatus < 500 && result.message ? result.message : MSG.internalServerError;

/** The API's field names → the form's (a refusal of startDateAndTime shows under the date). */
export const pageFieldOf = (field: string) =>
  ({ startDateAndTime: "startAt", endDateAndTime: "startAt", streamer: "staff" })[field] ?? field;
export const campaignFieldOf = (field: string) =>
  ({ startDateAndTime: "startAt", endDateAndTime: "startAt", streamer: "influencer" })[field] ?? field;
export const modalFieldOf = (field: string) =>
  ({ startDateAndTime: "startDate", endDateAndTime: "startDate", streamer: "staff" })[field] ?? field;
