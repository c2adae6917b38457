import { z } from "../core/zod";

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
