// A campaign's stream pages (spec 3 §2 Campaign stream add and edit page; ADR 0063): /app/edit-campaign/{id}/add-stream
// and /app/edit-campaign/{id}/edit-stream/{streamId}. They open for whoever may edit the campaign and schedule streams
// (an edit page also for 'promote stream', its Promoted Products card); another shop's campaign or a stream of another
// campaign is 'Page not found'. Every button returns to the campaign's edit page.
import { json } from "@remix-run/node";
import { MSG } from "#contract/core/messages";
import { can, reachesEveryShop } from "#contract/access/rights";
import type { StreamDetail } from "#contract/streams/streams-api";
import { pageNotFound } from "./api.server";
import { campaignDoor } from "./campaign-form.server";
import { loadStreamFormOptions } from "./stream-form.server";

const isId = (id: string | undefined): id is string => !!id && /^[0-9a-f]{24}$/.test(id);

/** The campaign's edit page: where Cancel, Back and a save return. */
export const campaignEditHref = (campaignId: string) => `/app/edit-campaign/${campaignId}`;

/** Who is asking, the campaign (404 unless this person may edit it), and the form's choices when they may schedule. */
export async function campaignStreamDoor(request: Request, campaignId: string | undefined, opts: { edit: boolean }) {
  const { api, user } = await campaignDoor(request, "campaign:edit");
  const canSchedule = can(user, "stream:schedule");
  if (!(canSchedule || (opts.edit && can(user, "stream:promote"))) || !isId(campaignId)) throw pageNotFound();
  const campaign = await api.get(`campaign/${campaignId}`);
  if (campaign.httpStatus === 404) throw pageNotFound();
  if (!campaign.success) throw json({ message: campaign.message }, { status: campaign.httpStatus });
  const shopId = reachesEveryShop(user) ? campaign.data.shopId : null;
  const options = canSchedule ? await loadStreamFormOptions(api, shopId, campaign.data._id) : null;
  if (canSchedule && !options) throw pageNotFound();
  return { api, user, campaign: campaign.data, options, back: campaignEditHref(campaign.data._id) };
}

/** The campaign's stream named by the URL: a stream of another campaign (or none) is 'Page not found'. */
export async function campaignStreamOf(
  api: Awaited<ReturnType<typeof campaignStreamDoor>>["api"],
  campaignId: string,
  streamId: string | undefined,
): Promise<StreamDetail> {
  if (!isId(streamId)) throw pageNotFound();
  const stream = await api.get(`live-stream/${streamId}`);
  if (stream.httpStatus === 404) throw pageNotFound();
  if (!stream.success)
    throw json({ message: stream.message || MSG.internalServerError }, { status: stream.httpStatus });
  if (stream.data.campaignId !== campaignId) throw pageNotFound();
  return stream.data;
}
