import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import type { Actor, Policy } from "#api/platform/actor";
import type { Deps } from "#api/platform/deps";
import { ok } from "#api/platform/http";
import { idPath } from "#api/platform/ids";
import { log } from "#api/platform/log";
import { route } from "#api/platform/router";
import { MSG } from "#contract/messages";
import { streamStatsSchema } from "#contract/streams-api";
import { liveRoom, reportStreamStats, streamChannel } from "./room";

// The live room (issue 13, ADR 0040): who may see the stream (GET live-stream/{id}) may watch its sales.
const READ: Policy = { roles: ["admin", "shopOwner", "staff"], staff: ["stream:schedule", "stream:promote", "stream:go-live"] };
/** The streaming side's calls (as go-live and finish): 'can go live'. */
const GO_LIVE: Policy = { roles: ["admin", "shopOwner", "staff"], staff: ["stream:go-live"] };
/** A comment line this often keeps proxies from closing a quiet stream and lets the server notice a gone client. */
const HEARTBEAT_MS = 15_000;

/**
 * The room as server-sent events: the snapshot on connect, then a fresh one after each event of the stream's channel
 * (events that arrive while one is being read are answered by one more read, not one each). The subscription is
 * made before the first read, so no order placed while connecting is missed; it ends when the client goes.
 */
function roomEvents(c: Context, deps: Deps, actor: Actor, id: string) {
  const res = streamSSE(c, async (sse) => {
    let pending = true;
    let wake: () => void = () => {};
    const unsubscribe = await deps.events.subscribe(streamChannel(id), () => {
      pending = true;
      wake();
    });
    sse.onAbort(() => wake());
    c.req.raw.signal.addEventListener("abort", () => sse.abort());
    try {
      while (!sse.aborted && !sse.closed) {
        if (pending) {
          pending = false;
          await sse.writeSSE({ event: "room", data: JSON.stringify(await liveRoom(deps, actor, id)) });
          continue;
        }
        let timer: ReturnType<typeof setTimeout> | undefined;
        const beat = await new Promise<boolean>((resolve) => {
          wake = () => resolve(false);
          timer = setTimeout(() => resolve(true), HEARTBEAT_MS);
        });
        clearTimeout(timer);
        if (beat && !pending) await sse.write(": heartbeat\n\n");
      }
    } catch (error) {
      // the stream was deleted meanwhile (404), or the database failed: the client's EventSource reconnects or gives up
      log.warn(`Live room of stream ${id} closed`, error);
    } finally {
      unsubscribe();
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
    handler: async ({ deps, actor, params, body }) => ok(await reportStreamStats(deps, actor, params.id, body), MSG.streamStatsUpdated),
  }),
  route({
    method: "get",
    path: idPath("/live-stream/room/:id"),
    summary:
      "The live room of a stream (issue 13): orders placed from it, revenue (dollars) and items sold (its shop's lines only), each promoted product's units sold and stock left, likes and viewers",
    policy: READ,
    handler: async ({ deps, actor, params }) => ok(await liveRoom(deps, actor, params.id)),
  }),
  route({
    method: "get",
    path: idPath("/live-stream/room/:id/events"),
    summary:
      "The live room as server-sent events: event `room` with the room's snapshot on connect and after every order placed from the stream, on any app instance; `:` heartbeats",
    policy: READ,
    handler: async ({ c, deps, actor, params }) => {
      // a stream the caller may not see is refused (404) before the stream starts
      await liveRoom(deps, actor, params.id);
      return roomEvents(c, deps, actor, params.id);
    },
  }),
];
