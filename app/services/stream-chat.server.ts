// The stream viewer's live chat (spec 3 §2 Stream viewer, spec 1 §6 chat module 'stream chat'): the stream's
// livestream channel as ChannelPane shows it, the viewers a moderator may mute, and the viewer's chat forms (send,
// delete a message, mute or unmute a viewer in this stream), posted to the page the viewer is open on (a stream
// list, the campaign edit page, the accepted-influencer page), which hands them to streamChatAction first.
import { json, redirect } from "@remix-run/node";
import type { LoggedUser } from "#contract/access/auth";
import { can } from "#contract/access/rights";
import { MSG } from "#contract/core/messages";
import { UI_MSG } from "#contract/core/messages-ui";
import type { StreamDetail } from "#contract/streams/streams-api";
import { CHAT_PARAMS, CHAT_SEND_INTENT } from "~/lib/chat";
import {
  STREAM_CHAT_FIELDS,
  STREAM_CHAT_INTENTS,
  STREAM_CHAT_NO_CHANNEL,
  type StreamChatView,
  type StreamChatViewer,
} from "~/lib/stream-chat";
import { isStreamFinished } from "~/lib/streams";
import type { ApiClient } from "./api.server";
import { peekIntent } from "./forms.server";
import { chatSendAction, chatSession, loadChannel, type ChatSession } from "./chat.server";

/** spec 1 §6: the live chat is for owners, admins and staff with 'stream chat'. */
export const seesStreamChat = (user: LoggedUser) => can(user, "chat:stream-chat");

/** The livestream channel's cid a stream keeps (spec 3 §3 Stream.streamChat), if it has one. */
export function streamChatCid(stream: Pick<StreamDetail, "streamChat">) {
  const cid = stream.streamChat?.cid;
  return typeof cid === "string" && cid.startsWith("livestream:") ? cid : null;
}

interface StreamMember {
  user_id: string;
  banned?: boolean;
  user?: { id: string; name?: string; image?: string; liveshop_role?: string };
}

// the viewers panel lists at most this many of the channel's members (the chat service's page)
const VIEWERS_SHOWN = 100;

/** The channel's viewers (members from the app: customers and influencers), muted ones first. */
async function viewersOf(chat: ChatSession, cid: string): Promise<StreamChatViewer[]> {
  const at = cid.indexOf(":");
  const payload = JSON.stringify({ type: cid.slice(0, at), id: cid.slice(at + 1), limit: VIEWERS_SHOWN });
  const answer = await chat.call<{ members?: StreamMember[] }>("GET", `members?payload=${encodeURIComponent(payload)}`);
  return (answer.data.members ?? [])
    .filter((m) => m.user?.liveshop_role === "endUser" || m.user?.liveshop_role === "influencer")
    .map((m) => ({ id: m.user_id, name: m.user?.name || "Unknown", image: m.user?.image || null, muted: !!m.banned }))
    .sort((a, b) => Number(b.muted) - Number(a.muted));
}

/**
 * The viewer's chat for `stream`, or null when the user may not see live chats. A stream without a livestream
 * channel (none was made for it) answers a note instead of failing the viewer.
 */
export async function loadStreamChat(
  api: ApiClient,
  request: Request,
  user: LoggedUser,
  stream: StreamDetail | null,
): Promise<StreamChatView | null> {
  if (!stream || !seesStreamChat(user)) return null;
  const cid = streamChatCid(stream);
  const chat = cid ? await chatSession(api, request) : null;
  if (!cid || !chat) return { note: STREAM_CHAT_NO_CHANNEL };
  const before = new URL(request.url).searchParams.get(CHAT_PARAMS.before);
  try {
    const [channel, viewers] = await Promise.all([loadChannel(chat, cid, before), viewersOf(chat, cid)]);
    return { channel, viewers: channel.canModerate ? viewers : [], finished: isStreamFinished(stream) };
  } catch (e) {
    // loadChannel throws a 404 page for a channel the chat service does not have
    if (e instanceof Response && e.status === 404) return { note: STREAM_CHAT_NO_CHANNEL };
    throw e;
  }
}

