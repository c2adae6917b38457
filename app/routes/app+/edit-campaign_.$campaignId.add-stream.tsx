import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Box, Button, Callout, Card, Heading, Text } from "@radix-ui/themes";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/remix";
import { MSG } from "#contract/core/messages";
import { reachesEveryShop } from "#contract/access/rights";
import { CAMPAIGN_PAGE } from "~/lib/campaigns";
import { pageNotFound } from "~/services/api.server";
import { campaignStreamDoor } from "~/services/campaign-stream.server";
import { saveStreamForm } from "~/services/stream-form.server";
import { savedThenReturnHeaders } from "~/services/toast.server";
import { StreamForm } from "~/components/stream/StreamForm";
import { answerOf } from "~/components/form/form-answer";
import { SavedThenReturn } from "~/components/form/SavedThenReturn";
import { GeneralError } from "~/components/layout/GeneralError";
import streamFormCss from "~/styles/stream-form.css?url";

// spec 3 §2 Campaign stream add and edit page: /app/edit-campaign/{id}/add-stream, titled 'Add Stream', with Cancel,
// Save and Back, all back to the campaign's edit page. The streamer is one of the campaign's accepted influencers; a
// draft campaign has no streams (ADR 0063).
export const handle = { ...CAMPAIGN_PAGE, title: "Add Stream" };
export const meta: MetaFunction = () => [{ title: "Add Stream" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: streamFormCss }];
export const headers = savedThenReturnHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, options, back } = await campaignStreamDoor(request, params.campaignId, { edit: false });
  return json({ options, back }, { headers: api.headers });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { api, user, campaign, options, back } = await campaignStreamDoor(request, params.campaignId, { edit: false });
  if (!options) throw pageNotFound();
  const shopId = reachesEveryShop(user) ? campaign.shopId : null;
  return saveStreamForm(request, api, { kind: "campaign", campaignId: campaign._id, shopId, back });
}

export default function AddCampaignStream() {
  const { options, back } = useLoaderData<typeof loader>();
  const { saved, reply } = answerOf(useActionData<typeof action>());
  return (
    <Box>
      {saved ? <SavedThenReturn saved={saved} /> : null}
      <Heading as="h1" size="6" mb="4">
        Add Stream
      </Heading>
      {!options || options.campaign?.isDraft ? (
        <>
          <Callout.Root color="orange" mb="4" role="alert">
            <Callout.Text>{MSG.campaignStreamDraft}</Callout.Text>
          </Callout.Root>
          <Button asChild variant="soft" color="gray">
            <Link to={back}>Back</Link>
          </Button>
        </>
      ) : (
        <>
          <Card size="3" style={{ maxWidth: 760 }}>
            <StreamForm
              kind="campaign"
              mode="add"
              options={options}
              defaultValue={{}}
              lastResult={reply?.result}
              backHref={back}
              saved={!!saved}
            />
          </Card>
          {/* spec 3 §2: the Promoted Products card; a product is promoted in a stream, so once it is saved (ADR 0063) */}
          <Card asChild size="3" mt="4" style={{ maxWidth: 960 }}>
            <section aria-labelledby="promoted-products-title">
              <Heading as="h2" size="4" id="promoted-products-title" mb="2">
                Promoted Products
              </Heading>
              <Text as="p" color="gray">
                {MSG.campaignStreamPromoteAfterSave}
              </Text>
            </section>
          </Card>
        </>
      )}
    </Box>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
