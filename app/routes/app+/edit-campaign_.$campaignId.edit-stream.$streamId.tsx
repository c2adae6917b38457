import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { can } from "#contract/access/rights";
import type { StreamDetail } from "#contract/streams/streams-api";
import { CAMPAIGN_PAGE } from "~/lib/campaigns";
import { pageNotFound } from "~/services/api.server";
import { campaignStreamDoor, campaignStreamOf } from "~/services/campaign-stream.server";
import { saveStreamForm } from "~/services/stream-form.server";
import { savedThenReturnHeaders } from "~/services/toast.server";
import type { StreamFormValue } from "~/components/stream/StreamForm";
import { GeneralError } from "~/components/layout/GeneralError";
import { zoneStreamDate } from "~/lib/stream-form";
// the Promoted Products card, as on the shop's edit stream page (ADR 0039)
import { EditStreamPage } from "~/components/stream/EditStreamView";
import { isStreamFinished } from "~/lib/streams";
import { loadPromotedCard, promotedCardAction } from "~/services/stream-promote.server";
import { streamPageLinks } from "~/lib/stream-page-links";

// spec 3 §2 Campaign stream add and edit page: /app/edit-campaign/{id}/edit-stream/{streamId}, titled 'Edit Stream',
// with Cancel, Update and Back, all back to the campaign's edit page, and the Promoted Products card. A finished stream
// cannot be edited (spec 3 §4).
export const handle = { ...CAMPAIGN_PAGE, title: "Edit Stream" };
export const meta: MetaFunction = () => [{ title: "Edit Stream" }];
export const links = streamPageLinks;
export const headers = savedThenReturnHeaders;

const formValue = (stream: StreamDetail): StreamFormValue => ({
  name: stream.name,
  startAt: zoneStreamDate(stream.startDateAndTime),
  categories: stream.categories.map((c) => c._id),
  influencer: stream.streamer._id,
  image: stream.image ?? "",
  video: stream.video ?? "",
});

async function door(request: Request, params: LoaderFunctionArgs["params"]) {
  const found = await campaignStreamDoor(request, params.campaignId, { edit: true });
  const stream = await campaignStreamOf(found.api, found.campaign._id, params.streamId);
  return { ...found, stream };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, user, stream, options, back } = await door(request, params);
  const card = await loadPromotedCard(api, user, stream, new URL(request.url));
  return json(
    { stream, options, back, value: formValue(stream), finished: isStreamFinished(stream), card },
    { headers: api.headers },
  );
}

/** The stream's form posts without an intent; the Promoted Products card's forms with intent promote or remove. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { api, user, stream, campaign, back } = await door(request, params);
  const intent = (await request.clone().formData()).get("intent");
  if (intent === "promote" || intent === "remove") return promotedCardAction(request, api, user, stream);
  if (!can(user, "stream:schedule")) throw pageNotFound();
  return saveStreamForm(request, api, { kind: "campaign", streamId: stream._id, campaignId: campaign._id, back });
}

export default function EditCampaignStream() {
  return <EditStreamPage kind="campaign" />;
}

export function ErrorBoundary() {
  return <GeneralError />;
}
