import { listQuerySchema } from "../core/list";
import { MSG } from "../core/messages";
import { toDay } from "../core/days";
import { EVERY_TIME } from "../phone/phone-rules";
import { idField, z } from "../core/zod";
import {
  CAMPAIGN_DESCRIPTION_MAX,
  CAMPAIGN_DESCRIPTION_MIN,
  CAMPAIGN_INFLUENCER_ACTIONS,
  CAMPAIGN_INFLUENCER_STATES,
  CAMPAIGN_INFLUENCER_TABS,
  CAMPAIGN_SORTS,
  CAMPAIGN_STATUSES,
  CAMPAIGN_TITLE_MAX,
  CAMPAIGN_TITLE_MIN,
} from "./campaigns";

// The schemas of the campaign calls and forms (spec 3 §5 Campaign, §7 Campaigns). Server only: pages import the
// constants and types of campaigns.ts. Dates travel as days (YYYY-MM-DD, DD/MM/YYYY or an ISO instant taken as its
// Sydney day); the API stores the start at 00:00:00 and the end at 23:59:59 of those days (spec 3 §4).

const idFilter = z
  .string()
  .trim()
  .max(64)
  .optional()
  .transform((v) => v || undefined);

/** spec 3 §7 GET campaign: shopId (an admin's choice; owners and staff always their own), search, sort, sortType, page|skip, limit. */
export const campaignListQuerySchema = z.intersection(listQuerySchema(CAMPAIGN_SORTS), z.object({ shopId: idFilter }));
export type CampaignListQuery = z.output<typeof campaignListQuerySchema>;

const blank = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);

/** spec 3 §5: the name is required, not whitespace only, 5 to 100 characters. */
const titleField = z
  .string({ error: MSG.campaignTitleRequired })
  .trim()
  .min(1, { message: MSG.campaignTitleRequired, abort: true })
  .min(CAMPAIGN_TITLE_MIN, MSG.campaignTitleShort)
  .max(CAMPAIGN_TITLE_MAX, MSG.campaignTitleMax);

/** The description as sent: absent keeps it (an update), "" clears it (a draft), otherwise its text. */
const descriptionField = z
  .string()
  .trim()
  .max(CAMPAIGN_DESCRIPTION_MAX, MSG.campaignDescriptionMax)
  .nullish()
  .transform((v) => (v === null ? "" : v));

/** A day of the range (absent or blank: none given). */
const dayField = z.preprocess(
  blank,
  z
    .string()
    .transform((raw, ctx) => {
      const day = raw.length <= 40 ? toDay(raw) : null;
      if (day && day >= "2000-01-01" && day <= "2100-12-31") return day;
      ctx.addIssue({ code: "custom", message: MSG.campaignDateInvalid });
      return z.NEVER;
    })
    .optional(),
);

/** A file's location: absent keeps it, "" or the string 'null' (or null) removes it. */
const fileField = z
  .string()
  .trim()
  .max(1000, MSG.campaignFileNotUploaded)
  .nullish()
  .transform((v) => (v === undefined ? undefined : !v || v === "null" ? null : v));

const isDraftField = z.preprocess(
  (v) => (v === "" ? undefined : v === "true" || v === "on" ? true : v === "false" ? false : v),
  z.boolean({ error: MSG.campaignIsDraft }).optional(),
);

type Rules = { isDraft?: boolean; description?: string; start?: string; end?: string };

/**
 * The rules between fields (spec 3 §5, §4): publishing needs the description and both dates; a draft needs a valid name
 * alone, but what it carries must be valid; the start is not after the end. They run on the first submit even while
 * the name fails (ARCHITECTURE §7). "Not before today" needs the clock: the API checks it (and the page's date fields
 * disable those days).
 */
