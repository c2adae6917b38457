// The simulated live stream (ADR 0036): an HLS media playlist served as a live sliding window over a few
// short segments kept in the repository (public/media/live/seg*.m2ts, made by scripts/make-stream-media.sh). The media
// sequence comes from the clock, so every request, on any instance, sees the same window moving forward. Segment m is
// file m mod LIVE_SEGMENTS with its timestamps moved on by one loop's length for every loop before it
// (`loopedSegment`), so the stream's time runs on without a break and the playlist needs no discontinuity: hls.js
// re-times a discontinuity's segments from their own clock and ran ahead of real time on each loop.

export const LIVE_SEGMENT_SECONDS = 2;
export const LIVE_SEGMENTS = 4;
/** segments in the window (at least 3 for a live playlist a player will not stall on) */
export const LIVE_WINDOW = 4;
export const LIVE_PLAYLISTS = ["demo.m3u8"] as const;
/** MPEG-TS timestamps count 90,000 a second */
const TICKS_PER_SECOND = 90_000;
/** one loop over the segments, in timestamp ticks */
export const LIVE_LOOP_TICKS = LIVE_SEGMENTS * LIVE_SEGMENT_SECONDS * TICKS_PER_SECOND;

/** The playlist at `nowMs`: media sequence m is `segment/{m}` (file m mod LIVE_SEGMENTS, re-timed). */
export function livePlaylist(nowMs: number) {
  const current = Math.floor(nowMs / 1000 / LIVE_SEGMENT_SECONDS);
  const first = current - LIVE_WINDOW + 1;
  const lines = [
    "#EXTM3U",
    "#EXT-X-VERSION:3",
    `#EXT-X-TARGETDURATION:${LIVE_SEGMENT_SECONDS}`,
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
  ];
  for (let m = first; m <= current; m++) lines.push(`#EXTINF:${LIVE_SEGMENT_SECONDS.toFixed(3)},`, `segment/${m}`);
  return `${lines.join("\n")}\n`;
}

const PACKET = 188;
const SYNC = 0x47;
/** timestamps are 33 bits and wrap around (every 26.5 hours), as players expect */
const WRAP = 2 ** 33;

/** A 33-bit PTS or DTS as a PES header writes it (5 bytes, marker bits between its parts). */
function readStamp(b: Uint8Array, i: number) {
  return (
    ((b[i]! >> 1) & 7) * 2 ** 30 +
    ((b[i + 1]! << 7) | (b[i + 2]! >> 1)) * 2 ** 15 +
    ((b[i + 3]! << 7) | (b[i + 4]! >> 1))
  );
}
function writeStamp(b: Uint8Array, i: number, value: number) {
  const high = Math.floor(value / 2 ** 30);
  const middle = Math.floor(value / 2 ** 15) % 2 ** 15;
  const low = value % 2 ** 15;
  b[i] = (b[i]! & 0xf0) | (high << 1) | 1;
  b[i + 1] = middle >> 7;
  b[i + 2] = ((middle & 0x7f) << 1) | 1;
  b[i + 3] = low >> 7;
  b[i + 4] = ((low & 0x7f) << 1) | 1;
}

function readPcr(b: Uint8Array, p: number) {
  return b[p]! * 2 ** 25 + (b[p + 1]! << 17) + (b[p + 2]! << 9) + (b[p + 3]! << 1) + (b[p + 4]! >> 7);
}
function writePcr(b: Uint8Array, p: number, value: number) {
  b[p] = Math.floor(value / 2 ** 25);
  b[p + 1] = Math.floor(value / 2 ** 17) & 0xff;
  b[p + 2] = Math.floor(value / 2 ** 9) & 0xff;
  b[p + 3] = Math.floor(value / 2) & 0xff;
  b[p + 4] = ((value & 1) << 7) | (b[p + 4]! & 0x7f);
}

type Clock = "pcr" | "pts" | "dts";
/**
 * Where a segment's clocks are: each packet's PCR (the adaptation field's 33-bit base) and each audio or video PES
 * header's PTS and DTS, in the order they come.
 */
function eachClock(segment: Uint8Array, visit: (clock: Clock, at: number) => void) {
  for (let o = 0; o + PACKET <= segment.length; o += PACKET) {
    if (segment[o] !== SYNC) throw new Error(`not an MPEG-TS packet at byte ${o}`);
    const control = (segment[o + 3]! >> 4) & 3;
    let payload = o + 4;
    if (control & 2) {
      const length = segment[o + 4]!;
      if (length >= 7 && segment[o + 5]! & 0x10) visit("pcr", o + 6);
      payload = o + 5 + length;
    }
    // a PES packet's start: 00 00 01, its stream id (audio c0–df, video e0–ef), its length, then its optional header
    if (!(control & 1) || !(segment[o + 1]! & 0x40) || payload + 14 > o + PACKET) continue;
    if (segment[payload] !== 0 || segment[payload + 1] !== 0 || segment[payload + 2] !== 1) continue;
    const stream = segment[payload + 3]!;
    if (stream < 0xc0 || stream > 0xef) continue;
    const flags = segment[payload + 7]! >> 6;
    if (flags & 2) visit("pts", payload + 9);
    if (flags === 3 && payload + 19 <= o + PACKET) visit("dts", payload + 14);
  }
}

/** A copy of an MPEG-TS segment with every clock (PCR, PTS, DTS) moved on by `ticks` (90 kHz); nothing else changes. */
export function shiftTimestamps(segment: Uint8Array, ticks: number): Uint8Array<ArrayBuffer> {
  const out = Uint8Array.from(segment);
  const shift = ((ticks % WRAP) + WRAP) % WRAP;
  eachClock(out, (clock, at) => {
    if (clock === "pcr") writePcr(out, at, (readPcr(out, at) + shift) % WRAP);
    else writeStamp(out, at, (readStamp(out, at) + shift) % WRAP);
  });
  return out;
}

/** Segment m of the simulated live stream: file m mod LIVE_SEGMENTS, its clock moved on by the loops before it. */
export const loopedSegment = (files: readonly Uint8Array[], m: number) =>
  shiftTimestamps(files[m % LIVE_SEGMENTS]!, Math.floor(m / LIVE_SEGMENTS) * LIVE_LOOP_TICKS);

/** A segment's clocks (PCR bases, PTS, DTS), for tests and checks. */
export function timestampsOf(segment: Uint8Array) {
  const found: Record<Clock, number[]> = { pcr: [], pts: [], dts: [] };
  eachClock(segment, (clock, at) => found[clock].push(clock === "pcr" ? readPcr(segment, at) : readStamp(segment, at)));
  return found;
}
