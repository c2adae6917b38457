import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { can } from "#contract/access/rights";
import {
  CAMPAIGN_INFLUENCER_TABS,
  campaignDatesLocked,
  type CampaignInfluencerTab,
} from "#contract/campaigns/campaigns";
import {
  editPublishedCampaignFormSchema,
  updateCampaignSchema,
  type CampaignEntity,
} from "#contract/campaigns/campaigns-api";
import { zoneDay } from "#contract/core/days";
import { pageNotFound } from "~/services/api.server";
import { campaignDoor, readCampaignForm, saveCampaignForm } from "~/services/campaign-form.server";
import { redirectWithToast, savedThenReturnHeaders } from "~/services/toast.server";
import { CAMPAIGN_PAGE, campaignListHref } from "~/lib/campaigns";
import { CampaignForm } from "~/components/campaign/CampaignForm";
import { InfluencersCard } from "~/components/campaign/InfluencersCard";
import { answerOf } from "~/components/form/form-answer";
import type { LinksFunction } from "@remix-run/node";
// the Streams card (spec 3 §2 Campaign streams table)
import { CampaignStreamsCard } from "~/components/campaign/CampaignStreamsCard";
import { campaignStreamArchive, loadCampaignStreams } from "~/services/campaign-stream.server";
import { streamChatAction } from "~/services/stream-chat.server";
import tableCss from "~/styles/table.css?url";
import streamsCss from "~/styles/streams.css?url";
import chatCss from "~/styles/chat.css?url";
import { GeneralError } from "~/components/layout/GeneralError";

// spec 3 §2 Campaign edit: {app}/edit-campaign/{campaignId}, titled Edit Campaign, Update and Back, and the
// Influencers card. Staff need campaign:edit; another shop's campaign (or none) is 'Page not found'.
export const handle = { ...CAMPAIGN_PAGE, title: "Edit Campaign" };
export const meta: MetaFunction = () => [{ title: "Edit Campaign" }];
export const headers = savedThenReturnHeaders;
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tableCss },
  { rel: "stylesheet", href: streamsCss },
  { rel: "stylesheet", href: chatCss },
];

const tabOf = (request: Request): CampaignInfluencerTab => {
  const tab = new URL(request.url).searchParams.get("tab");
  return CAMPAIGN_INFLUENCER_TABS.find((t) => t === tab) ?? "invited";
};

async function door(request: Request, campaignId: string | undefined) {
  const { api, user, isAdmin } = await campaignDoor(request, "campaign:edit");
  if (!campaignId || !/^[0-9a-f]{24}$/.test(campaignId)) throw pageNotFound();
  const campaign = await api.get(`campaign/${campaignId}`);
  if (campaign.httpStatus === 404) throw pageNotFound();
  if (!campaign.success) throw json({ message: campaign.message }, { status: campaign.httpStatus });
  return { api, user, isAdmin, campaign: campaign.data };
}

/** The form's value for a saved campaign: its days (Sydney) as the inputs show them. */
const formValue = (c: CampaignEntity): Record<string, string> => ({
  title: c.title,
  description: c.description,
  start: c.start ? zoneDay(c.start) : "",
  end: c.end ? zoneDay(c.end) : "",
  thumbnail: c.thumbnail ?? "",
  video: c.video ?? "",
});

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, user, isAdmin, campaign } = await door(request, params.campaignId);
  const tab = tabOf(request);
  const [influencers, streams] = await Promise.all([
    api.get(`campaign/influencer/${campaign._id}`, { type: tab, limit: 100 }),
    loadCampaignStreams(api, user, request, campaign),
  ]);
  return json(
    {
      campaign,
      value: formValue(campaign),
      back: campaignListHref(isAdmin, campaign.shopId),
      tab,
      influencers: influencers.success ? influencers.data : [],
      influencersError: influencers.success ? null : influencers.message,
      canEdit: can(user, "campaign:edit"),
      streams,
    },
    { headers: api.headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { api, user, isAdmin, campaign } = await door(request, params.campaignId);
  // the Streams card's viewer: its live chat's forms, told apart before the campaign form is read
  const chat = await streamChatAction(api, user, request);
  if (chat) return chat;
  const form = await readCampaignForm(request, api);
  const intent = String(form.formData.get("intent") ?? "");
  // the Streams card's viewer: Archive / Unarchive
  if (intent === "archive") return campaignStreamArchive(api, user, request, form.formData);
  // the Influencers card's Remove and Accept (spec 3 §4: block, accept-invitation)
  if (intent === "block" || intent === "accept-invitation") {
    const result = await api.put(`campaign/influencer/${campaign._id}`, {
      action: intent,
      influencer: String(form.formData.get("influencer") ?? ""),
    });
    return redirectWithToast(
      `/app/edit-campaign/${campaign._id}?tab=${tabOf(request)}`,
      { type: result.success ? "success" : "error", message: result.message },
      api.headers,
    );
  }
  const publishing = form.formData.get("isDraft") === "false";
  return saveCampaignForm(api, form, {
    // a published campaign (or one being published) meets every rule; a draft only its name's
    schema: !campaign.isDraft || publishing ? editPublishedCampaignFormSchema : updateCampaignSchema,
    save: (value) => api.put(`campaign/${campaign._id}`, value),
    isAdmin,
  });
}

export default function EditCampaign() {
  const { campaign, value, back, tab, influencers, influencersError, canEdit, streams } =
    useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const archive = answer && "error" in answer ? answer : null;
  const chatError = answer && "chatError" in answer ? answer.chatError : null;
  const { saved, reply } = answerOf(archive || chatError ? undefined : answer);
  return (
    <CampaignForm
      mode="edit"
      record={campaign._id}
      reply={reply && "result" in reply ? reply : null}
      saved={saved}
      defaultValue={value}
      backHref={back}
      isDraft={campaign.isDraft}
      datesLocked={campaignDatesLocked(campaign.status)}
    >
      <InfluencersCard
        campaignId={campaign._id}
        isDraft={campaign.isDraft}
        tab={tab}
        rows={influencers}
        error={influencersError}
        canEdit={canEdit}
      />
      {streams ? (
        <CampaignStreamsCard
          campaignId={campaign._id}
          data={streams}
          archiveError={archive?.error}
          chatError={chatError}
          archived={!!saved && !!streams.target}
        />
      ) : null}
    </CampaignForm>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
