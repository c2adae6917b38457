import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type {
  ChatData,
  ChatDataBody,
  ChatMuteBody,
  ChatUnreadData,
  CustomerChatBody,
  OrderChatBody,
} from "#contract/chat/chat-api";
import { MSG } from "#contract/core/messages";
import { isCustomer, usesTheApp, worksInAShop } from "#contract/access/rights";
import { chatChannels, chatMembers, chatMutes, orderParts, orders, sessions, shops, users } from "#api/db/schema";
import type { Tx } from "#api/db/client";
import type { Deps } from "#api/platform/deps";
import type { Actor } from "#api/platform/auth/actor";
import { badRequest, forbidden, notFound } from "#api/platform/http/http";
import { publish } from "#api/platform/providers/events";
import { visibleCustomer } from "#api/modules/customers";
import {
  accessTo,
  channelFor,
  CHAT_BUS,
  chatUserById,
  cidOf,
  descriptorOf,
  insertChannel,
  unreadTotals,
  type ChatUser,
} from "./service";
import { streamChannelImage, streamChannelMute, streamUnread } from "./stream";

// The product's own channels (spec 2 §7 Chat, spec 3 §7 Streams, spec 1 §7; ADR 0066): an order's `team` channel
// with its shop, a stream's `livestream` channel, the chat list's display data, and the shop avatar they show.

/** The `team` channel id of an order and one of its shops (within Stream's 64 characters). */
export const orderChannelId = (orderId: string, shopId: string) => `${orderId}_${shopId}`;

/**
 * Who may open an order's chat with a shop: an admin; the shop's owner, or its staff with direct chat (staff without
 * it: 403); the buyer themselves in the app. Anyone else, and an order that is not the shop's or not that buyer's, is
 * 404. Answers the order's shop part with the shop.
 */
async function orderChatOf(deps: Deps, caller: ChatUser, input: OrderChatBody) {
  const shopSide = worksInAShop(caller);
  if (shopSide && caller.shopId !== input.shopId) throw notFound();
  if (usesTheApp(caller) && caller.id !== input.userId) throw notFound();
  if (shopSide && !accessTo(caller, { type: "team", shopId: input.shopId }, false).read)
    throw forbidden("You may not use direct chat");
  const [part] = await deps.db
    .select({
      orderNumber: orders.orderNumber,
      ownerId: shops.ownerId,
      shopName: shops.name,
      shopImage: shops.image,
    })
    .from(orderParts)
    .innerJoin(orders, and(eq(orders.id, orderParts.orderId), isNull(orders.deletedAt)))
    .innerJoin(shops, and(eq(shops.id, orderParts.shopId), isNull(shops.deletedAt)))
    .where(
      and(
        eq(orderParts.orderId, input.orderId),
        eq(orderParts.shopId, input.shopId),
        eq(orderParts.buyerId, input.userId),
      ),
    );
  if (!part) throw notFound("Order not found");
  return part;
}

/**
 * POST chat (spec 2 §7): the `team` channel of an order and one of its shops, made on the first call and answered
 * as it is on the next ones. Its members: the buyer, the shop's owner and the caller.
 */
export async function openOrderChat(deps: Deps, caller: ChatUser, input: OrderChatBody) {
  const part = await orderChatOf(deps, caller, input);
  const { channel } = await deps.db.transaction((tx) =>
    insertChannel(
      tx,
      caller.id,
      {
        type: "team",
        id: orderChannelId(input.orderId, input.shopId),
        members: [input.userId, part.ownerId],
        shopId: input.shopId,
        data: {
          name: `${part.shopName} · Order #${part.orderNumber}`,
          image: part.shopImage,
          orderId: input.orderId,
          orderNumber: part.orderNumber,
          shopId: input.shopId,
        },
      },
      deps.env,
    ),
  );
  return descriptorOf(channel);
}

/** GET chat/chat-request (spec 2 §7): the order's channel with the shop, with the same rights; 404 when none. */
export async function findOrderChat(deps: Deps, caller: ChatUser, input: OrderChatBody) {
  await orderChatOf(deps, caller, input);
  const [channel] = await deps.db
    .select()
    .from(chatChannels)
    .where(eq(chatChannels.cid, cidOf("team", orderChannelId(input.orderId, input.shopId))));
  if (!channel) throw notFound("Chat not found");
  return descriptorOf(channel);
}

/**
 * POST chat/get-data: the display data of the channels the chat list shows (their members' names, images and roles,
 * and the order a `team` channel is about), for the channels the caller may read; the others are left out, as if
 * they did not exist.
 */
