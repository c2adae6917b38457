import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { WebSocket } from "ws";
import { chatChannels, chatMembers } from "#api/db/schema";
import type { Deps } from "#api/platform/deps";
import { publish, type EventPayload } from "#api/platform/providers/events";
import { log } from "#api/platform/log";
import {
  CHAT_BUS,
  accessTo,
  capabilities,
  channelStates,
  messageById,
  unreadTotals,
  usersByIds,
  type ChatUser,
} from "./service";

// The WebSocket connections of one app instance (ADR 0066). Every change is published on the event bus with its ids
// (PostgreSQL LISTEN/NOTIFY: every instance hears it, this one included); each instance reads the record again once
// and sends Stream's event to its own connections: the channel's watchers, and, for a new message, a
// notification.message_new to members who are connected but not watching it. Watching is announced on the bus too:
// the REST call that starts it may reach another instance than the one holding the connection.

export interface Connection {
  id: string;
  user: ChatUser;
  watching: Set<string>;
  /** Sends an event, or a frame already encoded for many connections (the fan-out encodes each payload once). */
  send(event: object | Frame): void;
}

/** An event encoded once (JSON as UTF-8), sent as the same bytes to every connection it is for. */
export class Frame {
  readonly bytes: Buffer;
  constructor(readonly json: string) {
    this.bytes = Buffer.from(json);
  }
  static of(event: object) {
    return new Frame(JSON.stringify(event));
  }
  /** This event with `fields` added (a recipient's own part, e.g. their unread totals), the rest not encoded again. */
  with(fields: object) {
    const more = JSON.stringify(fields);
    if (more === "{}") return this;
    return new Frame(this.json === "{}" ? more : `${this.json.slice(0, -1)},${more.slice(1)}`);
  }
}

/**
 * Encodes per distinct payload: `frame(key, make)` makes a recipient group's frame once (`key`: what differs between
 * recipients, e.g. their user id when the event carries their own unread totals) and hands the same one to the rest.
 */
function frames() {
  const made = new Map<string, Frame>();
  return async (key: string, make: () => Frame | Promise<Frame>) => {
    let frame = made.get(key);
    if (!frame) made.set(key, (frame = await make()));
    return frame;
  };
}

/** How often the server pings a connection; one that has not answered the previous ping is closed. */
export const PING_EVERY_MS = 30_000;

export class ChatHub {
  readonly connections = new Map<string, Connection>();
  /** The connections watching each channel (kept with `Connection.watching`). */
  private readonly watchingCid = new Map<string, Set<Connection>>();
  private subscribed?: Promise<() => void>;

  constructor(private readonly deps: Deps) {}

  /** Listens to the chat bus (once); resolves when the LISTEN is in place. */
  start() {
    this.subscribed ??= this.deps.events.subscribe(CHAT_BUS, (payload) => {
      this.deliver(payload).catch((error) => log.error("Chat event delivery failed", error));
    });
    return this.subscribed;
  }

  /** Adds a WebSocket connection of `user`: answers Stream's first health check with its connection id and `me`. */
  async open(ws: WebSocket, user: ChatUser, me: object) {
    await this.start();
    const conn: Connection = {
      id: randomUUID(),
      user,
      watching: new Set(),
      send: (event) => {
        if (ws.readyState !== ws.OPEN) return;
        // a text frame either way: Stream's client reads each event as a JSON string
        if (event instanceof Frame) ws.send(event.bytes, { binary: false });
        else ws.send(JSON.stringify(event));
      },
    };
    this.connections.set(conn.id, conn);
    let alive = true;
    const ping = setInterval(() => {
      if (!alive) return ws.terminate();
      alive = false;
      ws.ping();
    }, PING_EVERY_MS);
    ping.unref();
    ws.on("pong", () => (alive = true));
    ws.on("message", (data) => {
      alive = true;
      let events: unknown;
      try {
        events = JSON.parse(String(data));
      } catch {
        return;
      }
      // the client's own health checks ([{type: 'health.check', client_id}]) are answered with the server's
      const list = Array.isArray(events) ? events : [events];
      if (list.some((e) => e && typeof e === "object" && (e as { type?: unknown }).type === "health.check"))
        conn.send(this.healthCheck(conn));
    });
    ws.on("close", () => {
      clearInterval(ping);
      this.connections.delete(conn.id);
      for (const cid of conn.watching) {
        this.setWatching(conn, cid, false);
        void publish(this.deps.db, CHAT_BUS, { k: "watch", c: conn.id, cid, u: user.id, on: false }).catch(() => {});
      }
    });
    conn.send({ ...this.healthCheck(conn), me });
    return conn;
  }

