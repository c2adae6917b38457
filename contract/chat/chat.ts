// Chat (spec 2 §3 Chat channel, §4, §9; spec 3 §3 Stream.streamChat, §9): the channel types and the accepted uploads.

/** Stream's channel types the product uses: one-to-one, one per order and shop, one per live stream (ADR 0066). */
export const CHAT_CHANNEL_TYPES = ["messaging", "team", "livestream"] as const;
export type ChatChannelType = (typeof CHAT_CHANNEL_TYPES)[number];

/** A message's type as Stream names it: a regular one, or one that was deleted (kept, without its text). */
export const CHAT_MESSAGE_TYPES = ["regular", "deleted"] as const;
export type ChatMessageType = (typeof CHAT_MESSAGE_TYPES)[number];

/** spec 2 §9: the images and videos accepted as chat attachments. */
export const CHAT_IMAGE_TYPES = [
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/tiff",
  "image/bmp",
  "image/webp",
] as const;
export const CHAT_VIDEO_TYPES = [
  "video/mpeg",
  "video/mp4",
  "video/3gpp",
  "video/x-msvideo",
  "video/x-ms-wmv",
  "video/x-flv",
  "video/webm",
] as const;
