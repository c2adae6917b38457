import { createHash } from "node:crypto";
import { and, asc, desc, eq, gt, inArray, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { boundByGrantedRights, can, reachesEveryShop, usesTheApp, worksInAShop } from "#contract/access/rights";
import type { Permission, Role } from "#contract/access/roles";
import { MSG } from "#contract/core/messages";
import { CHAT_CHANNEL_TYPES, type ChatChannelType } from "#contract/chat/chat";
import { isStreamFinished } from "#contract/streams/streams";
import {
  chatChannels,
  chatMembers,
  chatMessages,
  chatMutes,
  chatReads,
  shopStaff,
  shops,
  staffPermissions,
  streams,
  users,
} from "#api/db/schema";
import type { Database, Tx } from "#api/db/client";
import type { Deps } from "#api/platform/deps";
import { newId } from "#api/platform/data/ids";
import { publish } from "#api/platform/providers/events";
import { streamCreateChannel } from "./stream";

// The embedded chat service's records and rights (ADR 0066): channels, members, messages and read state, answered
// in the shapes of Stream's chat API. Every change publishes its ids on the event bus; each app instance then reads
// the record again and tells its own WebSocket connections (hub.ts).

/** The event bus channel of chat; payloads carry a kind and ids, never a message's text. */
export const CHAT_BUS = "chat";

/** Someone using chat: a console user (with their shop and staff rights) or a customer or influencer of the app. */
export interface ChatUser {
  id: string;
  role: Role;
  name: string;
  image: string | null;
  shopId: string | null;
  permissions: ReadonlySet<Permission>;
  createdAt: Date;
  updatedAt: Date;
}

type ChannelRow = typeof chatChannels.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;
type UserRow = Pick<typeof users.$inferSelect, "id" | "fName" | "lName" | "image" | "role" | "createdAt" | "updatedAt">;

/** A refusal in Stream's terms: its HTTP status, Stream's error code and a plain message. */
export class ChatError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}
/** Stream's error codes the service answers with. */
export const CHAT_CODES = { input: 4, auth: 5, notFound: 16, notAllowed: 17, tooLarge: 22, tokenExpired: 40 } as const;
export const chatBadInput = (message: string) => new ChatError(400, CHAT_CODES.input, message);
export const chatNotFound = (what = "Channel") => new ChatError(404, CHAT_CODES.notFound, `${what} not found`);
export const chatNotAllowed = (message: string) => new ChatError(403, CHAT_CODES.notAllowed, message);

const displayName = (u: Pick<UserRow, "fName" | "lName">) => `${u.fName} ${u.lName}`.trim();

/** The chat user with this id, or null when there is none (deleted, or an influencer not approved). */
export async function chatUserById(deps: Deps, id: string): Promise<ChatUser | null> {
  const [user] = await deps.db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  if (!user || (user.role === "influencer" && user.status !== "Approved")) return null;
  let shopId: string | null = null;
  let permissions: Permission[] = [];
  if (user.role === "shopOwner") {
    const [shop] = await deps.db
      .select({ id: shops.id })
      .from(shops)
      .where(and(eq(shops.ownerId, id), isNull(shops.deletedAt)));
    shopId = shop?.id ?? null;
  } else if (user.role === "staff") {
    const [[staffed], rights] = await Promise.all([
      deps.db
        .select({ id: shops.id })
        .from(shopStaff)
        .innerJoin(shops, and(eq(shops.id, shopStaff.shopId), isNull(shops.deletedAt)))
        .where(eq(shopStaff.userId, id)),
      deps.db.select().from(staffPermissions).where(eq(staffPermissions.userId, id)),
    ]);
    shopId = staffed?.id ?? null;
    permissions = rights.map((r) => r.permission);
  }
  // an owner or staff member without a (live) shop has no chat
  if ((user.role === "shopOwner" || user.role === "staff") && !shopId) return null;
  return {
    id,
    role: user.role,
    name: displayName(user),
    image: user.image,
    shopId,
    permissions: new Set(permissions),
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  };
}

/** The staff right a channel type needs (spec 1 §6 chat module): stream chat for live streams, direct chat otherwise. */
const rightFor = (type: string): Permission => (type === "livestream" ? "chat:stream-chat" : "chat:direct-chat");

/** Whether a console user holds chat for this channel type; customers and influencers always chat in the app. */
function holdsChat(user: ChatUser, type: string) {
  if (usesTheApp(user)) return true;
  return can({ role: user.role, permissions: user.permissions, shopId: user.shopId }, rightFor(type));
}

/**
 * What `user` may do in `channel`: write (a member), read (an admin anywhere; an owner or staff member with the
 * chat right, in their shop's channels), or nothing, which the calls answer as not found (spec: another shop's
 * channel is 404). `moderate`: delete anyone's message (admins, and the shop's owner and chat staff).
 */
