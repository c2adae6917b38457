import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { InfluencerEntity } from "#contract/people/influencers-api";
import { pageNotFound } from "~/services/api.server";
import { campaignDoor, campaignEditDoor } from "~/services/campaign-form.server";
import { redirectWithToast } from "~/services/toast.server";

// spec 3 §2 Influencer profile (invite view), ADR 0061: {app}/edit-campaign/{id}/invite-influencer/{influencerId} and
// {app}/add-campaign/invite-influencer/{influencerId}. The profile is GET user/influencer/{id} (shops: Approved
// influencers only); the Streams tab lists that streamer's streams in the campaign (POST live-stream/list); Invite is
// PUT campaign/influencer/{id} {action: 'invite'}.

export type InviteProfileTab = "portfolio" | "streams";

const isId = (id: string | undefined): id is string => !!id && /^[0-9a-f]{24}$/.test(id);

/**
 * spec 3 §2: Invite is hidden when the URL carries a query string (the Influencers card's View link adds
 * `?view=false`); the page's own tab param does not count, so moving between the tabs keeps the button.
 */
const viewOnlyOf = (url: URL) => [...url.searchParams.keys()].some((key) => key !== "tab");

export async function inviteProfileLoader({ request, params }: LoaderFunctionArgs) {
  const campaignId = params.campaignId;
  const door = campaignId
    ? await campaignEditDoor(request, campaignId)
    : { ...(await campaignDoor(request, "campaign:add")), campaign: null };
  const { api, campaign } = door;
  if (!isId(params.influencerId)) throw pageNotFound();
  const found = await api.get(`user/influencer/${params.influencerId}`);
  if (found.httpStatus === 404) throw pageNotFound();
  if (!found.success) throw json({ message: found.message }, { status: found.httpStatus });
  const influencer: InfluencerEntity = found.data;
  const url = new URL(request.url);
  const tab: InviteProfileTab = url.searchParams.get("tab") === "streams" ? "streams" : "portfolio";
  const viewOnly = viewOnlyOf(url);
  // the streams of this streamer in the campaign (none without one); staff without the stream module are told so
  const streams =
    tab === "streams" && campaign
      ? await api.post("live-stream/list", undefined, {
          campaignId: campaign._id,
          streamer: influencer._id,
          sort: "startDateAndTime",
          sortType: "desc",
          limit: 50,
        })
      : null;
  const listHref = campaign ? `/app/edit-campaign/${campaign._id}/invite-influencer` : null;
  return json(
    {
      influencer,
      tab,
      campaign: campaign ? { _id: campaign._id, title: campaign.title, isDraft: campaign.isDraft } : null,
      // spec 3 §2: Invite appears unless the campaign is a draft; never without a campaign or with a query string
      canInvite: !!campaign && !campaign.isDraft && !viewOnly,
      // from the Influencers card (a query string) back to the campaign; from the invite list back to it
      back: campaign ? (viewOnly ? `/app/edit-campaign/${campaign._id}` : listHref!) : "/app/add-campaign",
      streams: streams?.success
        ? streams.data.map((s) => ({ _id: s._id, name: s.name, video: s.video ?? s.streamVideo, image: s.image }))
        : [],
      streamsError: streams && !streams.success ? streams.message : null,
    },
    { headers: api.headers },
  );
}

/** Invite (a plain POST): the API's message as a toast; done, back to the invite list, refused, the same profile. */
export async function inviteProfileAction({ request, params }: ActionFunctionArgs) {
  const { api, campaign } = await campaignEditDoor(request, params.campaignId);
  if (!isId(params.influencerId)) throw pageNotFound();
  const result = await api.put(`campaign/influencer/${campaign._id}`, {
    action: "invite",
    influencer: params.influencerId,
  });
  const url = new URL(request.url);
  return redirectWithToast(
    result.success ? `/app/edit-campaign/${campaign._id}/invite-influencer` : `${url.pathname}${url.search}`,
    { type: result.success ? "success" : "error", message: result.message },
    api.headers,
  );
}