  private healthCheck(conn: Connection) {
    return { type: "health.check", connection_id: conn.id, cid: "*", created_at: new Date().toISOString() };
  }

  /** Announces that connection `connectionId` of `user` watches `cid` (whichever instance holds it). */
  static watch(deps: Deps, connectionId: string, user: ChatUser, cid: string) {
    return publish(deps.db, CHAT_BUS, { k: "watch", c: connectionId, cid, u: user.id, on: true });
  }

  private setWatching(conn: Connection, cid: string, on: boolean) {
    let set = this.watchingCid.get(cid);
    if (on) {
      conn.watching.add(cid);
      if (!set) this.watchingCid.set(cid, (set = new Set()));
      set.add(conn);
    } else {
      conn.watching.delete(cid);
      set?.delete(conn);
      if (set && !set.size) this.watchingCid.delete(cid);
    }
  }

  private watchers(cid: string): Connection[] {
    return [...(this.watchingCid.get(cid) ?? [])];
  }

  private async deliver(p: EventPayload) {
    const cid = String(p.cid ?? "");
    if (!cid || !this.connections.size) return;
    const [type, channelId] = [cid.slice(0, cid.indexOf(":")), cid.slice(cid.indexOf(":") + 1)];
    const base = { cid, channel_id: channelId, channel_type: type, created_at: new Date().toISOString() };
    switch (p.k) {
      case "watch": {
        const conn = this.connections.get(String(p.c));
        // only the caller's own connection starts watching (a connection id sent by someone else does nothing)
        if (conn?.user.id === p.u) this.setWatching(conn, cid, !!p.on);
        const watchers = this.watchers(cid);
        const others = watchers.filter((c) => c.id !== p.c);
        if (!others.length) return;
        const [user] = (await usersByIds(this.deps.db, [String(p.u)])).values();
        const frame = Frame.of({
          ...base,
          type: p.on ? "user.watching.start" : "user.watching.stop",
          user,
          watcher_count: watchers.length,
        });
        for (const c of others) c.send(frame);
        return;
      }
      case "typing": {
        const to = this.watchers(cid).filter((c) => c.user.id !== p.u);
        if (!to.length) return;
        const [user] = (await usersByIds(this.deps.db, [String(p.u)])).values();
        const frame = Frame.of({ ...base, type: p.t, user, parent_id: p.p ?? undefined });
        for (const c of to) c.send(frame);
        return;
      }
      case "read": {
        const [user] = (await usersByIds(this.deps.db, [String(p.u)])).values();
        const frame = Frame.of({
          ...base,
          type: "message.read",
          user,
          last_read_message_id: p.mid ?? undefined,
          created_at: p.at,
        });
        for (const c of this.watchers(cid)) c.send(frame);
        // the reader's own connections learn their new totals
        const own = [...this.connections.values()].filter((c) => c.user.id === p.u);
        if (own.length) {
          const totals = await unreadTotals(this.deps.db, String(p.u));
          const mine = Frame.of({ ...base, type: "notification.mark_read", user, ...totals, unread_messages: 0 });
          for (const c of own) c.send(mine);
        }
        return;
      }
      case "msg":
        return this.deliverMessage(String(p.t), cid, String(p.id), base);
      case "member":
        return this.deliverMember(cid, String(p.u), base);
      case "channel":
        return this.deliverChannel(cid, base);
    }
  }

  /** Which of `userIds` are members of `cid`: one read for all of them (none when there is nobody to ask about). */
  private async membersAmong(cid: string, userIds: Iterable<string>) {
    const ids = [...new Set(userIds)];
    if (!ids.length) return new Set<string>();
    const rows = await this.deps.db
      .select({ userId: chatMembers.userId })
      .from(chatMembers)
      .where(and(eq(chatMembers.cid, cid), inArray(chatMembers.userId, ids)));
    return new Set(rows.map((r) => r.userId));
  }