export function accessTo(user: ChatUser, channel: Pick<ChannelRow, "type" | "shopId">, member: boolean) {
  const chats = holdsChat(user, channel.type);
  const shopSide = worksInAShop(user) && chats && !!channel.shopId && channel.shopId === user.shopId;
  const moderate = reachesEveryShop(user) || shopSide;
  if (member && chats) return { read: true, write: true, moderate };
  if (reachesEveryShop(user) || shopSide) return { read: true, write: false, moderate };
  return { read: false, write: false, moderate: false };
}
export type Access = ReturnType<typeof accessTo>;

export const cidOf = (type: string, id: string) => `${type}:${id}`;
/** A channel id as Stream allows it: letters, digits and `-_!`, at most 64 characters. */
export const CHANNEL_ID = /^[A-Za-z0-9_!-]{1,64}$/;
export const isChannelType = (type: string): type is ChatChannelType =>
  (CHAT_CHANNEL_TYPES as readonly string[]).includes(type);

/** A channel and whether `user` is in it; null when it does not exist. */
export async function channelFor(deps: Deps, user: ChatUser, cid: string) {
  const [row] = await deps.db
    .select({ channel: chatChannels, member: chatMembers.userId })
    .from(chatChannels)
    .leftJoin(chatMembers, and(eq(chatMembers.cid, chatChannels.cid), eq(chatMembers.userId, user.id)))
    .where(eq(chatChannels.cid, cid));
  if (!row) return null;
  return { channel: row.channel, member: !!row.member, access: accessTo(user, row.channel, !!row.member) };
}

/** A channel `user` may read, else not found (whether it exists or not: another shop's channel is not revealed). */
export async function readableChannel(deps: Deps, user: ChatUser, cid: string) {
  const found = await channelFor(deps, user, cid);
  if (!found?.access.read) throw chatNotFound();
  return found;
}

/** A channel `user` may write in: not found when they may not read it, not allowed when they may only read it. */
export async function writableChannel(deps: Deps, user: ChatUser, cid: string) {
  const found = await readableChannel(deps, user, cid);
  if (!found.access.write) throw chatNotAllowed("Only the channel's members may write in it");
  return found;
}

/** The shop a channel belongs to: its creator's, else that of the first member who works in a shop. */
async function shopOfMembers(db: Database | Tx, creator: ChatUser, memberIds: string[]) {
  if (creator.shopId) return creator.shopId;
  if (!memberIds.length) return null;
  const [owned] = await db
    .select({ id: shops.id })
    .from(shops)
    .where(and(inArray(shops.ownerId, memberIds), isNull(shops.deletedAt)))
    .limit(1);
  if (owned) return owned.id;
  const [staffed] = await db
    .select({ id: shopStaff.shopId })
    .from(shopStaff)
    .where(inArray(shopStaff.userId, memberIds))
    .limit(1);
  return staffed?.id ?? null;
}

/** The id Stream gives a channel made from its members alone ("distinct" channels). */
export const distinctChannelId = (memberIds: string[]) =>
  `!members-${createHash("sha256")
    .update([...new Set(memberIds)].sort().join(","))
    .digest("base64url")
    .slice(0, 40)}`;

export interface NewChannel {
  type: ChatChannelType;
  id: string;
  /** the members besides the creator (who is always one) */
  members: string[];
  data?: Record<string, unknown>;
  /** the channel's shop; unset: the creator's, or the shop of a member who works in one */
  shopId?: string | null;
}

/**
 * Creates a channel with its members, or returns the existing one with that cid (which it leaves as it is). Every
 * member must be a live user; the creator is its owner. Used by the protocol's query call and by the product's own
 * calls (order chats, customer chats, streams' live chats).
 */
export async function createChannel(deps: Deps, creator: ChatUser, input: NewChannel) {
  const memberIds = [...new Set([creator.id, ...input.members])];
  const known = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, memberIds), isNull(users.deletedAt)));
  if (known.length !== memberIds.length) throw chatBadInput("A member of the channel is not a user");
  return deps.db.transaction(async (tx) => {
    const shopId = input.shopId !== undefined ? input.shopId : await shopOfMembers(tx, creator, memberIds);
    return insertChannel(tx, creator.id, { ...input, shopId }, deps.env);
  });
}

/**
 * Writes a channel and its members inside the caller's transaction (the members must be live users), or leaves the
 * existing one with that cid as it is; announces member.added to the members besides the creator. In Stream mode
 * (`env` with Stream's keys) a new channel is made on Stream too, before the transaction commits. Answers the row.
 */
