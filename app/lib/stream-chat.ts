import type { ChannelView, ChatPerson } from "./chat";

// The stream viewer's live chat (spec 3 §2): its forms' intents and fields, and its note for a stream without chat.

/** The viewer's chat forms, told apart from the viewer's Archive form by their intent. */
export const STREAM_CHAT_INTENTS = { delete: "delete-message", mute: "mute", unmute: "unmute" } as const;
export const STREAM_CHAT_FIELDS = { message: "messageId", user: "userId" } as const;
/** Shown in the chat pane of a stream that has no live chat (none was made for it). */
export const STREAM_CHAT_NO_CHANNEL = "This stream has no live chat.";

/** A viewer of the stream (a customer or influencer who joined its chat), and whether they are muted in it. */
export interface StreamChatViewer extends ChatPerson {
  muted: boolean;
}

/** What the viewer's chat pane shows: the channel and its viewers (for moderators), or a note when it has no chat. */
export type StreamChatView =
  | { channel: ChannelView; viewers: StreamChatViewer[]; finished: boolean; note?: undefined }
  | { note: string; channel?: undefined };
