import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import type { Actor, Policy } from "#api/platform/auth/actor";
import type { Deps } from "#api/platform/deps";
import { ok } from "#api/platform/http/http";
import { idPath } from "#api/platform/data/ids";
import { log } from "#api/platform/log";
import { route } from "#api/platform/http/router";
import { MSG } from "#contract/core/messages";
import { streamStatsSchema } from "#contract/streams/streams-api";
import { clientIp } from "#api/platform/auth/sessions";
import { liveRoom, reportStreamStats, ROOM_WATCHERS } from "./room";
import { claimRoomStream, watchRoom, type RoomFigures } from "./room-watch";

/** The streaming side's calls (as go-live and finish): 'can go live'. */
const GO_LIVE: Policy = { roles: ["admin", "shopOwner", "staff"], staff: ["stream:go-live"] };
/** A comment line this often keeps proxies from closing a quiet stream and lets the server notice a gone client. */
const HEARTBEAT_MS = 15_000;

/**
 * The room as server-sent events: the snapshot on connect, then the room's shared fresh one after each event of the
 * stream's channel, while the session may still watch (room-watch.ts). It ends when the client goes, or when the
 * session signs out, is deleted or loses the right (the browser's EventSource then reconnects and is refused).
 * `release` gives back the event stream's place in the session's and address's allowance.
 */
async function roomEvents(c: Context, deps: Deps, actor: Actor, id: string, release: () => void) {
  let latest: { seq: number; room: RoomFigures | null } = { seq: 0, room: null };
  let ended = false;
  let wake: () => void = () => {};
  const leave = await watchRoom(deps, actor, id, {
    sessionId: actor.sessionId,
    show(seq, room) {
      if (seq <= latest.seq) return;
      latest = { seq, room };
      wake();
    },
    end() {
      ended = true;
      wake();
    },
  });
  const res = streamSSE(c, async (sse) => {
    let sent = 0;
    sse.onAbort(() => wake());
    c.req.raw.signal.addEventListener("abort", () => sse.abort());
    try {
      while (!sse.aborted && !sse.closed && !ended) {
        if (latest.seq > sent) {
          sent = latest.seq;
          await sse.writeSSE({ event: "room", data: JSON.stringify(latest.room) });
          continue;
        }
        let timer: ReturnType<typeof setTimeout> | undefined;
        const beat = await new Promise<boolean>((resolve) => {
          wake = () => resolve(false);
          timer = setTimeout(() => resolve(true), HEARTBEAT_MS);
        });
        clearTimeout(timer);
        if (beat) await sse.write(": heartbeat\n\n");
      }
    } catch (error) {
      // the client went while an event was being written
      log.warn(`Live room of stream ${id} closed`, error);
    } finally {
      leave();
      release();
    }
  });
  // never compressed or cached on the way (a compressing proxy would hold the events back)
  res.headers.set("Cache-Control", "no-cache, no-transform");
  res.headers.set("X-Accel-Buffering", "no");
  return res;
}

export const streamRoomRoutes = [
  route({
    method: "put",
    path: idPath("/live-stream/stats/:id"),
    summary:
      "The streaming side (mobile app or media service): a live (broadcasting) stream's likes and current viewers {likes, viewersCount} (either or both, whole numbers); the live room's watchers get them at once",
    policy: GO_LIVE,
    body: streamStatsSchema,
    handler: async ({ deps, actor, params, body }) =>
      ok(await reportStreamStats(deps, actor, params.id, body), MSG.streamStatsUpdated),
  }),
  route({
    method: "get",
    path: idPath("/live-stream/room/:id"),
    summary:
      "The live room of a stream: orders placed from it, revenue (dollars) and items sold (its shop's lines only), each promoted product's units sold and stock left, likes and viewers",
    policy: ROOM_WATCHERS,
    handler: async ({ deps, actor, params }) => ok(await liveRoom(deps, actor, params.id)),
  }),
  route({
    method: "get",
    path: idPath("/live-stream/room/:id/events"),
    summary:
      "The live room as server-sent events: event `room` with the room's snapshot on connect and after every order placed from the stream, on any app instance; `:` heartbeats",
    policy: ROOM_WATCHERS,
    handler: async ({ c, deps, actor, params }) => {
      // over the session's or the address's allowance: 429; a stream the caller may not see: 404, before the stream starts
      const release = claimRoomStream(deps, actor.sessionId, clientIp(c));
      try {
        return await roomEvents(c, deps, actor, params.id, release);
      } catch (error) {
        release();
        throw error;
      }
    },
  }),
];