export async function insertChannel(
  tx: Tx,
  creatorId: string,
  input: Omit<NewChannel, "shopId"> & { shopId: string | null },
  env?: Parameters<typeof streamCreateChannel>[0],
) {
  const cid = cidOf(input.type, input.id);
  const memberIds = [...new Set([creatorId, ...input.members])];
  const [made] = await tx
    .insert(chatChannels)
    .values({
      cid,
      type: input.type,
      channelId: input.id,
      shopId: input.shopId,
      createdBy: creatorId,
      data: input.data ?? {},
    })
    .onConflictDoNothing()
    .returning();
  if (!made) {
    const [existing] = await tx.select().from(chatChannels).where(eq(chatChannels.cid, cid));
    return { created: false, cid, channel: existing };
  }
  await tx
    .insert(chatMembers)
    .values(memberIds.map((userId) => ({ cid, userId, role: userId === creatorId ? "owner" : "member" }) as const))
    .onConflictDoNothing();
  for (const userId of memberIds)
    if (userId !== creatorId) await publish(tx, CHAT_BUS, { k: "member", t: "member.added", cid, u: userId });
  if (env)
    await streamCreateChannel(env, tx, {
      type: input.type,
      id: input.id,
      createdBy: creatorId,
      members: memberIds,
      data: made.data,
    });
  return { created: true, cid, channel: made };
}

/**
 * A stream's `livestream` channel is open to the mobile app's viewers, as Stream's livestream type is: a customer or
 * influencer who queries it becomes a member (member.added), so they read and write in it unless muted. Console
 * users do not join: their shop's rights decide.
 */
export async function joinLivestream(deps: Deps, user: ChatUser, cid: string) {
  if (!usesTheApp(user)) return;
  await deps.db.transaction(async (tx) => {
    const [channel] = await tx
      .select({ cid: chatChannels.cid })
      .from(chatChannels)
      .where(and(eq(chatChannels.cid, cid), eq(chatChannels.type, "livestream")));
    if (!channel) return;
    const [joined] = await tx
      .insert(chatMembers)
      .values({ cid, userId: user.id, role: "member" })
      .onConflictDoNothing()
      .returning({ userId: chatMembers.userId });
    if (joined) await publish(tx, CHAT_BUS, { k: "member", t: "member.added", cid, u: user.id });
  });
}

/** A channel's descriptor as the product hands it out (spec 3 §3 Stream.streamChat): cid, id, type and data. */
export const descriptorOf = (row: Pick<ChannelRow, "cid" | "channelId" | "type" | "data">) => ({
  cid: row.cid,
  id: row.channelId,
  type: row.type,
  data: row.data,
});

// ---- reading -------------------------------------------------------------------------------------------------------

const userColumns = {
  id: users.id,
  fName: users.fName,
  lName: users.lName,
  image: users.image,
  role: users.role,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

/** A user as Stream answers one; `role` is Stream's (admin or user), `liveshop_role` ours. */
export function userResponse(u: UserRow | ChatUser) {
  return {
    id: u.id,
    name: "name" in u ? u.name : displayName(u),
    image: u.image ?? undefined,
    role: u.role === "admin" ? "admin" : "user",
    liveshop_role: u.role,
    created_at: u.createdAt.toISOString(),
    updated_at: u.updatedAt.toISOString(),
    banned: false,
    online: false,
  };
}
export type ChatUserResponse = ReturnType<typeof userResponse>;

export async function usersByIds(db: Database | Tx, ids: string[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map<string, ChatUserResponse>();
  const rows = await db.select(userColumns).from(users).where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, userResponse(r)]));
}

/** A message as Stream answers one (no reactions, replies or pins in the subset: their lists are empty). */
export function messageResponse(m: MessageRow, user: ChatUserResponse | undefined) {
  return {
    id: m.id,
    cid: m.cid,
    text: m.text,
    html: "",
    type: m.type,
    user: user ?? null,
    attachments: m.attachments,
    parent_id: m.parentId ?? undefined,
    created_at: m.createdAt.toISOString(),
    updated_at: m.updatedAt.toISOString(),
    deleted_at: m.deletedAt?.toISOString(),
    mentioned_users: [],
    latest_reactions: [],
    own_reactions: [],
    reaction_counts: {},
    reaction_scores: {},
    reply_count: 0,
    shadowed: false,
    silent: false,
    pinned: false,
    status: "received",
  };
}
export type ChatMessageResponse = ReturnType<typeof messageResponse>;

/** One message with its author, or null. */
export async function messageById(db: Database | Tx, id: string) {
  const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, id));
  if (!row) return null;
  const authors = await usersByIds(db, [row.userId]);
  return { row, response: messageResponse(row, authors.get(row.userId)) };
}

/** What a channel's type allows, as Stream's channel config says (the components read it). */
function channelConfig(type: string) {
  return {
    name: type,
    typing_events: true,
    read_events: type !== "livestream",
    connect_events: true,
    uploads: true,
    replies: false,
    quotes: false,
    reactions: false,
    search: false,
    mutes: false,
    url_enrichment: false,
    delivery_events: false,
    max_message_length: MAX_TEXT,
    commands: [],
  };
}