const isModeration = (intent: string | null) => Object.values(STREAM_CHAT_INTENTS).includes(String(intent) as never);

/**
 * The viewer's chat forms posted to a page with forms of its own (a stream list, a campaign page), told apart by their
 * intent before the page reads its form: the send form (ChannelPane's, multipart) or a moderation form. Null when the
 * post is not the chat's; the page reads its own form then.
 */
export async function streamChatAction(api: ApiClient, user: LoggedUser, request: Request) {
  const intent = await peekIntent(request);
  if (intent === CHAT_SEND_INTENT) return streamChatSend(api, user, request);
  if (isModeration(intent)) return streamChatModerate(api, user, request, await request.formData());
  return null;
}

/** Back to the viewer, at its newest messages. */
function backToViewer(url: URL, headers: Headers) {
  url.searchParams.delete(CHAT_PARAMS.before);
  return redirect(`${url.pathname}${url.search}`, { headers });
}

const refuse = (api: ApiClient, chatError: string, status: number) =>
  json({ chatError }, { status, headers: api.headers });

/** The stream the viewer has open (?id=), when the user may use its chat; a refusal otherwise. */
async function openStream(api: ApiClient, user: LoggedUser, url: URL) {
  if (!seesStreamChat(user)) return { refusal: refuse(api, "You may not use stream chat", 403) };
  const id = url.searchParams.get("id") ?? "";
  const stream = id ? await api.get(`live-stream/${encodeURIComponent(id)}`) : null;
  if (!stream?.success) return { refusal: refuse(api, MSG.streamViewerNotFound, 404) };
  const cid = streamChatCid(stream.data);
  if (!cid) return { refusal: refuse(api, STREAM_CHAT_NO_CHANNEL, 404) };
  return { stream: stream.data, cid };
}

/** The viewer's send form (ChannelPane's, multipart): refused once the stream is finished (its input is hidden). */
async function streamChatSend(api: ApiClient, user: LoggedUser, request: Request) {
  const url = new URL(request.url);
  const open = await openStream(api, user, url);
  if (open.refusal) return open.refusal;
  if (isStreamFinished(open.stream)) return refuse(api, MSG.chatStreamFinished, 400);
  const answer = await chatSendAction(api, request, open.cid);
  if (answer.status >= 300 && answer.status < 400) return answer;
  const body = (await answer.json()) as { error?: string };
  return refuse(api, body.error ?? UI_MSG.somethingWrong, answer.status);
}

/**
 * The viewer's moderation forms: delete a message of this stream's chat (DELETE messages/{id} as the signed-in
 * moderator), or mute / unmute a viewer in this stream (POST chat/mute). Redirects back to the viewer.
 */
async function streamChatModerate(api: ApiClient, user: LoggedUser, request: Request, form: FormData) {
  const url = new URL(request.url);
  const open = await openStream(api, user, url);
  if (open.refusal) return open.refusal;
  const intent = String(form.get("intent"));
  if (intent === STREAM_CHAT_INTENTS.delete) {
    const chat = await chatSession(api, request);
    if (!chat) return refuse(api, "You may not use stream chat", 403);
    const id = encodeURIComponent(String(form.get(STREAM_CHAT_FIELDS.message) ?? ""));
    // only a message of this stream's chat
    const found = await chat.call<{ message?: { cid: string } }>("GET", `messages/${id}`);
    if (found.status !== 200 || found.data.message?.cid !== open.cid)
      return refuse(api, "This message could not be found", 404);
    const deleted = await chat.call<{ message?: unknown }>("DELETE", `messages/${id}`);
    if (deleted.status !== 200)
      return refuse(api, String(deleted.data.message ?? UI_MSG.somethingWrong), deleted.status);
    return backToViewer(url, api.headers);
  }
  const muted = await api.post("chat/mute", {
    streamId: open.cid.slice("livestream:".length),
    userId: String(form.get(STREAM_CHAT_FIELDS.user) ?? ""),
    muted: intent === STREAM_CHAT_INTENTS.mute,
  });
  if (!muted.success) return refuse(api, muted.message || UI_MSG.somethingWrong, muted.httpStatus);
  return backToViewer(url, api.headers);
}
