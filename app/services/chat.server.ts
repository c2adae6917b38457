import { json, redirect } from "@remix-run/node";
import { MSG } from "#contract/core/messages";
import { CHAT_IMAGE_TYPES, CHAT_VIDEO_TYPES } from "#contract/chat/chat";
import type { ChatTokenData } from "#contract/chat/chat-api";
import type { ApiClient } from "./api.server";
import { fetchApi } from "./transport.server";
import {
  ATTACHMENT_TEXTS,
  CHANNELS_PER_PAGE,
  CHAT_PARAMS,
  MESSAGES_PER_PAGE,
  attachmentViews,
  previewOf,
  type ChannelListView,
  type ChannelView,
  type ChatMessageView,
  type ChatPerson,
} from "~/lib/chat";

// The chat kit's server side: the pages read and write chat through the chat service's REST calls (ADR 0066), in
// process like every other API call, as the signed-in user (their token from GET chat/token).

interface StreamUser {
  id: string;
  name?: string;
  image?: string;
}
interface StreamMessage {
  id: string;
  text: string;
  type: string;
  user: StreamUser | null;
  attachments: unknown;
  created_at: string;
  callType?: unknown;
}
interface StreamState {
  channel: {
    cid: string;
    type: string;
    name?: string;
    image?: string;
    isGroup?: boolean;
    last_message_at?: string;
    own_capabilities?: string[];
  };
  members: { user_id: string; user?: StreamUser }[];
  messages: StreamMessage[];
  read?: { user: { id: string }; unread_messages: number }[];
}

/** A chat session of the page's user: their token, and the chat service's calls made with it. */
export interface ChatSession {
  token: ChatTokenData;
  call: <T>(method: "GET" | "POST" | "DELETE", path: string, body?: unknown) => Promise<{ status: number; data: T }>;
}

/** Opens the page user's chat session (GET chat/token); null when they may not chat. */
export async function chatSession(api: ApiClient, request: Request): Promise<ChatSession | null> {
  const answer = await api.get("chat/token");
  if (!answer.success) return null;
  const token = answer.data;
  const call: ChatSession["call"] = async (method, path, body) => {
    const headers = new Headers({ authorization: token.token, "stream-auth-type": "jwt" });
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers.set("content-type", "application/json");
      payload = JSON.stringify(body);
    }
    const sep = path.includes("?") ? "&" : "?";
    const response = await fetchApi(
      `chat-service/${path}${sep}api_key=${encodeURIComponent(token.apiKey)}`,
      { method, headers, body: payload },
      request,
    );
    return { status: response.status, data: (await response.json().catch(() => ({}))) as never };
  };
  return { token, call };
}

const person = (u: StreamUser | null | undefined): ChatPerson | null =>
  u ? { id: u.id, name: u.name || "Unknown", image: u.image || null } : null;

/** A channel's name: its own, else the other members' names. */
function nameOf(state: StreamState, me: string) {
  if (state.channel.name) return state.channel.name;
  const others = state.members.filter((m) => m.user_id !== me).map((m) => m.user?.name || "Unknown");
  return others.join(", ") || "Chat";
}

function messageView(m: StreamMessage, me: string): ChatMessageView {
  return {
    id: m.id,
    text: m.type === "deleted" ? "This message was deleted" : m.text,
    user: person(m.user),
    mine: m.user?.id === me,
    createdAt: m.created_at,
    attachments: attachmentViews(m.attachments),
    deleted: m.type === "deleted",
  };
}

const splitCid = (cid: string) => {
  const at = cid.indexOf(":");
  return at > 0 ? { type: cid.slice(0, at), id: cid.slice(at + 1) } : null;
};

/** A 404 page for a channel the user may not see (or that does not exist): never a 500. */
const channelNotFound = () => json({ message: MSG.pageNotFound }, { status: 404 });

/**
 * One channel for ChannelPane: its newest MESSAGES_PER_PAGE messages, or those before `before` (a message id).
 * A channel the user may not read, or that does not exist, throws a 404 page.
 */