/** The capabilities Stream's components check before offering an action. */
export function capabilities(access: Access, type: string) {
  const own: string[] = [];
  if (access.write) {
    own.push("send-message", "send-links", "upload-file", "update-own-message", "delete-own-message");
    own.push("send-typing-events");
    if (type !== "livestream") own.push("read-events");
  } else if (access.read && type !== "livestream") own.push("read-events");
  if (access.moderate) own.push("delete-any-message");
  return own;
}

/** Each of `cids`' unread count for `userId`: others' live messages after their last read (or after they joined). */
export async function unreadCounts(db: Database | Tx, userId: string, cids?: string[]) {
  if (cids && !cids.length) return new Map<string, number>();
  const rows = await db
    .select({
      cid: chatChannels.cid,
      unread: sql<number>`(select count(*) from ${chatMessages} m where m.cid = ${chatChannels.cid}
        and m.deleted_at is null and m.user_id <> ${userId}
        and m.created_at > coalesce(${chatReads.lastReadAt}, ${chatMembers.createdAt}))::int`,
    })
    .from(chatMembers)
    .innerJoin(chatChannels, eq(chatChannels.cid, chatMembers.cid))
    .leftJoin(chatReads, and(eq(chatReads.cid, chatMembers.cid), eq(chatReads.userId, chatMembers.userId)))
    .where(
      and(
        eq(chatMembers.userId, userId),
        ne(chatChannels.type, "livestream"),
        cids ? inArray(chatChannels.cid, cids) : undefined,
      ),
    );
  return new Map(rows.map((r) => [r.cid, Number(r.unread)]));
}

/** `user`'s unread totals, as Stream's `me` and notification events carry them. */
export async function unreadTotals(db: Database | Tx, userId: string) {
  const counts = [...(await unreadCounts(db, userId)).values()];
  const total = counts.reduce((a, b) => a + b, 0);
  return { total_unread_count: total, unread_count: total, unread_channels: counts.filter((n) => n > 0).length };
}

/** The signed-in user as the WebSocket's first health check carries it (Stream's `me`). */
export async function ownUser(deps: Deps, user: ChatUser) {
  return {
    ...userResponse(user),
    online: true,
    ...(await unreadTotals(deps.db, user.id)),
    channel_mutes: [],
    mutes: [],
    devices: [],
    invisible: false,
    total_unread_count_by_team: {},
  };
}

export interface StateOptions {
  messages?: { limit?: number; id_lt?: string; id_gt?: string };
  members?: { limit?: number; offset?: number };
  /** how many messages (the channel list's message_limit) */
  messageLimit?: number;
  memberLimit?: number;
  watcherCount?: number;
}

export const MAX_TEXT = 5000;
const DEFAULT_MESSAGES = 25;
const MAX_MESSAGES = 300;
const DEFAULT_MEMBERS = 100;

/** A page of a channel's messages, oldest first: the newest `limit`, or those before/after a message. */
async function messagePage(db: Database | Tx, cid: string, opts: StateOptions["messages"] = {}, fallback: number) {
  const limit = Math.min(Math.max(opts.limit ?? fallback, 0), MAX_MESSAGES);
  if (!limit) return [];
  const pivotId = opts.id_lt ?? opts.id_gt;
  let where: SQL | undefined = eq(chatMessages.cid, cid);
  if (pivotId) {
    const [pivot] = await db
      .select({ at: chatMessages.createdAt, id: chatMessages.id })
      .from(chatMessages)
      .where(and(eq(chatMessages.id, pivotId), eq(chatMessages.cid, cid)));
    if (!pivot) return [];
    const cmp = opts.id_lt ? lt : gt;
    where = and(
      where,
      or(
        cmp(chatMessages.createdAt, pivot.at),
        and(eq(chatMessages.createdAt, pivot.at), cmp(chatMessages.id, pivot.id)),
      ),
    );
  }
  const newestFirst = !opts.id_gt;
  const order = newestFirst
    ? [desc(chatMessages.createdAt), desc(chatMessages.id)]
    : [asc(chatMessages.createdAt), asc(chatMessages.id)];
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(where, isNull(chatMessages.parentId)))
    .orderBy(...order)
    .limit(limit);
  return newestFirst ? rows.reverse() : rows;
}

/**
 * The channels' states as Stream's query answers them: the channel (its data spread in, config and the caller's
 * capabilities), members, a page of messages, and read state with unread counts.
 */