  private async deliverMessage(type: string, cid: string, id: string, base: object) {
    const found = await messageById(this.deps.db, id);
    if (!found) return;
    const message = found.response;
    const watchers = this.watchers(cid);
    const watcherIds = new Set(watchers.map((c) => c.id));
    const [{ channel: channelRow } = { channel: undefined }] = await this.deps.db
      .select({ channel: chatChannels })
      .from(chatChannels)
      .where(eq(chatChannels.cid, cid));
    const isNew = type === "message.new";
    // a live stream's messages count as unread for nobody (ADR 0066), so its fan-out to a thousand viewers reads
    // no totals and asks nobody's membership
    const counted = isNew && channelRow?.type !== "livestream";
    // members connected but not watching get Stream's notification.message_new, with the channel
    const candidates =
      isNew && channelRow
        ? [...this.connections.values()].filter((c) => !watcherIds.has(c.id) && c.user.id !== message.user?.id)
        : [];
    const members = await this.membersAmong(cid, [
      ...(counted ? watchers.map((c) => c.user.id) : []),
      ...candidates.map((c) => c.user.id),
    ]);
    const totalsOf = new Map<string, Promise<Awaited<ReturnType<typeof unreadTotals>>>>();
    const totals = (userId: string) => {
      if (!totalsOf.has(userId)) totalsOf.set(userId, unreadTotals(this.deps.db, userId));
      return totalsOf.get(userId)!;
    };
    // what every recipient gets alike is encoded once; a member of a counted channel gets their own totals added
    const event = Frame.of({
      ...base,
      type,
      message,
      user: message.user,
      watcher_count: watchers.length,
      channel_last_message_at: channelRow?.lastMessageAt?.toISOString(),
    });
    const ownTotals = (userId: string) => counted && members.has(userId);
    const frame = frames();
    for (const c of watchers) {
      const id = c.user.id;
      c.send(ownTotals(id) ? await frame(id, async () => event.with(await totals(id))) : event);
    }
    const notified = candidates.filter((c) => members.has(c.user.id));
    if (!notified.length || !channelRow) return;
    // the channel as a notified member sees it: the same for all of them (members, so the same capabilities)
    const [state] = await channelStates(
      this.deps,
      notified[0].user,
      [{ channel: channelRow, member: true, access: { read: true, write: true, moderate: false } }],
      { messageLimit: 0, memberLimit: 0 },
    );
    const note = Frame.of({
      ...base,
      type: "notification.message_new",
      message,
      user: message.user,
      watcher_count: watchers.length,
      channel: state.channel,
    });
    for (const c of notified) {
      const id = c.user.id;
      c.send(ownTotals(id) ? await frame(`note ${id}`, async () => note.with(await totals(id))) : note);
    }
  }

  /**
   * channel.updated to the channel's watchers, with the channel as each of them may see it: their access is worked
   * out from one membership read for all of them, the channel read once, and each distinct access's event encoded once.
   */
  private async deliverChannel(cid: string, base: object) {
    const watchers = this.watchers(cid);
    if (!watchers.length) return;
    const [channelRow] = await this.deps.db.select().from(chatChannels).where(eq(chatChannels.cid, cid));
    if (!channelRow) return;
    const members = await this.membersAmong(
      cid,
      watchers.map((c) => c.user.id),
    );
    const readers = watchers
      .map((c) => ({ c, access: accessTo(c.user, channelRow, members.has(c.user.id)) }))
      .filter((r) => r.access.read);
    if (!readers.length) return;
    const [state] = await channelStates(
      this.deps,
      readers[0].c.user,
      [{ channel: channelRow, member: members.has(readers[0].c.user.id), access: readers[0].access }],
      { messageLimit: 0, memberLimit: 0 },
    );
    const frame = frames();
    for (const { c, access } of readers) {
      const own = capabilities(access, channelRow.type);
      c.send(
        await frame(own.join(), () =>
          Frame.of({ ...base, type: "channel.updated", channel: { ...state.channel, own_capabilities: own } }),
        ),
      );
    }
  }

  private async deliverMember(cid: string, userId: string, base: object) {
    const [user] = (await usersByIds(this.deps.db, [userId])).values();
    const member = { user_id: userId, user, role: "member", channel_role: "channel_member" };
    const event = { ...base, type: "member.added", user, member };
    const frame = Frame.of(event);
    for (const c of this.watchers(cid)) c.send(frame);
    const own = [...this.connections.values()].filter((c) => c.user.id === userId && !c.watching.has(cid));
    if (!own.length) return;
    const [channelRow] = await this.deps.db.select().from(chatChannels).where(eq(chatChannels.cid, cid));
    if (!channelRow) return;
    // the added user's own connections: the same channel and membership for each of them
    const [state] = await channelStates(
      this.deps,
      own[0].user,
      [{ channel: channelRow, member: true, access: { read: true, write: true, moderate: false } }],
      { messageLimit: 0 },
    );
    const added = Frame.of({
      ...event,
      type: "notification.added_to_channel",
      channel: state.channel,
      member: state.membership,
    });
    for (const c of own) c.send(added);
  }
}

const hubs = new WeakMap<Deps["events"], ChatHub>();
/** The hub of an app instance (its event bus), made on first use. */
export function hubFor(deps: Deps) {
  let hub = hubs.get(deps.events);
  if (!hub) hubs.set(deps.events, (hub = new ChatHub(deps)));
  return hub;
}