function publishRules(publishing: (v: Rules) => boolean) {
  return (v: Rules | undefined, ctx: z.RefinementCtx) => {
    if (!v || typeof v !== "object") return;
    const description = typeof v.description === "string" ? v.description : undefined;
    if (publishing(v)) {
      if (!description)
        ctx.addIssue({ code: "custom", path: ["description"], message: MSG.campaignDescriptionRequired });
      if (!v.start) ctx.addIssue({ code: "custom", path: ["start"], message: MSG.campaignStartRequired });
      if (!v.end) ctx.addIssue({ code: "custom", path: ["end"], message: MSG.campaignEndRequired });
    }
    if (description && description.length < CAMPAIGN_DESCRIPTION_MIN)
      ctx.addIssue({ code: "custom", path: ["description"], message: MSG.campaignDescriptionShort });
    if (typeof v.start === "string" && typeof v.end === "string" && v.start > v.end)
      ctx.addIssue({ code: "custom", path: ["end"], message: MSG.campaignStartAfterEnd });
  };
}

const fields = {
  title: titleField,
  description: descriptionField,
  start: dayField,
  end: dayField,
  thumbnail: fileField,
  video: fileField,
};

/**
 * spec 3 §7 POST campaign: shopId (an admin names the shop; owners and staff always their own), title, description,
 * start, end, thumbnail, video, isDraft (true: Save as draft; false or absent: Publish). Also the Add New Campaign form.
 */
export const addCampaignSchema = z.object({ shopId: idFilter, ...fields, isDraft: isDraftField }).superRefine(
  publishRules((v) => v.isDraft !== true),
  EVERY_TIME,
);
export type AddCampaignInput = z.output<typeof addCampaignSchema>;

/**
 * spec 3 §7 PUT campaign/{id}: the same fields; an absent one keeps its value (the dates of an Ongoing or Past campaign
 * are locked: sent unchanged or not at all). isDraft false publishes a draft (every rule then applies to the result);
 * a published campaign never returns to draft. The API checks the publish rules on the merged record; this schema
 * checks what was sent.
 */
export const updateCampaignSchema = z.object({ ...fields, isDraft: isDraftField }).superRefine(
  publishRules(() => false),
  EVERY_TIME,
);
export type UpdateCampaignInput = z.output<typeof updateCampaignSchema>;

/** The Edit Campaign form (Update): the update's fields, with the publish rules when the campaign is published. */
export const editPublishedCampaignFormSchema = z.object({ ...fields, isDraft: isDraftField }).superRefine(
  publishRules(() => true),
  EVERY_TIME,
);

/** spec 3 §3 Campaign as the API returns it (start and end as instants; status derived, spec 3 §4). */
export const campaignEntitySchema = z.object({
  _id: z.string(),
  shopId: z.string(),
  shopName: z.string(),
  title: z.string(),
  description: z.string(),
  start: z.string().nullable(),
  end: z.string().nullable(),
  thumbnail: z.string().nullable(),
  video: z.string().nullable(),
  isDraft: z.boolean(),
  status: z.enum(CAMPAIGN_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CampaignEntity = z.output<typeof campaignEntitySchema>;

/** spec 3 §7 GET campaign/influencer/{id}?type: the Influencers card's tab, paged (page|skip, limit). */
export const campaignInfluencerQuerySchema = z.intersection(
  listQuerySchema(["updatedAt"] as const),
  z.object({ type: z.enum(CAMPAIGN_INFLUENCER_TABS, { error: MSG.campaignInfluencerType }) }),
);
export type CampaignInfluencerQuery = z.output<typeof campaignInfluencerQuerySchema>;

/** spec 3 §7 PUT campaign/influencer/{id}: {action: invite | accept-invitation | block, influencer: the influencer's id}. */
export const campaignInfluencerActionSchema = z.object({
  action: z.enum(CAMPAIGN_INFLUENCER_ACTIONS, { error: MSG.campaignInfluencerAction }),
  influencer: idField(MSG.campaignInfluencerRequired),
});
export type CampaignInfluencerActionInput = z.output<typeof campaignInfluencerActionSchema>;

/** An influencer of a campaign (spec 3 §2 Influencers card: image, first name, email) and where they stand. */
export const campaignInfluencerRowSchema = z.object({
  _id: z.string(),
  campaignId: z.string(),
  state: z.enum(CAMPAIGN_INFLUENCER_STATES),
  influencer: z.object({
    _id: z.string(),
    fName: z.string(),
    lName: z.string(),
    email: z.string().nullable(),
    image: z.string().nullable(),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CampaignInfluencerRow = z.output<typeof campaignInfluencerRowSchema>;