export async function channelStates(
  deps: Deps,
  user: ChatUser,
  rows: { channel: ChannelRow; access: Access; member: boolean }[],
  opts: StateOptions = {},
) {
  if (!rows.length) return [];
  const cids = rows.map((r) => r.channel.cid);
  const [memberRows, readRows, counts, pages, muteRows] = await Promise.all([
    deps.db
      .select()
      .from(chatMembers)
      .where(inArray(chatMembers.cid, cids))
      .orderBy(asc(chatMembers.createdAt), asc(chatMembers.userId)),
    deps.db.select().from(chatReads).where(inArray(chatReads.cid, cids)),
    deps.db
      .select({ cid: chatMembers.cid, n: sql<number>`count(*)::int` })
      .from(chatMembers)
      .where(inArray(chatMembers.cid, cids))
      .groupBy(chatMembers.cid),
    Promise.all(cids.map((cid) => messagePage(deps.db, cid, opts.messages, opts.messageLimit ?? DEFAULT_MESSAGES))),
    // a viewer muted in a live stream's chat shows as banned in that channel, as Stream's channel ban does
    deps.db
      .select({ cid: chatMutes.cid, userId: chatMutes.userId })
      .from(chatMutes)
      .where(inArray(chatMutes.cid, cids)),
  ]);
  const muted = new Set(muteRows.map((r) => `${r.cid} ${r.userId}`));
  const memberLimit = opts.members?.limit ?? opts.memberLimit ?? DEFAULT_MEMBERS;
  const memberOffset = opts.members?.offset ?? 0;
  const people = await usersByIds(deps.db, [
    ...memberRows.map((m) => m.userId),
    ...pages.flat().map((m) => m.userId),
    ...rows.map((r) => r.channel.createdBy ?? ""),
    user.id,
  ]);
  const unread = new Map<string, number>();
  // each member's unread count per channel, in one read
  const unreadRows = await deps.db
    .select({
      cid: chatMembers.cid,
      userId: chatMembers.userId,
      n: sql<number>`(select count(*) from ${chatMessages} m where m.cid = ${chatMembers.cid}
        and m.deleted_at is null and m.user_id <> ${chatMembers.userId}
        and m.created_at > coalesce(${chatReads.lastReadAt}, ${chatMembers.createdAt}))::int`,
    })
    .from(chatMembers)
    .leftJoin(chatReads, and(eq(chatReads.cid, chatMembers.cid), eq(chatReads.userId, chatMembers.userId)))
    .where(inArray(chatMembers.cid, cids));
  for (const r of unreadRows) unread.set(`${r.cid} ${r.userId}`, Number(r.n));
  return rows.map(({ channel, access }, i) => {
    const members = memberRows
      .filter((m) => m.cid === channel.cid)
      .map((m) => ({
        user_id: m.userId,
        user: people.get(m.userId),
        role: m.role,
        channel_role:
          m.role === "owner" ? "channel_member" : m.role === "moderator" ? "channel_moderator" : "channel_member",
        created_at: m.createdAt.toISOString(),
        updated_at: m.createdAt.toISOString(),
        banned: muted.has(`${channel.cid} ${m.userId}`),
        shadow_banned: false,
        notifications_muted: false,
      }));
    const membership = members.find((m) => m.user_id === user.id) ?? null;
    const reads = members.map((m) => {
      const r = readRows.find((x) => x.cid === channel.cid && x.userId === m.user_id);
      const joined = memberRows.find((x) => x.cid === channel.cid && x.userId === m.user_id)!.createdAt;
      return {
        user: m.user,
        last_read: (r?.lastReadAt ?? joined).toISOString(),
        last_read_message_id: r?.lastReadMessageId ?? undefined,
        unread_messages: channel.type === "livestream" ? 0 : (unread.get(`${channel.cid} ${m.user_id}`) ?? 0),
      };
    });
    const { data } = channel;
    return {
      channel: {
        ...data,
        id: channel.channelId,
        type: channel.type,
        cid: channel.cid,
        created_at: channel.createdAt.toISOString(),
        updated_at: channel.updatedAt.toISOString(),
        last_message_at: channel.lastMessageAt?.toISOString(),
        created_by: channel.createdBy ? (people.get(channel.createdBy) ?? null) : null,
        shop_id: channel.shopId ?? undefined,
        member_count: counts.find((c) => c.cid === channel.cid)?.n ?? 0,
        disabled: false,
        frozen: false,
        hidden: false,
        config: channelConfig(channel.type),
        own_capabilities: capabilities(access, channel.type),
      },
      members: members.slice(memberOffset, memberOffset + memberLimit),
      membership,
      messages: pages[i].map((m) => messageResponse(m, people.get(m.userId))),
      pinned_messages: [],
      read: reads,
      watcher_count: opts.watcherCount ?? 0,
      watchers: [],
    };
  });
}
export type ChannelState = Awaited<ReturnType<typeof channelStates>>[number];

// ---- the channel list ----------------------------------------------------------------------------------------------