export async function loadChannel(chat: ChatSession, cid: string, before?: string | null): Promise<ChannelView> {
  const parts = splitCid(cid);
  if (!parts) throw channelNotFound();
  const answer = await chat.call<StreamState>(
    "POST",
    `channels/${encodeURIComponent(parts.type)}/${encodeURIComponent(parts.id)}/query`,
    {
      state: true,
      messages: { limit: MESSAGES_PER_PAGE + 1, ...(before ? { id_lt: before } : {}) },
      members: { limit: 100 },
    },
  );
  if (answer.status !== 201 && answer.status !== 200) throw channelNotFound();
  const state = answer.data;
  const me = chat.token.userId;
  const more = state.messages.length > MESSAGES_PER_PAGE;
  const messages = (more ? state.messages.slice(1) : state.messages).map((m) => messageView(m, me));
  const members = state.members.map((m) => person(m.user ?? { id: m.user_id })!);
  return {
    cid: state.channel.cid,
    type: state.channel.type,
    name: nameOf(state, me),
    image: state.channel.image || null,
    group: !!state.channel.isGroup || members.length > 2,
    members,
    messages,
    olderThan: more ? (messages[0]?.id ?? null) : null,
    canWrite: (state.channel.own_capabilities ?? []).includes("send-message"),
    canModerate: (state.channel.own_capabilities ?? []).includes("delete-any-message"),
  };
}

/**
 * Marks a channel read for the signed-in user, as a live client does when it shows the newest messages: a page that
 * server-renders them calls it, so the Chat menu's unread count clears without JavaScript too.
 */
export async function markChannelRead(chat: ChatSession, cid: string) {
  const parts = splitCid(cid);
  if (!parts) return;
  await chat.call("POST", `channels/${encodeURIComponent(parts.type)}/${encodeURIComponent(parts.id)}/read`, {});
}

// the channel search reads at most this many channels (by last message) to match names against
const SEARCH_SCAN = 300;

/**
 * The channel list for ChannelList: the user's channels by last message, CHANNELS_PER_PAGE a page (`cpage`), or
 * those whose name holds `csearch` (the chat service does not filter by name: the newest SEARCH_SCAN are matched).
 */
export async function loadChannelList(chat: ChatSession, url: URL): Promise<ChannelListView> {
  const page = Math.max(1, Number(url.searchParams.get(CHAT_PARAMS.page)) || 1);
  const search = (url.searchParams.get(CHAT_PARAMS.search) ?? "").trim();
  const me = chat.token.userId;
  const query = (offset: number, limit: number) =>
    chat.call<{ channels?: StreamState[] }>("POST", "channels", {
      filter_conditions: {},
      sort: [{ field: "last_message_at", direction: -1 }],
      limit,
      offset,
      message_limit: 1,
      member_limit: 10,
    });
  let states: StreamState[] = [];
  let isNext = false;
  if (search) {
    const needle = search.toLowerCase();
    for (let offset = 0; offset < SEARCH_SCAN; offset += 30) {
      const batch = (await query(offset, 30)).data.channels ?? [];
      states.push(...batch.filter((s) => nameOf(s, me).toLowerCase().includes(needle)));
      if (batch.length < 30) break;
    }
    const start = (page - 1) * CHANNELS_PER_PAGE;
    isNext = states.length > start + CHANNELS_PER_PAGE;
    states = states.slice(start, start + CHANNELS_PER_PAGE);
  } else {
    states = (await query((page - 1) * CHANNELS_PER_PAGE, CHANNELS_PER_PAGE + 1)).data.channels ?? [];
    isNext = states.length > CHANNELS_PER_PAGE;
    states = states.slice(0, CHANNELS_PER_PAGE);
  }
  return {
    page,
    isNext,
    search,
    items: states.map((s) => {
      const last = s.messages.at(-1);
      return {
        cid: s.channel.cid,
        name: nameOf(s, me),
        image: s.channel.image || null,
        preview: last ? previewOf(last.text, attachmentViews(last.attachments)) : "",
        lastMessageAt: s.channel.last_message_at ?? null,
        unread: s.read?.find((r) => r.user.id === me)?.unread_messages ?? 0,
      };
    }),
  };
}

