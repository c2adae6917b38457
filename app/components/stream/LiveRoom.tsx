import { useEffect, useState } from "react";
import type { LiveRoom as LiveRoomData } from "#contract/streams/stream-room-api";
import { LiveRoomPanel } from "./LiveRoomPanel";

/**
 * The live room (ADR 0040): a broadcasting stream's sales in the viewer. The server renders the figures of
 * the page's load, with a refresh link (all there is without JavaScript); in the browser an EventSource on the room's
 * events replaces them as each order is placed from the stream (or the streaming side reports likes and viewers), on
 * whichever app instance it arrives. A tiny hook rather than a lazy island: the island's loader cost more bytes than it
 * saved (`npm run bench:bundle`). `room` is null for a stream that is not broadcasting: no connection then.
 */
export function useLiveRoom(room: LiveRoomData | null) {
  const [live, setLive] = useState(room);
  const [connected, setConnected] = useState(false);
  // a reload of the viewer brings new figures from the server
  useEffect(() => setLive(room), [room]);
  const streamId = room?.streamId;
  useEffect(() => {
    if (!streamId) return;
    // the browser's EventSource reconnects by itself after a dropped connection
    const source = new EventSource(`/api/live-stream/room/${encodeURIComponent(streamId)}/events`);
    source.addEventListener("open", () => setConnected(true));
    source.addEventListener("error", () => setConnected(false));
    source.addEventListener("room", (event: MessageEvent<string>) => setLive(JSON.parse(event.data) as LiveRoomData));
    return () => source.close();
  }, [streamId]);
  return { live, connected };
}

/** The room's panel, kept current by `useLiveRoom` (the viewer's like counter reads the same figures). */
export function LiveRoom({
  live,
  connected,
  refreshHref,
}: {
  live: LiveRoomData;
  connected: boolean;
  refreshHref: string;
}) {
  return <LiveRoomPanel live={live} refreshHref={refreshHref} connected={connected} />;
}