/** One condition of a channel filter: a value, or {$eq}, {$in}. */
type Condition = unknown;
const valuesOf = (field: string, c: Condition): string[] => {
  const list = (v: unknown) => {
    if (typeof v === "string") return [v];
    if (Array.isArray(v) && v.every((x) => typeof x === "string")) return v as string[];
    throw chatBadInput(`QueryChannels failed with error: "field ${field} takes a string or a list of strings"`);
  };
  if (c !== null && typeof c === "object" && !Array.isArray(c)) {
    const ops = Object.entries(c);
    if (ops.length !== 1 || !["$eq", "$in"].includes(ops[0][0]))
      throw chatBadInput(`QueryChannels failed with error: "field ${field} supports only $eq and $in"`);
    return list(ops[0][1]);
  }
  return list(c);
};

/** The filter fields the subset answers: type, id, cid, members, and ours, shop_id. */
const FILTER_FIELDS = ["type", "id", "cid", "members", "shop_id"] as const;

/** Stream's sort fields the subset orders by; `last_updated` is the newer of the last message and the creation. */
const SORT_COLUMNS = {
  last_message_at: sql`${chatChannels.lastMessageAt}`,
  created_at: sql`${chatChannels.createdAt}`,
  updated_at: sql`${chatChannels.updatedAt}`,
  last_updated: sql`coalesce(${chatChannels.lastMessageAt}, ${chatChannels.createdAt})`,
} as const;

export interface ChannelQuery {
  filter: Record<string, unknown>;
  sort: { field: string; direction: number }[];
  limit: number;
  offset: number;
}

/**
 * POST /channels: the channels `user` may see (members' own; an admin's all; a shop's owner its member channels
 * and staff with the chat right their shop's), filtered and sorted as asked.
 */
export async function queryChannels(deps: Deps, user: ChatUser, q: ChannelQuery) {
  const where: (SQL | undefined)[] = [];
  for (const [field, condition] of Object.entries(q.filter)) {
    if (!(FILTER_FIELDS as readonly string[]).includes(field))
      throw chatBadInput(`QueryChannels failed with error: "field ${field} cannot be filtered on"`);
    const values = valuesOf(field, condition);
    if (field === "type") where.push(inArray(chatChannels.type, values as ChatChannelType[]));
    else if (field === "id") where.push(inArray(chatChannels.channelId, values));
    else if (field === "cid") where.push(inArray(chatChannels.cid, values));
    else if (field === "shop_id") where.push(inArray(chatChannels.shopId, values));
    else if (values.length)
      where.push(
        sql`exists (select 1 from ${chatMembers} f where f.cid = ${chatChannels.cid} and f.user_id in ${values})`,
      );
    else where.push(sql`false`);
  }
  const isMember = sql`exists (select 1 from ${chatMembers} s where s.cid = ${chatChannels.cid} and s.user_id = ${user.id})`;
  if (boundByGrantedRights(user)) {
    const types = CHAT_CHANNEL_TYPES.filter((t) => holdsChat(user, t));
    where.push(
      types.length ? and(eq(chatChannels.shopId, user.shopId!), inArray(chatChannels.type, types)) : sql`false`,
    );
  } else if (!reachesEveryShop(user)) where.push(isMember);
  const order = (q.sort.length ? q.sort : [{ field: "last_updated", direction: -1 }]).map(({ field, direction }) => {
    const column = SORT_COLUMNS[field as keyof typeof SORT_COLUMNS];
    if (!column) throw chatBadInput(`QueryChannels failed with error: "channels cannot be sorted by ${field}"`);
    return direction < 0 ? sql`${column} desc nulls last` : sql`${column} asc nulls first`;
  });
  const rows = await deps.db
    .select({ channel: chatChannels, member: sql<boolean>`${isMember}` })
    .from(chatChannels)
    .where(and(...where))
    .orderBy(...order, desc(chatChannels.cid))
    .limit(q.limit)
    .offset(q.offset);
  return rows.map((r) => ({ channel: r.channel, member: !!r.member, access: accessTo(user, r.channel, !!r.member) }));
}

// ---- writing -------------------------------------------------------------------------------------------------------

/** What a message may carry: its text and attachments, as Stream's client sends them. */
export interface MessageInput {
  id?: string;
  text?: string;
  attachments?: Record<string, unknown>[];
  parent_id?: string;
}

/** The attachment fields kept (Stream's image, video and file attachments); anything else is dropped. */
const ATTACHMENT_FIELDS = [
  "type",
  "title",
  "title_link",
  "text",
  "fallback",
  "image_url",
  "thumb_url",
  "asset_url",
  "og_scrape_url",
  "mime_type",
  "file_size",
  "original_width",
  "original_height",
  "duration",
];
export function cleanAttachments(list: unknown): Record<string, unknown>[] {
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list) || list.length > 30)
    throw chatBadInput("attachments must be a list of at most 30 attachments");
  return list.map((a) => {
    if (!a || typeof a !== "object" || Array.isArray(a)) throw chatBadInput("each attachment must be an object");
    const kept: Record<string, unknown> = {};
    for (const key of ATTACHMENT_FIELDS) {
      const v = (a as Record<string, unknown>)[key];
      if (typeof v === "string" ? v.length <= 2048 : typeof v === "number" && Number.isFinite(v)) kept[key] = v;
    }
    return kept;
  });
}