export async function chatData(deps: Deps, caller: ChatUser, input: ChatDataBody): Promise<ChatData[]> {
  const cids = [...new Set(input.cids)];
  const rows = await deps.db
    .select({
      channel: chatChannels,
      member: sql<boolean>`exists (select 1 from ${chatMembers} m where m.cid = ${chatChannels.cid} and m.user_id = ${caller.id})`,
    })
    .from(chatChannels)
    .where(inArray(chatChannels.cid, cids));
  const readable = rows.filter((r) => accessTo(caller, r.channel, !!r.member).read).map((r) => r.channel);
  if (!readable.length) return [];
  const people = await deps.db
    .select({
      cid: chatMembers.cid,
      id: users.id,
      fName: users.fName,
      lName: users.lName,
      image: users.image,
      role: users.role,
    })
    .from(chatMembers)
    .innerJoin(users, eq(users.id, chatMembers.userId))
    .where(
      inArray(
        chatMembers.cid,
        readable.map((c) => c.cid),
      ),
    )
    .orderBy(chatMembers.createdAt, users.id);
  const orderIds = readable.map((c) => c.data.orderId).filter((id): id is string => typeof id === "string");
  const orderRows = orderIds.length
    ? await deps.db
        .select({ id: orders.id, orderNumber: orders.orderNumber })
        .from(orders)
        .where(inArray(orders.id, orderIds))
    : [];
  const numbers = new Map(orderRows.map((o) => [o.id, o.orderNumber]));
  const byCid = new Map(readable.map((c) => [c.cid, c]));
  return cids.flatMap((cid) => {
    const channel = byCid.get(cid);
    if (!channel) return [];
    const orderId = channel.type === "team" ? channel.data.orderId : undefined;
    const orderNumber = typeof orderId === "string" ? numbers.get(orderId) : undefined;
    return [
      {
        ...descriptorOf(channel),
        members: people
          .filter((p) => p.cid === cid)
          .map((p) => ({ _id: p.id, name: `${p.fName} ${p.lName}`.trim(), image: p.image, role: p.role })),
        order:
          typeof orderId === "string" && orderNumber !== undefined && channel.shopId
            ? { _id: orderId, orderNumber, shopId: channel.shopId }
            : null,
      },
    ];
  });
}

/**
 * spec 3 §7: a stream's `livestream` channel, opened with the stream in the caller's transaction, the logged-in user
 * its member. Answers the descriptor the stream keeps as streamChat.
 */
export async function openStreamChat(
  deps: Pick<Deps, "env">,
  tx: Tx,
  creatorId: string,
  stream: { id: string; shopId: string; name: string; image: string | null },
) {
  const { channel } = await insertChannel(
    tx,
    creatorId,
    {
      type: "livestream",
      id: stream.id,
      members: [],
      shopId: stream.shopId,
      data: { name: stream.name, image: stream.image, streamId: stream.id, shopId: stream.shopId },
    },
    deps.env,
  );
  return descriptorOf(channel);
}

/**
 * spec 1 §7: the shop's avatar changed, so the owner's channels of that shop show the new image (`data.image`; the
 * string 'null' when removed is stored as no image); each changed channel announces channel.updated.
 */
export async function shopImageChanged(
  deps: Pick<Deps, "env">,
  tx: Tx,
  shopId: string,
  ownerId: string,
  image: string | null,
) {
  const changed = await tx
    .update(chatChannels)
    .set({ data: sql`${chatChannels.data} || jsonb_build_object('image', ${image}::text)`, updatedAt: sql`now()` })
    .where(
      and(
        eq(chatChannels.shopId, shopId),
        ne(chatChannels.type, "livestream"),
        sql`exists (select 1 from ${chatMembers} m where m.cid = ${chatChannels.cid} and m.user_id = ${ownerId})`,
      ),
    )
    .returning({ cid: chatChannels.cid });
  for (const { cid } of changed) await publish(tx, CHAT_BUS, { k: "channel", t: "channel.updated", cid });
  await streamChannelImage(
    deps.env,
    changed.map((c) => c.cid),
    image,
  );
  return changed.length;
}

/** The `messaging` channel id of a customer and a console user (spec 2 §2 Chat tab: from the two ids). */
export const customerChannelId = (customerId: string, userId: string) => `${customerId}_${userId}`;

