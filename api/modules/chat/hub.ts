import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { WebSocket } from "ws";
import { chatChannels, chatMembers } from "#api/db/schema";
import type { Deps } from "#api/platform/deps";
import { publish, type EventPayload } from "#api/platform/providers/events";
import { log } from "#api/platform/log";
import { CHAT_BUS, channelFor, channelStates, messageById, unreadTotals, usersByIds, type ChatUser } from "./service";

// The WebSocket connections of one app instance (ADR 0066). Every change is published on the event bus with its ids
// (PostgreSQL LISTEN/NOTIFY: every instance hears it, this one included); each instance reads the record again once
// and sends Stream's event to its own connections: the channel's watchers, and, for a new message, a
// notification.message_new to members who are connected but not watching it. Watching is announced on the bus too:
// the REST call that starts it may reach another instance than the one holding the connection.

export interface Connection {
  id: string;
  user: ChatUser;
  watching: Set<string>;
  send(event: object): void;
}

/** How often the server pings a connection; one that has not answered the previous ping is closed. */
export const PING_EVERY_MS = 30_000;

export class ChatHub {
  readonly connections = new Map<string, Connection>();
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
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(event));
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
      for (const cid of conn.watching)
        void publish(this.deps.db, CHAT_BUS, { k: "watch", c: conn.id, cid, u: user.id, on: false }).catch(() => {});
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

  private watchers(cid: string) {
    return [...this.connections.values()].filter((c) => c.watching.has(cid));
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
        if (conn?.user.id === p.u) {
          if (p.on) conn.watching.add(cid);
          else conn.watching.delete(cid);
        }
        const watchers = this.watchers(cid);
        const others = watchers.filter((c) => c.id !== p.c);
        if (!others.length) return;
        const [user] = (await usersByIds(this.deps.db, [String(p.u)])).values();
        const event = {
          ...base,
          type: p.on ? "user.watching.start" : "user.watching.stop",
          user,
          watcher_count: watchers.length,
        };
        for (const c of others) c.send(event);
        return;
      }
      case "typing": {
        const [user] = (await usersByIds(this.deps.db, [String(p.u)])).values();
        const event = { ...base, type: p.t, user, parent_id: p.p ?? undefined };
        for (const c of this.watchers(cid)) if (c.user.id !== p.u) c.send(event);
        return;
      }
      case "read": {
        const [user] = (await usersByIds(this.deps.db, [String(p.u)])).values();
        const event = {
          ...base,
          type: "message.read",
          user,
          last_read_message_id: p.mid ?? undefined,
          created_at: p.at,
        };
        for (const c of this.watchers(cid)) c.send(event);
        // the reader's own connections learn their new totals
        const own = [...this.connections.values()].filter((c) => c.user.id === p.u);
        if (own.length) {
          const totals = await unreadTotals(this.deps.db, String(p.u));
          for (const c of own) c.send({ ...base, type: "notification.mark_read", user, ...totals, unread_messages: 0 });
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

  private async membersOf(cid: string) {
    const rows = await this.deps.db
      .select({ userId: chatMembers.userId })
      .from(chatMembers)
      .where(eq(chatMembers.cid, cid));
    return new Set(rows.map((r) => r.userId));
  }

  private async deliverMessage(type: string, cid: string, id: string, base: object) {
    const found = await messageById(this.deps.db, id);
    if (!found) return;
    const message = found.response;
    const watchers = this.watchers(cid);
    const members = await this.membersOf(cid);
    const event = { ...base, type, message, user: message.user, watcher_count: watchers.length };
    const watcherIds = new Set(watchers.map((c) => c.id));
    const [{ channel: channelRow } = { channel: undefined }] = await this.deps.db
      .select({ channel: chatChannels })
      .from(chatChannels)
      .where(eq(chatChannels.cid, cid));
    const lastMessageAt = channelRow?.lastMessageAt?.toISOString();
    const totalsOf = new Map<string, Awaited<ReturnType<typeof unreadTotals>>>();
    const totals = async (userId: string) => {
      // a live stream's messages count as unread for nobody (ADR 0066), so its fan-out to a thousand viewers reads
      // no totals
      if (type !== "message.new" || channelRow?.type === "livestream" || !members.has(userId)) return {};
      if (!totalsOf.has(userId)) totalsOf.set(userId, await unreadTotals(this.deps.db, userId));
      return totalsOf.get(userId)!;
    };
    for (const c of watchers)
      c.send({ ...event, channel_last_message_at: lastMessageAt, ...(await totals(c.user.id)) });
    if (type !== "message.new" || !channelRow) return;
    // members connected but not watching: Stream's notification.message_new, with the channel
    const notified = [...this.connections.values()].filter(
      (c) => !watcherIds.has(c.id) && members.has(c.user.id) && c.user.id !== message.user?.id,
    );
    for (const c of notified) {
      const [state] = await channelStates(
        this.deps,
        c.user,
        [{ channel: channelRow, member: true, access: { read: true, write: true, moderate: false } }],
        { messageLimit: 0, memberLimit: 0 },
      );
      c.send({ ...event, type: "notification.message_new", channel: state.channel, ...(await totals(c.user.id)) });
    }
  }

  /** channel.updated to the channel's watchers, with the channel as each of them may see it. */
  private async deliverChannel(cid: string, base: object) {
    for (const c of this.watchers(cid)) {
      const found = await channelFor(this.deps, c.user, cid);
      if (!found?.access.read) continue;
      const [state] = await channelStates(this.deps, c.user, [found], { messageLimit: 0, memberLimit: 0 });
      c.send({ ...base, type: "channel.updated", channel: state.channel });
    }
  }

  private async deliverMember(cid: string, userId: string, base: object) {
    const [user] = (await usersByIds(this.deps.db, [userId])).values();
    const member = { user_id: userId, user, role: "member", channel_role: "channel_member" };
    const event = { ...base, type: "member.added", user, member };
    for (const c of this.watchers(cid)) c.send(event);
    const [channelRow] = await this.deps.db.select().from(chatChannels).where(eq(chatChannels.cid, cid));
    if (!channelRow) return;
    for (const c of this.connections.values()) {
      if (c.user.id !== userId || c.watching.has(cid)) continue;
      const [state] = await channelStates(
        this.deps,
        c.user,
        [{ channel: channelRow, member: true, access: { read: true, write: true, moderate: false } }],
        { messageLimit: 0 },
      );
      c.send({ ...event, type: "notification.added_to_channel", channel: state.channel, member: state.membership });
    }
  }
}

const hubs = new WeakMap<Deps["events"], ChatHub>();
/** The hub of an app instance (its event bus), made on first use. */
export function hubFor(deps: Deps) {
  let hub = hubs.get(deps.events);
  if (!hub) hubs.set(deps.events, (hub = new ChatHub(deps)));
  return hub;
}
