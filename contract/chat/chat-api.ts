import { z } from "../core/zod";
import { CHAT_CHANNEL_TYPES } from "./chat";

/**
 * GET chat/token (spec 1 §7, spec 3 §7; ADR 0066): everything the `stream-chat` client needs to connect the signed-in
 * user: `new StreamChat(apiKey, { baseURL })`, then `connectUser({ id: userId }, token)`.
 */
export const chatTokenSchema = z.object({
  /** the user's chat token: a JWT (HS256) with their id as `user_id`, valid for a day */
  token: z.string(),
  /** the chat application's key */
  apiKey: z.string(),
  /** the chat service's address: ours (embedded), or Stream's when it is configured */
  baseURL: z.string(),
  /** the chat user id to connect as (the user's own id) */
  userId: z.string(),
});
export type ChatTokenData = z.infer<typeof chatTokenSchema>;

/** A chat channel's descriptor (spec 3 §3 Stream.streamChat; spec 2 §7): what a client needs to watch it by cid. */
export const channelDescriptorSchema = z.object({
  /** `type:id` */
  cid: z.string(),
  id: z.string(),
  type: z.enum(CHAT_CHANNEL_TYPES),
  /** the channel's custom data: name, image and the product's references (orderId, shopId, streamId) */
  data: z.record(z.string(), z.unknown()),
});
export type ChannelDescriptor = z.infer<typeof channelDescriptorSchema>;

const id = z.string().trim().min(1).max(64);

/** POST chat (spec 2 §7): the `team` channel of an order and one of its shops, with the order's buyer. */
export const orderChatBodySchema = z.object({ orderId: id, shopId: id, userId: id });
export type OrderChatBody = z.infer<typeof orderChatBodySchema>;

/** GET chat/chat-request (spec 2 §7): the same channel, found by the buyer (cusId), shop and order. */
export const orderChatQuerySchema = z.object({ cusId: id, shopId: id, orderId: id });
export type OrderChatQuery = z.infer<typeof orderChatQuerySchema>;

/** GET chat/unread: the signed-in user's unread messages (the Chat menu entry's count), live streams' chats left out. */
export const chatUnreadSchema = z.object({
  /** unread messages over all their channels */
  total: z.number().int(),
  /** channels with at least one unread message */
  channels: z.number().int(),
});
export type ChatUnreadData = z.infer<typeof chatUnreadSchema>;

/** POST chat/customer (spec 2 §2 Chat tab, §7): the one-to-one channel of a customer (memberId) and a console user. */
export const customerChatBodySchema = z.object({ memberId: id, userId: id });
export type CustomerChatBody = z.infer<typeof customerChatBodySchema>;

/** POST chat/mute: mute (true) or unmute (false) a viewer in a stream's live chat. */
export const chatMuteBodySchema = z.object({
  streamId: id,
  userId: id,
  /** a form sends "true" or "false" */
  muted: z.preprocess((v) => (v === "true" ? true : v === "false" ? false : v), z.boolean()),
});
export type ChatMuteBody = z.infer<typeof chatMuteBodySchema>;

/** What POST chat/mute answers: the change and everyone muted in that stream's chat now. */
export const chatMuteSchema = z.object({
  streamId: z.string(),
  userId: z.string(),
  muted: z.boolean(),
  mutedUsers: z.array(z.string()),
});
export type ChatMute = z.infer<typeof chatMuteSchema>;

/** POST chat/get-data: the channels (by cid, at most 30) whose display data the chat list wants. */
export const chatDataBodySchema = z.object({ cids: z.array(z.string().min(3).max(80)).min(1).max(30) });
export type ChatDataBody = z.infer<typeof chatDataBodySchema>;

/** One person of a channel as the chat list shows them. */
const chatPersonSchema = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  /** the product's role: admin, shopOwner, staff, endUser, influencer */
  role: z.string(),
});

/** A channel's display data: its descriptor, its members, and the order it is about (team channels). */
export const chatDataSchema = channelDescriptorSchema.extend({
  members: z.array(chatPersonSchema),
  order: z.object({ _id: z.string(), orderNumber: z.number(), shopId: z.string() }).nullable(),
});
export type ChatData = z.infer<typeof chatDataSchema>;
