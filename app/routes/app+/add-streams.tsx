import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { can, reachesEveryShop } from "#contract/access/rights";
import { apiFor, pageNotFound } from "~/services/api.server";
import { loadStreamFormOptions, saveStreamForm } from "~/services/stream-form.server";
import { savedThenReturnHeaders } from "~/services/toast.server";
import { loadStagedCard } from "~/services/stream-promote.server";
import { AddStreamView } from "~/components/stream/AddStreamView";
import { answerOf } from "~/components/form/form-answer";
import { GeneralError } from "~/components/layout/GeneralError";
import { streamPageLinks } from "~/lib/stream-page-links";

// spec 3 §2 Add and edit stream: /app/add-streams, titled 'Add Stream'; after saving, back to the stream list. Staff need
// 'schedule stream'. An admin adds from a shop's page (the modal), or here for the shop named by ?shopId=.
export const handle = {
  roles: ["admin", "shopOwner", "staff"] as const,
  module: "stream" as const,
  title: "Add Stream",
};
export const meta: MetaFunction = () => [{ title: "Add Stream" }];
export const links = streamPageLinks;
export const headers = savedThenReturnHeaders;

async function door(request: Request) {
  const { api, user } = await apiFor(request, { roles: handle.roles, module: handle.module });
  if (!can(user, "stream:schedule")) throw pageNotFound();
  const shopId = reachesEveryShop(user) ? new URL(request.url).searchParams.get("shopId") : null;
  if (reachesEveryShop(user) && !shopId) throw pageNotFound();
  // an admin returns to that shop's streams tab, the others to their list
  const back = shopId ? `/app/shop/${shopId}/streams` : "/app/streams";
  return { api, user, shopId, back };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, user, shopId, back } = await door(request);
  const options = await loadStreamFormOptions(api, shopId);
  if (!options) throw pageNotFound();
  // the Promoted Products card: the products the new stream will promote (ADR 0070)
  const card = await loadStagedCard(api, user, options.shopId, new URL(request.url));
  return json({ options, back, card }, { headers: api.headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const { api, shopId, back } = await door(request);
  return saveStreamForm(request, api, { kind: "page", shopId, back });
}

export default function AddStream() {
  const { options, back, card } = useLoaderData<typeof loader>();
  const { saved, reply } = answerOf(useActionData<typeof action>());
  return (
    <AddStreamView
      kind="page"
      options={options}
      value={{ staff: options.staff[0]?._id ?? "" }}
      back={back}
      saved={saved}
      lastResult={reply?.result}
      card={card}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