function checkText(text: unknown) {
  if (text === undefined || text === null) return "";
  if (typeof text !== "string") throw chatBadInput("message.text must be a string");
  if (text.length > MAX_TEXT) throw chatBadInput(`message.text is longer than ${MAX_TEXT} characters`);
  return text;
}

/**
 * POST /channels/{type}/{id}/message: stores the message (a retry with the same id answers the stored one), moves
 * the channel's last message time and the sender's read state, and announces message.new.
 */
export async function sendMessage(deps: Deps, user: ChatUser, cid: string, input: MessageInput) {
  const { channel } = await writableChannel(deps, user, cid);
  if (channel.type === "livestream") {
    const [muted] = await deps.db
      .select({ userId: chatMutes.userId })
      .from(chatMutes)
      .where(and(eq(chatMutes.cid, cid), eq(chatMutes.userId, user.id)));
    if (muted) throw chatNotAllowed(MSG.chatMuted);
    // spec 3 §2: a finished stream's chat takes no more messages (the viewer hides its input; the app is refused here)
    const [stream] = await deps.db
      .select({ status: streams.status, archiveStatus: streams.archiveStatus })
      .from(streams)
      .where(eq(streams.id, channel.channelId));
    if (stream && isStreamFinished(stream)) throw chatNotAllowed(MSG.chatStreamFinished);
  }
  const text = checkText(input.text);
  const attachments = cleanAttachments(input.attachments);
  if (!text.trim() && !attachments.length) throw chatBadInput("A message needs text or an attachment");
  if (input.id !== undefined && (typeof input.id !== "string" || !/^[A-Za-z0-9_:.-]{1,255}$/.test(input.id)))
    throw chatBadInput("message.id must be 1 to 255 letters, digits or -_:.");
  const id = input.id ?? newId();
  const now = deps.now();
  const stored = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(chatMessages)
      .values({ id, cid, userId: user.id, text, attachments, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    await tx.update(chatChannels).set({ lastMessageAt: now, updatedAt: now }).where(eq(chatChannels.cid, cid));
    await markReadIn(tx, user.id, cid, now, id);
    await publish(tx, CHAT_BUS, { k: "msg", t: "message.new", cid, id });
    return row;
  });
  if (!stored) {
    const existing = await messageById(deps.db, id);
    if (!existing || existing.row.cid !== cid || existing.row.userId !== user.id)
      throw chatBadInput(`A message with id ${id} already exists`);
    return existing.response;
  }
  return messageResponse(stored, userResponse(user));
}

/** A message `user` may see, with its channel and their access to it; not found otherwise. */
async function readableMessage(deps: Deps, user: ChatUser, id: string) {
  const found = await messageById(deps.db, id);
  if (!found) throw chatNotFound("Message");
  const channel = await channelFor(deps, user, found.row.cid);
  if (!channel?.access.read) throw chatNotFound("Message");
  return { ...found, access: channel.access };
}

/** POST /messages/{id}: the author changes the text or attachments of a live message; announces message.updated. */
export async function updateMessage(deps: Deps, user: ChatUser, id: string, input: MessageInput) {
  const found = await readableMessage(deps, user, id);
  if (found.row.userId !== user.id || !found.access.write) throw chatNotAllowed("Only the author may edit a message");
  if (found.row.type === "deleted") throw chatBadInput("A deleted message cannot be edited");
  const text = checkText(input.text);
  const attachments = input.attachments === undefined ? found.row.attachments : cleanAttachments(input.attachments);
  if (!text.trim() && !attachments.length) throw chatBadInput("A message needs text or an attachment");
  const [row] = await deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(chatMessages)
      .set({ text, attachments, updatedAt: deps.now() })
      .where(and(eq(chatMessages.id, id), eq(chatMessages.type, "regular")))
      .returning();
    if (updated.length) await publish(tx, CHAT_BUS, { k: "msg", t: "message.updated", cid: found.row.cid, id });
    return updated;
  });
  if (!row) throw chatBadInput("A deleted message cannot be edited");
  return messageResponse(row, userResponse(user));
}

/**
 * DELETE /messages/{id}: the author, or a moderator (an admin; the shop's owner and chat staff), deletes a message:
 * it stays as type `deleted` without its text and attachments; announces message.deleted.
 */
