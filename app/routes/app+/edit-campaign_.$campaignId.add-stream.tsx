import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Button, Callout } from "@radix-ui/themes";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/remix";
import { MSG } from "#contract/core/messages";
import { reachesEveryShop } from "#contract/access/rights";
import { CAMPAIGN_PAGE } from "~/lib/campaigns";
import { pageNotFound } from "~/services/api.server";
import { campaignStreamDoor } from "~/services/campaign-stream.server";
import { saveStreamForm } from "~/services/stream-form.server";
import { savedThenReturnHeaders } from "~/services/toast.server";
import { loadStagedCard } from "~/services/stream-promote.server";
import { AddStreamView } from "~/components/stream/AddStreamView";
import { answerOf } from "~/components/form/form-answer";
import { GeneralError } from "~/components/layout/GeneralError";
import { streamPageLinks } from "~/lib/stream-page-links";

// spec 3 §2 Campaign stream add and edit page: /app/edit-campaign/{id}/add-stream, titled 'Add Stream', with Cancel,
// Save and Back, all back to the campaign's edit page. The streamer is one of the campaign's accepted influencers; a
// draft campaign has no streams (ADR 0063).
export const handle = { ...CAMPAIGN_PAGE, title: "Add Stream" };
export const meta: MetaFunction = () => [{ title: "Add Stream" }];
export const links = streamPageLinks;
export const headers = savedThenReturnHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, user, options, back } = await campaignStreamDoor(request, params.campaignId, { edit: false });
  // the Promoted Products card: the products the new stream will promote (ADR 0070); none for a draft's refusal
  const card =
    options && !options.campaign?.isDraft
      ? await loadStagedCard(api, user, options.shopId, new URL(request.url))
      : null;
  return json({ options, back, card }, { headers: api.headers });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { api, user, campaign, options, back } = await campaignStreamDoor(request, params.campaignId, { edit: false });
  if (!options) throw pageNotFound();
  const shopId = reachesEveryShop(user) ? campaign.shopId : null;
  return saveStreamForm(request, api, { kind: "campaign", campaignId: campaign._id, shopId, back });
}

export default function AddCampaignStream() {
  const { options, back, card } = useLoaderData<typeof loader>();
  const { saved, reply } = answerOf(useActionData<typeof action>());
  const refused = !options || options.campaign?.isDraft;
  return (
    <AddStreamView
      kind="campaign"
      options={options}
      value={{}}
      back={back}
      saved={saved}
      lastResult={reply?.result}
      card={card}
      refusal={
        refused ? (
          <>
            <Callout.Root color="orange" mb="4" role="alert">
              <Callout.Text>{MSG.campaignStreamDraft}</Callout.Text>
            </Callout.Root>
            <Button asChild variant="soft" color="gray">
              <Link to={back}>Back</Link>
            </Button>
          </>
        ) : undefined
      }
    />
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
