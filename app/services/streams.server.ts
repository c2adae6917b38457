// The stream lists (spec 3 §2 Stream list, Stream viewer): what /app/streams, /app/stream and the shop page's Streams
// tab load (the rows, the stream the viewer shows, the department choices) and the viewer's archive action.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { MSG } from "#contract/core/messages";
import { UI_MSG } from "#contract/core/messages-ui";
import { can, reachesShop } from "#contract/access/rights";
import { STREAM_ARCHIVABLE_STATUSES, STREAM_STATUSES } from "#contract/streams/streams";
import { z } from "#contract/core/zod";
import type { StreamDetail } from "#contract/streams/streams-api";
import { listHref } from "~/lib/url-state";
import { ALL_STREAMS_ACCESS, STREAM_LIST_ACCESS, STREAM_LIST_FILTERS, STREAM_VIEWER_PARAMS } from "~/lib/streams";
import { apiFor, pageNotFound, type ApiClient } from "./api.server";
import { listCsvLoader, listLoader, type ListDoor, type ListUrlQuery, type TargetResult } from "./list.server";
import { savedThenReturn } from "./toast.server";
// the shop page's Add Stream modal (streams-edit)
import { ADD_STREAM_DIALOG } from "~/lib/stream-form";
import { loadStreamFormOptions, saveStreamForm } from "~/services/stream-form.server";
import { loadStreamChat, streamChatAction } from "./stream-chat.server";

/** Which list: the session's shop (/app/streams), the shop of the route (/app/shop/{id}/streams) or all shops (/app/stream). */
export type StreamScope = "own" | "shop" | "all";

/** Who is asking, and the shop whose streams they see (null: every shop's). */
type StreamListDoor = ListDoor & { shopId: string | null };

async function streamListDoor(
  { request, params }: Pick<LoaderFunctionArgs, "request" | "params">,
  scope: StreamScope,
): Promise<StreamListDoor> {
  const door = await apiFor(request, scope === "all" ? ALL_STREAMS_ACCESS : STREAM_LIST_ACCESS);
  const { user } = door;
  if (scope === "all") return { ...door, shopId: null };
  if (scope === "shop") {
    const shopId = params.id ?? "";
    if (!reachesShop(user, shopId)) throw pageNotFound();
    return { ...door, shopId };
  }
  // spec 1 §2: streams is a shop owner's route (an admin has no shop; their way is /app/stream or a shop's tab)
  if (!user.shop) throw pageNotFound();
  return { ...door, shopId: user.shop._id };
}

/** The stream the viewer shows, if it loaded. */
async function targetStream(target: Promise<TargetResult<StreamDetail>>) {
  const shown = await target;
  return shown?.success ? shown.data : null;
}

/** The viewer's live room (ADR 0040): the figures as of this load, for a broadcasting stream only. */
export async function liveRoomOf(api: ApiClient, stream: TargetResult<{ _id: string; status: string }>) {
  const shown = stream?.success ? stream.data : null;
  if (shown?.status !== "broadcasting") return null;
  const room = await api.get(`live-stream/room/${encodeURIComponent(shown._id)}`);
  return room.success ? room.data : null;
}

/**
 * The stream the viewer names, with its products. A link to none this person may see (deleted, mistyped, malformed, or
 * another shop's: 404 alike, ADR 0036) says so above the list rather than the API's bare 'Not found'.
 */
export async function viewedStream(api: ApiClient, id: string) {
  const stream = await api.get(`live-stream/${id}`);
  return stream.httpStatus === 404 ? { ...stream, message: MSG.streamViewerNotFound } : stream;
}

const listStreams = (api: ApiClient, query: ListUrlQuery, shopId: string | null) =>
  api.post("live-stream/list", undefined, { ...query, ...(shopId ? { shopId } : {}) });

/** The department filter's choices: the shop's departments on a one-shop list, every department on all shops'. */
async function departmentChoices(api: ApiClient, shopId: string | null) {
  if (shopId) {
    const shop = await api.get(`shop/getdetails/${encodeURIComponent(shopId)}`);
    return shop.success ? shop.data.categories.map((c) => ({ value: c._id, label: c.name })) : [];
  }
  const result = await api.get("category/departments");
  return result.success ? result.data.map((c) => ({ value: c._id, label: c.name })) : [];
}

