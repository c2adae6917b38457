import { CHAT_IMAGE_TYPES, CHAT_VIDEO_TYPES } from "#contract/chat/chat";

// The chat kit's shared views and rules (spec 2 "Chat panel", "Chat channel", §4 Chat, §9): what the server-rendered
// ChannelPane and ChannelList show, and the texts the spec names. No server code: the island imports it too.

/** spec 2 §9: the channel list's page size. */
export const CHANNELS_PER_PAGE = 10;
/** The messages a channel pane shows at once (older ones by `?before=`). */
export const MESSAGES_PER_PAGE = 30;
/** spec 2 §9: preview text truncated at 60 (or 70 without an avatar), channel search names at 25. */
export const PREVIEW_CHARS = 60;
export const PREVIEW_CHARS_WIDE = 70;
export const SEARCH_NAME_CHARS = 25;
/** spec 2 §4 Chat: the texts a message carries when it sends an image or a video (hidden when shown). */
export const ATTACHMENT_TEXTS = { image: "attachment: image", video: "attachment: video" } as const;
/** spec 2 Chat panel: the call messages' texts, and the states of the panel. */
export const CALL_TEXTS = { audio: "Started Audio Call", video: "Started Video Call" } as const;
export const CHAT_LOADING = "Loading...";
export const CHAT_NOTHING_SELECTED = "Click On Chat Button";
/** The send form's intent, its first field: a page with forms of its own tells the chat's post apart by it. */
export const CHAT_SEND_INTENT = "send";
/** The URL parameters of the chat screens' state. */
export const CHAT_PARAMS = { channel: "channel", before: "before", page: "cpage", search: "csearch" } as const;

/** spec 2 §9: the accepted upload types (images and videos), for the file input's `accept`. */
export const CHAT_ACCEPT = [...CHAT_IMAGE_TYPES, ...CHAT_VIDEO_TYPES].join(",");

/** Truncates with an ellipsis at `max` characters. */
export const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

export interface ChatPerson {
  id: string;
  name: string;
  image: string | null;
}

export interface ChatAttachmentView {
  kind: "image" | "video";
  url: string;
}

export interface ChatMessageView {
  id: string;
  text: string;
  user: ChatPerson | null;
  mine: boolean;
  createdAt: string;
  attachments: ChatAttachmentView[];
  deleted: boolean;
}

/** One channel as the server-rendered pane shows it. */
export interface ChannelView {
  cid: string;
  type: string;
  name: string;
  image: string | null;
  /** a group channel (more than two members, or channelData.isGroup): the members side panel is shown */
  group: boolean;
  members: ChatPerson[];
  messages: ChatMessageView[];
  /** the oldest shown message's id when older ones exist (the `?before=` link) */
  olderThan: string | null;
  canWrite: boolean;
  /** the user may delete anyone's message here (the shop's side of its channels, admins) */
  canModerate?: boolean;
}

export interface ChannelListItem {
  cid: string;
  name: string;
  image: string | null;
  preview: string;
  lastMessageAt: string | null;
  unread: number;
}

export interface ChannelListView {
  items: ChannelListItem[];
  page: number;
  isNext: boolean;
  search: string;
}

// the message kinds Stream's apps send for calls (their custom `type` or their text)
const CALL_MARKERS: Record<string, string> = {
  audio_call: CALL_TEXTS.audio,
  audioCall: CALL_TEXTS.audio,
  video_call: CALL_TEXTS.video,
  videoCall: CALL_TEXTS.video,
};

/** A message's text as shown: hidden attachment texts, calls as 'Started Audio Call' / 'Started Video Call'. */
export function shownText(text: string, extra?: { callType?: unknown }) {
  const call = typeof extra?.callType === "string" ? CALL_MARKERS[extra.callType] : CALL_MARKERS[text];
  if (call) return call;
  if (text === ATTACHMENT_TEXTS.image || text === ATTACHMENT_TEXTS.video) return "";
  return text;
}

/** The inline media of a message's attachments (image_url / thumb_url for images, asset_url / videoURL for videos). */
export function attachmentViews(list: unknown): ChatAttachmentView[] {
  if (!Array.isArray(list)) return [];
  const out: ChatAttachmentView[] = [];
  for (const a of list as Record<string, unknown>[]) {
    const str = (k: string) => (typeof a?.[k] === "string" ? (a[k] as string) : "");
    const video = str("videoURL") || (str("type") === "video" ? str("asset_url") : "");
    const image = str("image_url") || str("thumb_url") || (str("type") === "image" ? str("asset_url") : "");
    if (video) out.push({ kind: "video", url: video });
    else if (image) out.push({ kind: "image", url: image });
  }
  return out;
}

/** A channel list row's preview: its last message as shown, or the attachment's kind. */
export function previewOf(text: string, attachments: ChatAttachmentView[], max = PREVIEW_CHARS) {
  const shown = shownText(text);
  if (shown) return truncate(shown, max);
  const first = attachments[0];
  return first ? (first.kind === "image" ? "Image" : "Video") : "";
}
