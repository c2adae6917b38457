// The simulated live stream (issue 13, ADR 0036): an HLS media playlist served as a live sliding window over a few
// short segments kept in the repository (public/media/live/seg*.m2ts, made by scripts/make-stream-media.sh). The media
// sequence comes from the clock, so every request, on any instance, sees the same window moving forward; the loop
// back to the first segment is marked as a discontinuity (its timestamps start again).

export const LIVE_SEGMENT_SECONDS = 2;
export const LIVE_SEGMENTS = 4;
/** segments in the window (at least 3 for a live playlist a player will not stall on) */
export const LIVE_WINDOW = 4;
export const LIVE_PLAYLISTS = ["demo.m3u8"] as const;

/** The playlist at `nowMs`: media sequence m is segment m mod LIVE_SEGMENTS; a loop start is a discontinuity. */
export function livePlaylist(nowMs: number) {
  const current = Math.floor(nowMs / 1000 / LIVE_SEGMENT_SECONDS);
  const first = current - LIVE_WINDOW + 1;
  const lines = [
    "#EXTM3U",
    "#EXT-X-VERSION:3",
    `#EXT-X-TARGETDURATION:${LIVE_SEGMENT_SECONDS}`,
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
    // each loop start before the window's first segment counts as one discontinuity already passed
    `#EXT-X-DISCONTINUITY-SEQUENCE:${Math.floor(first / LIVE_SEGMENTS)}`,
  ];
  for (let m = first; m <= current; m++) {
    if (m !== first && m % LIVE_SEGMENTS === 0) lines.push("#EXT-X-DISCONTINUITY");
    lines.push(`#EXTINF:${LIVE_SEGMENT_SECONDS.toFixed(3)},`, `seg${m % LIVE_SEGMENTS}.m2ts`);
  }
  return `${lines.join("\n")}\n`;
}