export const streamListLoader = (scope: StreamScope) =>
  listLoader({
    access: scope === "all" ? ALL_STREAMS_ACCESS : STREAM_LIST_ACCESS,
    door: (args) => streamListDoor(args, scope),
    filters: STREAM_LIST_FILTERS,
    list: (api, query, { door }) => listStreams(api, query, door.shopId),
    missingIsNotFound: true,
    // the viewer (?dialog=view&id=…): the stream with its products
    target: { on: ["dialog=view"], load: viewedStream },
    extra: async ({ api, door, search, target, request }) => ({
      scope,
      shopId: door.shopId,
      departments: await departmentChoices(api, door.shopId),
      canSchedule: can(door.user, "stream:schedule"),
      canEdit: can(door.user, "stream:schedule") || can(door.user, "stream:promote"),
      // the shop page's Add Stream modal (streams-edit)
      addStream:
        scope === "shop" && search.get("dialog") === ADD_STREAM_DIALOG && can(door.user, "stream:schedule")
          ? await loadStreamFormOptions(api, door.shopId)
          : null,
      room: await liveRoomOf(api, await target),
      // the viewer's live chat (spec 3 §2): staff with 'stream chat', owners and admins
      chat: await loadStreamChat(api, request, door.user, await targetStream(target)),
    }),
  });

/** The stream list's 'Export CSV' (ADR 0068): the same door, shop and filters as the list. */
export const streamCsvLoader = (scope: StreamScope) =>
  listCsvLoader({
    access: scope === "all" ? ALL_STREAMS_ACCESS : STREAM_LIST_ACCESS,
    door: (args) => streamListDoor(args, scope),
    filters: STREAM_LIST_FILTERS,
    file: (api, query, { door }) =>
      api.download("live-stream/list/export", { ...query, ...(door.shopId ? { shopId: door.shopId } : {}) }),
  });

const archiveFormSchema = z.object({
  intent: z.literal("archive"),
  id: z.string().trim().min(1).max(64),
  status: z.enum(STREAM_STATUSES),
  archiveStatus: z.enum(STREAM_ARCHIVABLE_STATUSES).optional(),
});

/**
 * The viewer's Archive / Unarchive (spec 3 §2, §4): PUT live-stream/archive; on success the message shows, and about
 * 1 s later the dialog closes and the list reloads (the Refresh header does it without JavaScript); on failure the
 * server's message shows in the viewer. The viewer's chat forms post here too (stream-chat.server.ts).
 */
export async function streamArchiveAction(args: ActionFunctionArgs, scope: StreamScope) {
  const { api, user } = await streamListDoor(args, scope);
  const chat = await streamChatAction(api, user, args.request);
  if (chat) return chat;
  return archiveStream(api, new URL(args.request.url), await args.request.formData());
}

/** The viewer's archive form posted to `url` (a stream list, or the campaign's edit page with its Streams card). */
export async function archiveStream(api: ApiClient, url: URL, formData: FormData) {
  const form = archiveFormSchema.safeParse(Object.fromEntries(formData));
  if (!form.success) return json({ error: UI_MSG.somethingWrong }, { status: 400, headers: api.headers });
  const { id, status, archiveStatus } = form.data;
  const result = await api.put("live-stream/archive", { id, data: { status, archiveStatus } });
  if (!result.success)
    return json(
      { error: result.message || UI_MSG.somethingWrong },
      { status: result.httpStatus, headers: api.headers },
    );
  const back = listHref(url, Object.fromEntries(STREAM_VIEWER_PARAMS.map((p) => [p, null])), { resetPage: false });
  return savedThenReturn(back, result.message, api.headers);
}

/**
 * The shop page's Add Stream modal posts here (?dialog=add-stream): the modal's reading of spec 3 §5 (streams-edit,
 * ADR 0037); any other post is the viewer's archive.
 */
export async function shopStreamsAction(args: ActionFunctionArgs) {
  const url = new URL(args.request.url);
  if (url.searchParams.get("dialog") !== ADD_STREAM_DIALOG) return streamArchiveAction(args, "shop");
  const { api, user, shopId } = await streamListDoor(args, "shop");
  if (!can(user, "stream:schedule") || !shopId) throw pageNotFound();
  const back = listHref(url, { dialog: null, id: null }, { resetPage: false });
  return saveStreamForm(args.request, api, { kind: "modal", shopId, back });
}
