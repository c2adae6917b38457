import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { MSG } from "#contract/core/messages";
import { can, reachesEveryShop } from "#contract/access/rights";
import type { StreamDetail } from "#contract/streams/streams-api";
import { apiFor, pageNotFound } from "~/services/api.server";
import { loadStreamFormOptions, saveStreamForm } from "~/services/stream-form.server";
import { savedThenReturnHeaders } from "~/services/toast.server";
import type { StreamFormValue } from "~/components/stream/StreamForm";
import { GeneralError } from "~/components/layout/GeneralError";
import { zoneStreamDate } from "~/lib/stream-form";
// the Promoted Products card
import { EditStreamPage } from "~/components/stream/EditStreamView";
import { isStreamFinished } from "~/lib/streams";
import { loadPromotedCard, promotedCardAction } from "~/services/stream-promote.server";
import { streamPageLinks } from "~/lib/stream-page-links";

// spec 3 §2 Add and edit stream: /app/edit-streams/{streamId}, titled 'Edit Stream', Update and Back. Staff need
// 'schedule stream'; another shop's stream (or none) is 'Page not found'; a finished stream cannot be edited (§4). Below
// the form, the Promoted Products card (ADR 0039): staff with only 'promote stream' see the card without the form.
export const handle = {
  roles: ["admin", "shopOwner", "staff"] as const,
  module: "stream" as const,
  title: "Edit Stream",
};
export const meta: MetaFunction = () => [{ title: "Edit Stream" }];
export const links = streamPageLinks;
export const headers = savedThenReturnHeaders;

async function door(request: Request, streamId: string | undefined) {
  const { api, user } = await apiFor(request, { roles: handle.roles, module: handle.module });
  const mayOpen = can(user, "stream:schedule") || can(user, "stream:promote");
  if (!mayOpen || !streamId || !/^[0-9a-f]{24}$/.test(streamId)) throw pageNotFound();
  const stream = await api.get(`live-stream/${streamId}`);
  if (stream.httpStatus === 404) throw pageNotFound();
  if (!stream.success)
    throw json({ message: stream.message || MSG.internalServerError }, { status: stream.httpStatus });
  const back = reachesEveryShop(user) ? `/app/shop/${stream.data.shopId}/streams` : "/app/streams";
  return { api, user, stream: stream.data, back };
}

/** The stream as the page's form shows it: its time in the marketplace's zone, its streamer in the right choice. */
function formValue(stream: StreamDetail, staffIds: Set<string>): StreamFormValue {
  const byStaff = staffIds.has(stream.streamer._id);
  return {
    name: stream.name,
    startAt: zoneStreamDate(stream.startDateAndTime),
    categories: stream.categories.map((c) => c._id),
    staff: byStaff ? stream.streamer._id : "",
    influencer: byStaff ? "" : stream.streamer._id,
    image: stream.image ?? "",
    video: stream.video ?? "",
  };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, user, stream, back } = await door(request, params.streamId);
  const canSchedule = can(user, "stream:schedule");
  const [options, card] = await Promise.all([
    canSchedule ? loadStreamFormOptions(api, stream.shopId) : null,
    loadPromotedCard(api, user, stream, new URL(request.url)),
  ]);
  if (canSchedule && !options) throw pageNotFound();
  const value = options ? formValue(stream, new Set(options.staff.map((p) => p._id))) : null;
  return json({ stream, options, back, value, finished: isStreamFinished(stream), card }, { headers: api.headers });
}

/** The stream's form posts without an intent; the Promoted Products card's forms with intent promote or remove. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { api, user, stream, back } = await door(request, params.streamId);
  const intent = (await request.clone().formData()).get("intent");
  if (intent === "promote" || intent === "remove") return promotedCardAction(request, api, user, stream);
  if (!can(user, "stream:schedule")) throw pageNotFound();
  return saveStreamForm(request, api, { kind: "page", streamId: stream._id, back });
}

export default function EditStream() {
  return <EditStreamPage kind="page" />;
}

export function ErrorBoundary() {
  return <GeneralError />;
}