/**
 * The signed-in user's unread messages (the Chat menu entry's count): GET chat/unread, one query over all their
 * channels; 0 if they may not chat or the count cannot be read (the menu never fails a page).
 */
export async function unreadTotal(api: ApiClient) {
  const answer = await api.get("chat/unread");
  return answer.success ? answer.data.total : 0;
}

const IMAGE_TYPES: readonly string[] = CHAT_IMAGE_TYPES;
const VIDEO_TYPES: readonly string[] = CHAT_VIDEO_TYPES;

/** The form fields of ChannelPane's send form. */
export const SEND_FIELDS = { text: "text", file: "file", cid: "cid" } as const;

/**
 * ChannelPane's plain POST: sends the text, or uploads the file and sends it as an attachment with the text
 * 'attachment: image' / 'attachment: video' (spec 2 §4 Chat). Answers an error message, or null when sent.
 */
export async function sendFromForm(chat: ChatSession, cid: string, form: FormData): Promise<string | null> {
  const parts = splitCid(cid);
  if (!parts) return MSG.pageNotFound;
  const base = `channels/${encodeURIComponent(parts.type)}/${encodeURIComponent(parts.id)}`;
  const text = String(form.get(SEND_FIELDS.text) ?? "").trim();
  const file = form.get(SEND_FIELDS.file);
  const refusal = (data: unknown) => (data as { message?: string })?.message ?? "The message could not be sent";
  if (file instanceof File && file.size > 0) {
    const video = VIDEO_TYPES.includes(file.type);
    if (!video && !IMAGE_TYPES.includes(file.type)) return "Only images and videos can be sent";
    const upload = new FormData();
    upload.set("file", file, file.name || "upload");
    const stored = await chat.call<{ file?: string }>("POST", `${base}/${video ? "file" : "image"}`, upload);
    if (stored.status >= 300 || !stored.data.file) return refusal(stored.data);
    const url = stored.data.file;
    const attachment = video
      ? { type: "video", asset_url: url, videoURL: url, mime_type: file.type, title: file.name }
      : { type: "image", image_url: url, thumb_url: url, mime_type: file.type, fallback: file.name };
    const sent = await chat.call("POST", `${base}/message`, {
      message: { text: video ? ATTACHMENT_TEXTS.video : ATTACHMENT_TEXTS.image, attachments: [attachment] },
    });
    if (sent.status >= 300) return refusal(sent.data);
  }
  if (text) {
    const sent = await chat.call("POST", `${base}/message`, { message: { text } });
    if (sent.status >= 300) return refusal(sent.data);
  }
  if (!text && !(file instanceof File && file.size > 0)) return "Write a message or choose a file";
  return null;
}

// spec 2 §9 / ADR 0066: the chat service takes up to 50 MB a file; a form larger than that is refused before reading
const MAX_FORM_BYTES = 50 * 1024 * 1024 + 64 * 1024;

/**
 * A page action for ChannelPane's send form: reads the form (text, file, cid), sends it as the signed-in user and
 * redirects back to the page (the newest messages), or answers `{ error }` (status 400) with the refusal. `cid` is the
 * channel the page shows, if it decides it (otherwise the form's). A channel the user may not write to is refused by the
 * chat service (its message is shown).
 */
export async function chatSendAction(api: ApiClient, request: Request, cid?: string) {
  if (Number(request.headers.get("content-length") ?? 0) > MAX_FORM_BYTES)
    return json({ error: "The file is too large (at most 50 MB)" }, { status: 413 });
  const chat = await chatSession(api, request);
  if (!chat) return json({ error: "You may not use chat" }, { status: 403 });
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return json({ error: "Write a message or choose a file" }, { status: 400 });
  }
  const target = cid ?? String(form.get(SEND_FIELDS.cid) ?? "");
  const error = await sendFromForm(chat, target, form);
  if (error) return json({ error }, { status: 400 });
  const back = new URL(request.url);
  back.searchParams.delete(CHAT_PARAMS.before);
  return redirect(`${back.pathname}${back.search}`, { headers: api.headers });
}
