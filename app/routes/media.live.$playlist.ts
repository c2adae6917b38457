import type { LoaderFunctionArgs } from "@remix-run/node";
import { LIVE_PLAYLISTS, livePlaylist } from "~/services/live-playlist.server";
import { isOneOf } from "~/lib/one-of";

// The demo's simulated live stream (ADR 0036): /media/live/demo.m3u8, a live HLS playlist whose window moves
// with the clock over the segments beside it in public/media/live/. The demo's broadcasting stream has it as viewURL.
export function loader({ params }: LoaderFunctionArgs) {
  if (!isOneOf(LIVE_PLAYLISTS, params.playlist)) return new Response("Not found", { status: 404 });
  return new Response(livePlaylist(Date.now()), {
    headers: { "Content-Type": "application/vnd.apple.mpegurl", "Cache-Control": "no-cache, no-store" },
  });
}
