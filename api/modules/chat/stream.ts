import { StreamChat, type PartialUpdateChannel } from "stream-chat";
import { inArray } from "drizzle-orm";
import { users } from "#api/db/schema";
import type { Database, Tx } from "#api/db/client";
import type { Env } from "#api/platform/env";
import { ApiError } from "#api/platform/http/http";
import { chatProvider } from "./tokens";

// Stream mode (ADR 0066, the seam): with STREAM_API_KEY and STREAM_API_SECRET set, the clients talk to Stream, so the
// product's own channels (order chats, customer chats, streams' live chats), their avatar and the live-stream mutes
// are also made on Stream through its server SDK (`stream-chat` with the secret). Our tables keep the same rows
// either way: the rights and the product's calls (get-data, chat-request) read them.

declare module "stream-chat" {
  /** Our channels' custom data on Stream (the SDK leaves it to declaration merging): the picture a channel shows. */
  interface CustomChannelData {
    image?: string;
  }
}

type StreamEnv = Pick<Env, "CHAT_SECRET" | "SESSION_SECRET" | "STREAM_API_KEY" | "STREAM_API_SECRET" | "PUBLIC_URL">;

/** The server-side Stream client when Stream is configured, else null (the embedded service needs nothing more). */
export function streamServer(env: StreamEnv) {
  const provider = chatProvider(env);
  if (provider.mode !== "stream") return null;
  return new StreamChat(provider.apiKey, provider.secret, { timeout: 10_000 });
}

/** Stream refused or did not answer: the write is rolled back and the caller may try again. */
const streamFailed = (error: unknown) =>
  new ApiError(
    500,
    `The chat service did not accept the change; try again (${error instanceof Error ? error.message : String(error)})`,
  );

async function onStream<T>(call: () => Promise<T>) {
  try {
    return await call();
  } catch (error) {
    throw streamFailed(error);
  }
}

/**
 * Makes a product channel on Stream (get-or-create, so a retry is harmless): its members are upserted as Stream users
 * first (name and image from our users table), then the channel with its data, creator and members. Called inside
 * the transaction that writes our row, so a refusal writes nothing.
 */
export async function streamCreateChannel(
  env: StreamEnv,
  db: Database | Tx,
  channel: { type: string; id: string; createdBy: string; members: string[]; data: Record<string, unknown> },
) {
  const server = streamServer(env);
  if (!server) return;
  const memberIds = [...new Set([channel.createdBy, ...channel.members])];
  const people = await db
    .select({ id: users.id, fName: users.fName, lName: users.lName, image: users.image })
    .from(users)
    .where(inArray(users.id, memberIds));
  await onStream(async () => {
    await server.upsertUsers(
      people.map((p) => ({ id: p.id, name: `${p.fName} ${p.lName}`.trim(), ...(p.image ? { image: p.image } : {}) })),
    );
    await server
      .channel(channel.type, channel.id, { ...channel.data, created_by_id: channel.createdBy, members: memberIds })
      .create();
  });
}

/** The shop avatar changed: each of these channels (`type:id`) takes the new image on Stream (a partial update). */
export async function streamChannelImage(env: StreamEnv, cids: string[], image: string | null) {
  const server = streamServer(env);
  if (!server || !cids.length) return;
  await onStream(async () => {
    for (const cid of cids) {
      const [type, ...rest] = cid.split(":");
      const channel = server.channel(type, rest.join(":"));
      const update: PartialUpdateChannel = image ? { set: { image } } : { unset: ["image"] };
      await channel.updatePartial(update);
    }
  });
}

/** A viewer muted (or unmuted) in a live stream's channel: Stream's channel ban, by the shop user who did it. */
export async function streamChannelMute(env: StreamEnv, cid: string, userId: string, mutedBy: string, muted: boolean) {
  const server = streamServer(env);
  if (!server) return;
  const [type, ...rest] = cid.split(":");
  const id = rest.join(":");
  await onStream(() =>
    muted ? server.banUser(userId, { type, id, banned_by_id: mutedBy }) : server.unbanUser(userId, { type, id }),
  );
}

/** A user's unread messages on Stream (the Chat menu entry's count), or null when Stream is not configured. */
export async function streamUnread(env: StreamEnv, userId: string) {
  const server = streamServer(env);
  if (!server) return null;
  const counts = await onStream(() => server.getUnreadCount(userId));
  return { total: counts.total_unread_count, channels: counts.channels.filter((c) => c.unread_count > 0).length };
}