export async function deleteMessage(deps: Deps, user: ChatUser, id: string) {
  const found = await readableMessage(deps, user, id);
  const own = found.row.userId === user.id && found.access.write;
  if (!own && !found.access.moderate) throw chatNotAllowed("Only the author or a moderator may delete a message");
  if (found.row.type === "deleted") return found.response;
  const now = deps.now();
  const [row] = await deps.db.transaction(async (tx) => {
    const deleted = await tx
      .update(chatMessages)
      .set({ type: "deleted", text: "", attachments: [], deletedAt: now, updatedAt: now })
      .where(and(eq(chatMessages.id, id), eq(chatMessages.type, "regular")))
      .returning();
    if (deleted.length) await publish(tx, CHAT_BUS, { k: "msg", t: "message.deleted", cid: found.row.cid, id });
    return deleted;
  });
  return row ? messageResponse(row, found.response.user ?? undefined) : found.response;
}

async function markReadIn(db: Database | Tx, userId: string, cid: string, at: Date, messageId: string | null) {
  await db
    .insert(chatReads)
    .values({ cid, userId, lastReadAt: at, lastReadMessageId: messageId })
    .onConflictDoUpdate({
      target: [chatReads.cid, chatReads.userId],
      set: { lastReadAt: at, lastReadMessageId: messageId },
      setWhere: sql`${chatReads.lastReadAt} <= excluded.last_read_at`,
    });
}

/** POST /channels/{type}/{id}/read: `user` has read the channel (up to a message of it, or all); announces message.read. */
export async function markRead(deps: Deps, user: ChatUser, cid: string, messageId?: string) {
  const { channel } = await readableChannel(deps, user, cid);
  let at = deps.now();
  let lastId: string | null = null;
  if (messageId !== undefined) {
    if (typeof messageId !== "string") throw chatBadInput("message_id must be a string");
    const [m] = await deps.db
      .select({ at: chatMessages.createdAt })
      .from(chatMessages)
      .where(and(eq(chatMessages.id, messageId), eq(chatMessages.cid, cid)));
    if (!m) throw chatNotFound("Message");
    at = m.at;
    lastId = messageId;
  } else {
    const [last] = await deps.db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(eq(chatMessages.cid, cid))
      .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
      .limit(1);
    lastId = last?.id ?? null;
  }
  await deps.db.transaction(async (tx) => {
    await markReadIn(tx, user.id, cid, at, lastId);
    await publish(tx, CHAT_BUS, { k: "read", cid, u: user.id, at: at.toISOString(), mid: lastId });
  });
  return {
    type: "message.read",
    cid,
    channel_id: channel.channelId,
    channel_type: channel.type,
    user: userResponse(user),
    last_read_message_id: lastId ?? undefined,
    created_at: at.toISOString(),
  };
}

/** The events a client may send on a channel (typing only in the subset). */
export const CLIENT_EVENTS = ["typing.start", "typing.stop"] as const;

/** POST /channels/{type}/{id}/event: a member's typing event, told to the channel's watchers. */
export async function sendEvent(deps: Deps, user: ChatUser, cid: string, type: unknown, parentId?: unknown) {
  if (typeof type !== "string" || !(CLIENT_EVENTS as readonly string[]).includes(type))
    throw chatBadInput(`event.type must be one of ${CLIENT_EVENTS.join(", ")}`);
  const { channel } = await writableChannel(deps, user, cid);
  const now = deps.now().toISOString();
  await publish(deps.db, CHAT_BUS, {
    k: "typing",
    t: type,
    cid,
    u: user.id,
    p: typeof parentId === "string" ? parentId.slice(0, 255) : null,
  });
  return {
    type,
    cid,
    channel_id: channel.channelId,
    channel_type: channel.type,
    user: userResponse(user),
    created_at: now,
  };
}

/** GET /users: people `user` shares a channel with (admins: anyone), by id or name. */
export async function queryUsers(
  deps: Deps,
  user: ChatUser,
  q: { ids?: string[]; name?: string; limit: number; offset: number },
) {
  const where: (SQL | undefined)[] = [isNull(users.deletedAt)];
  if (q.ids) where.push(q.ids.length ? inArray(users.id, q.ids) : sql`false`);
  if (q.name)
    where.push(sql`(${users.fName} || ' ' || ${users.lName}) ilike ${`%${q.name.replace(/[\\%_]/g, "\\$&")}%`}`);
  if (!reachesEveryShop(user))
    where.push(
      or(
        eq(users.id, user.id),
        sql`exists (select 1 from ${chatMembers} a join ${chatMembers} b on a.cid = b.cid
          where a.user_id = ${user.id} and b.user_id = ${users.id})`,
      ),
    );
  const rows = await deps.db
    .select(userColumns)
    .from(users)
    .where(and(...where))
    .orderBy(asc(users.fName), asc(users.id))
    .limit(q.limit)
    .offset(q.offset);
  return rows.map(userResponse);
}
