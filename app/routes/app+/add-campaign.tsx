import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { addCampaignSchema } from "#contract/campaigns/campaigns-api";
import { campaignDoor, readCampaignForm, saveCampaignForm } from "~/services/campaign-form.server";
import { savedThenReturnHeaders } from "~/services/toast.server";
import { CAMPAIGN_PAGE, campaignListHref } from "~/lib/campaigns";
import { CampaignForm } from "~/components/campaign/CampaignForm";
import { answerOf } from "~/components/form/form-answer";
import { GeneralError } from "~/components/layout/GeneralError";

// spec 3 §2 Campaign add: {app}/add-campaign (admins come from a shop's Campaigns tab with ?shopId=). Staff need
// campaign:add. After saving, owners go to /app/campaign, admins to the shop's campaigns list.
export const handle = { ...CAMPAIGN_PAGE, title: "Add New Campaign" };
export const meta: MetaFunction = () => [{ title: "Add New Campaign" }];
export const headers = savedThenReturnHeaders;

const shopOf = (request: Request) => new URL(request.url).searchParams.get("shopId") ?? "";

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, user, isAdmin } = await campaignDoor(request, "campaign:add");
  return json(
    { back: campaignListHref(isAdmin, isAdmin ? shopOf(request) : (user.shopId ?? "")) },
    { headers: api.headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { api, isAdmin } = await campaignDoor(request, "campaign:add");
  const form = await readCampaignForm(request, api);
  const shopId = isAdmin ? shopOf(request) : undefined;
  return saveCampaignForm(api, form, {
    schema: addCampaignSchema,
    save: (value) => api.post("campaign", { ...value, ...(shopId ? { shopId } : {}) }),
    isAdmin,
  });
}

export default function AddCampaign() {
  const { back } = useLoaderData<typeof loader>();
  const { saved, reply } = answerOf(useActionData<typeof action>());
  return (
    <CampaignForm
      mode="add"
      reply={reply}
      saved={saved}
      defaultValue={{}}
      backHref={back}
      isDraft
      datesLocked={false}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
