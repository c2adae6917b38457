// A campaign's stream pages (spec 3 §2 Campaign stream add and edit page; ADR 0063): /app/edit-campaign/{id}/add-stream
// and /app/edit-campaign/{id}/edit-stream/{streamId}. They open for whoever may edit the campaign and schedule streams
// (an edit page also for 'promote stream', its Promoted Products card); another shop's campaign or a stream of another
// campaign is 'Page not found'. Every button returns to the campaign's edit page.
import { json } from "@remix-run/node";
import { MSG } from "#contract/core/messages";
import { can, reachesEveryShop } from "#contract/access/rights";
import type { LoggedUser } from "#contract/access/auth";
import type { CampaignEntity } from "#contract/campaigns/campaigns-api";
import type { StreamDetail } from "#contract/streams/streams-api";
import { CAMPAIGN_STREAM_PARAMS, STREAM_LIST_ACCESS, STREAM_VIEWER } from "~/lib/streams";
import { LIST_DEFAULT_SORT } from "~/lib/url-state";
import { listQuery, pageNotFound, type ApiClient } from "./api.server";
import { archiveStream, liveRoomOf, viewedStream } from "./streams.server";
import { campaignDoor } from "./campaign-form.server";
import { loadStreamFormOptions } from "./stream-form.server";
import { loadStreamChat } from "./stream-chat.server";

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
  api: ApiClient,
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

/**
 * The campaign edit page's Streams card (spec 3 §2 Campaign streams table): the campaign's streams, sorted and paged
 * under the card's own URL params, and the stream the viewer shows (?dialog=view&id=) with its live chat. Null for those who may not see
 * streams (staff without the stream module).
 */
export async function loadCampaignStreams(
  api: ApiClient,
  user: LoggedUser,
  request: Request,
  campaign: Pick<CampaignEntity, "_id" | "shopId" | "isDraft" | "status">,
) {
  if (!can(user, STREAM_LIST_ACCESS)) return null;
  const search = new URL(request.url).searchParams;
  const query = listQuery(request, LIST_DEFAULT_SORT, CAMPAIGN_STREAM_PARAMS);
  const viewing = search.get("dialog") === STREAM_VIEWER ? search.get("id") : null;
  const [list, target] = await Promise.all([
    api.post("live-stream/list", undefined, {
      ...query,
      search: undefined,
      campaignId: campaign._id,
      ...(reachesEveryShop(user) ? { shopId: campaign.shopId } : {}),
    }),
    viewing ? viewedStream(api, encodeURIComponent(viewing)) : null,
  ]);
  const [room, chat] = await Promise.all([
    liveRoomOf(api, target),
    // the viewer's live chat (spec 3 §2), as on the stream lists
    loadStreamChat(api, request, user, target?.success ? target.data : null),
  ]);
  return {
    page: list.success
      ? { count: list.count ?? 0, countEstimated: !!list.countEstimated, isNext: !!list.isNext }
      : null,
    rows: list.success ? list.data : [],
    error: list.success ? null : list.message,
    target: target?.success ? target.data : null,
    targetError: target && !target.success ? target.message : null,
    room,
    chat,
    // ADR 0063: a draft campaign has no streams, and a past one no dates left to stream in
    canAdd: can(user, "stream:schedule") && !campaign.isDraft && campaign.status !== "Past",
    canEdit: can(user, "stream:schedule") || can(user, "stream:promote"),
    canArchive: can(user, "stream:schedule"),
  };
}

export type CampaignStreams = NonNullable<Awaited<ReturnType<typeof loadCampaignStreams>>>;

/** The viewer's Archive / Unarchive posted to the campaign's edit page (spec 3 §2: View opens the viewer with the toggle). */
export async function campaignStreamArchive(api: ApiClient, user: LoggedUser, request: Request, formData: FormData) {
  if (!can(user, "stream:schedule")) throw pageNotFound();
  return archiveStream(api, new URL(request.url), formData);
}
