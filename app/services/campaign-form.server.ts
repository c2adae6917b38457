import { parseWithZod } from "@conform-to/zod/v4";
import { json } from "@remix-run/node";
import { can, reachesEveryShop } from "#contract/access/rights";
import type { z } from "#contract/core/zod";
import type { ApiClient, ApiResult } from "~/services/api.server";
import { apiFor, pageNotFound } from "~/services/api.server";
import { formRefused, replyWithApiRefusal } from "~/services/forms.server";
import { savedThenReturn } from "~/services/toast.server";
import { readFormWithFiles } from "~/services/upload.server";
import { CAMPAIGN_PAGE, campaignListHref } from "~/lib/campaigns";

// The Add New Campaign and Edit Campaign forms (spec 3 §2, §5): one idiom for both. The contract's schema runs here on
// the first submit; the API checks again (and what needs the clock: no day before today, the dates' lock).

/** spec 3 §4 Timing: redirect 1.5 s after saving a campaign. */
export const CAMPAIGN_SAVED_DELAY_MS = 1500;
export const CAMPAIGN_FIELDS = ["title", "description", "start", "end", "thumbnail", "video", "isDraft"] as const;

/** The door of a campaign form: the campaign pages' access, and the right to add or to edit. */
export async function campaignDoor(request: Request, right: "campaign:add" | "campaign:edit") {
  const { api, user } = await apiFor(request, CAMPAIGN_PAGE);
  if (!can(user, right)) throw pageNotFound();
  return { api, user, isAdmin: reachesEveryShop(user) };
}

/**
 * The door of a page of one campaign (its edit page, the invite pages): campaign edit, and a campaign the caller sees;
 * another shop's (or none) is 'Page not found'.
 */
export async function campaignEditDoor(request: Request, campaignId: string | undefined) {
  const door = await campaignDoor(request, "campaign:edit");
  if (!campaignId || !/^[0-9a-f]{24}$/.test(campaignId)) throw pageNotFound();
  const campaign = await door.api.get(`campaign/${campaignId}`);
  if (campaign.httpStatus === 404) throw pageNotFound();
  if (!campaign.success) throw json({ message: campaign.message }, { status: campaign.httpStatus });
  return { ...door, campaign: campaign.data };
}

/** The form's fields; a file chosen without JavaScript is uploaded here through the upload kit. */
export const readCampaignForm = (request: Request, api: ApiClient) =>
  readFormWithFiles(request, api, { thumbnail: "streamThumbnail", video: "streamVideo" });

/** Parse with the contract's schema, save through the API, and return to the list (spec 3 §2) or answer the refusal. */
export async function saveCampaignForm<Schema extends z.ZodType<Record<string, unknown>>>(
  api: ApiClient,
  form: Awaited<ReturnType<typeof readCampaignForm>>,
  opts: {
    schema: Schema;
    save: (value: z.output<Schema>) => Promise<ApiResult<{ shopId: string }>>;
    isAdmin: boolean;
  },
) {
  const submission = parseWithZod(form.formData, { schema: opts.schema });
  const fileErrors = Object.fromEntries(Object.entries(form.fileErrors).map(([k, v]) => [k, [v]]));
  if (submission.status !== "success" || Object.keys(fileErrors).length)
    return formRefused(submission.reply({ fieldErrors: fileErrors }), 400, api.headers);
  const result = await opts.save(submission.value);
  if (!result.success)
    return formRefused(replyWithApiRefusal(submission, result, [...CAMPAIGN_FIELDS]), result.httpStatus, api.headers);
  return savedThenReturn(
    campaignListHref(opts.isAdmin, result.data.shopId),
    result.message,
    api.headers,
    CAMPAIGN_SAVED_DELAY_MS,
  );
}