/**
 * POST chat/customer (spec 2 §2 Chat tab, §7 "a customer channel is created with {memberId, userId}"): the one-to-one
 * `messaging` channel of a customer (memberId) and a console user (userId), made on the first call, answered as it
 * is on the next. From the console the caller is the user (another userId: 403) and must see the customer (another
 * shop's customer: 404); from the app the caller is the customer, and the user must be an admin or work in a live
 * shop (else 404). A customer who never signed in to the mobile app cannot be chatted with: 400 with the spec's
 * message.
 */
export async function openCustomerChat(deps: Deps, actor: Actor | null, caller: ChatUser, input: CustomerChatBody) {
  let shopUser: ChatUser | null;
  if (isCustomer(caller)) {
    if (caller.id !== input.memberId) throw notFound();
    shopUser = await chatUserById(deps, input.userId);
    if (!shopUser || !["admin", "shopOwner", "staff"].includes(shopUser.role)) throw notFound("User not found");
    if (!accessTo(shopUser, { type: "messaging", shopId: shopUser.shopId }, true).write)
      throw notFound("User not found");
  } else {
    if (!actor || usesTheApp(caller)) throw notFound();
    if (caller.id !== input.userId) throw forbidden("A customer chat is opened by the signed-in user");
    if (!accessTo(caller, { type: "messaging", shopId: caller.shopId }, true).write)
      throw forbidden("You may not use direct chat");
    const [customer] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.memberId), visibleCustomer(actor, users.id)));
    if (!customer) throw notFound();
    shopUser = caller;
  }
  const [signedIn] = await deps.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.userId, input.memberId))
    .limit(1);
  if (!signedIn) throw badRequest(MSG.chatCustomerNoApp(deps.env.BRAND_NAME));
  const { channel } = await deps.db.transaction((tx) =>
    insertChannel(
      tx,
      caller.id,
      {
        type: "messaging",
        id: customerChannelId(input.memberId, input.userId),
        members: [input.memberId, input.userId],
        shopId: shopUser.shopId,
      },
      deps.env,
    ),
  );
  return descriptorOf(channel);
}

/**
 * POST chat/mute (moderation a shop expects of its live chat): mutes (or unmutes) a viewer in a stream's `livestream`
 * channel; a muted viewer's sends there are refused (403, code 17) until unmuted. May: an admin, the stream's shop's
 * owner, its staff with stream chat (the channel's moderators); a reader who may not moderate (a member viewer): 403;
 * anyone else, another shop's stream, or a stream without chat: 404. Muting oneself is refused.
 */
export async function muteViewer(deps: Deps, caller: ChatUser, input: ChatMuteBody) {
  const cid = cidOf("livestream", input.streamId);
  const found = await channelFor(deps, caller, cid);
  if (!found?.access.read) throw notFound("Stream not found");
  if (!found.access.moderate) throw forbidden("Only the shop may mute viewers of its stream");
  if (input.userId === caller.id) throw badRequest("You cannot mute yourself");
  const [target] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, input.userId), isNull(users.deletedAt)));
  if (!target) throw notFound("User not found");
  await deps.db.transaction(async (tx) => {
    if (input.muted)
      await tx.insert(chatMutes).values({ cid, userId: input.userId, mutedBy: caller.id }).onConflictDoNothing();
    else await tx.delete(chatMutes).where(and(eq(chatMutes.cid, cid), eq(chatMutes.userId, input.userId)));
    await streamChannelMute(deps.env, cid, input.userId, caller.id, input.muted);
  });
  return { streamId: input.streamId, userId: input.userId, muted: input.muted, mutedUsers: await mutedIn(deps, cid) };
}

/** The ids of the people muted in a channel, oldest mute first. */
export async function mutedIn(deps: Deps, cid: string) {
  const rows = await deps.db
    .select({ userId: chatMutes.userId })
    .from(chatMutes)
    .where(eq(chatMutes.cid, cid))
    .orderBy(chatMutes.createdAt, chatMutes.userId);
  return rows.map((r) => r.userId);
}

/**
 * GET chat/unread: `userId`'s unread messages over their channels (live streams' chats count for nobody), in one
 * query (Stream's own count in Stream mode). The Chat menu entry shows it on every console page.
 */
export async function unreadOf(deps: Deps, userId: string): Promise<ChatUnreadData> {
  const stream = await streamUnread(deps.env, userId);
  if (stream) return stream;
  const totals = await unreadTotals(deps.db, userId);
  return { total: totals.total_unread_count, channels: totals.unread_channels };
}
