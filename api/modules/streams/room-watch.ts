import type { Actor } from "#api/platform/auth/actor";
import type { Deps } from "#api/platform/deps";
import type { Events } from "#api/platform/providers/events";
import { ApiError } from "#api/platform/http/http";
import { log } from "#api/platform/log";
import { actorsOfSessions } from "#api/platform/auth/sessions";
import { MSG } from "#contract/core/messages";
import { liveRoom, mayWatchRoom, roomFigures, roomStream, streamChannel } from "./room";
import type { StreamRow } from "./service";

// The live room's watchers on one app instance (ADR 0040, ADR 0045). The watchers of a room share one read of its
// figures per event, and each one's session is checked again with it: who signed out, was deleted or lost the stream
// rights gets no more figures, and their event stream ends. Every instance does this for its own watchers on the
// events of the shared bus, so it holds whichever instance the session ended on.

/** A browser opens at most six connections to a site: a few rooms per session leave it room for the pages. */
export const ROOM_STREAMS_PER_SESSION = 5;
/** An office of shop staff behind one address watches many rooms; a client opening more is refused. */
export const ROOM_STREAMS_PER_ADDRESS = 40;

export type RoomFigures = Awaited<ReturnType<typeof roomFigures>>;

/** One open event stream of a room. */
export interface RoomWatcher {
  sessionId: string;
  /** A fresh snapshot, numbered in the order its read began, so that an older read never replaces a newer one. */
  show(seq: number, room: RoomFigures): void;
  /** The session may no longer watch, or the stream is gone: the event stream ends. */
  end(): void;
}

interface Room {
  watchers: Set<RoomWatcher>;
  subscription: Promise<() => void>;
  seq: number;
  reading: boolean;
  pending: boolean;
}

interface Watches {
  rooms: Map<string, Room>;
  perSession: Map<string, number>;
  perAddress: Map<string, number>;
}

// per app instance: keyed by its event bus (a test's second instance has its own)
const byInstance = new WeakMap<Events, Watches>();
function watchesOf(deps: Deps): Watches {
  let watches = byInstance.get(deps.events);
  if (!watches)
    byInstance.set(deps.events, (watches = { rooms: new Map(), perSession: new Map(), perAddress: new Map() }));
  return watches;
}

const bump = (counts: Map<string, number>, key: string, by: number) => {
  const n = (counts.get(key) ?? 0) + by;
  if (n > 0) counts.set(key, n);
  else counts.delete(key);
};

/** Takes one event stream of the session's and the address's allowance, or refuses (429) past either; returns its release. */
export function claimRoomStream(deps: Deps, sessionId: string, address: string): () => void {
  const { perSession, perAddress } = watchesOf(deps);
  if ((perSession.get(sessionId) ?? 0) >= ROOM_STREAMS_PER_SESSION) throw new ApiError(429, MSG.roomStreamsPerSession);
  if ((perAddress.get(address) ?? 0) >= ROOM_STREAMS_PER_ADDRESS) throw new ApiError(429, MSG.roomStreamsPerAddress);
  bump(perSession, sessionId, 1);
  bump(perAddress, address, 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    bump(perSession, sessionId, -1);
    bump(perAddress, address, -1);
  };
}

/**
 * Adds `watcher` to the room of stream `id` and shows it the room now, read for `actor` (a stream they may not see is
 * refused, 404). The room's channel is subscribed to before that read, so no event in between is missed. Resolves to
 * the watcher's leave; the last to leave ends the subscription.
 */
export async function watchRoom(deps: Deps, actor: Actor, id: string, watcher: RoomWatcher): Promise<() => void> {
  const { rooms } = watchesOf(deps);
  let room = rooms.get(id);
  if (!room) {
    const made: Room = {
      watchers: new Set(),
      seq: 0,
      reading: false,
      pending: false,
      subscription: deps.events.subscribe(streamChannel(id), () => void refresh(deps, id, made)),
    };
    // a failed LISTEN is not kept: the next watcher tries again
    made.subscription.catch(() => rooms.get(id) === made && rooms.delete(id));
    rooms.set(id, (room = made));
  }
  const joined = room;
  joined.watchers.add(watcher);
  const leave = () => {
    joined.watchers.delete(watcher);
    if (joined.watchers.size || rooms.get(id) !== joined) return;
    rooms.delete(id);
    joined.subscription.then(
      (unsubscribe) => unsubscribe(),
      () => {},
    );
  };
  try {
    await joined.subscription;
    const seq = ++joined.seq;
    watcher.show(seq, await liveRoom(deps, actor, id));
  } catch (error) {
    leave();
    throw error;
  }
  return leave;
}

/** On each event: one read for every watcher of the room here (events arriving during a read cost one more read, not one each). */
async function refresh(deps: Deps, id: string, room: Room) {
  if (room.reading) {
    room.pending = true;
    return;
  }
  room.reading = true;
  try {
    do {
      room.pending = false;
      await showRoom(deps, id, room);
    } while (room.pending && room.watchers.size);
  } finally {
    room.reading = false;
  }
}

async function showRoom(deps: Deps, id: string, room: Room) {
  const seq = ++room.seq;
  const watchers = [...room.watchers];
  try {
    const stream = await roomStream(deps, id);
    // the stream was deleted: its room ends for everyone
    if (!stream) return watchers.forEach((w) => w.end());
    const [figures, allowed] = await Promise.all([
      roomFigures(deps, stream),
      sessionsStillWatching(deps, watchers, stream),
    ]);
    for (const w of watchers) {
      if (allowed.has(w.sessionId)) w.show(seq, figures);
      else w.end();
    }
  } catch (error) {
    // the database failed: the watchers' EventSources reconnect, or give up
    log.warn(`Live room of stream ${id} closed`, error);
    watchers.forEach((w) => w.end());
  }
}

/** The sessions among `watchers` that may still watch the room, as they stand now (all checked in one go). */
async function sessionsStillWatching(deps: Deps, watchers: RoomWatcher[], stream: StreamRow) {
  const actors = await actorsOfSessions(deps, [...new Set(watchers.map((w) => w.sessionId))]);
  return new Set([...actors].filter(([, actor]) => mayWatchRoom(actor, stream)).map(([sessionId]) => sessionId));
}
