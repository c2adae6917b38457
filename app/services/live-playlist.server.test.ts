import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  LIVE_LOOP_TICKS,
  LIVE_SEGMENTS,
  LIVE_SEGMENT_SECONDS,
  LIVE_WINDOW,
  livePlaylist,
  loopedSegment,
  shiftTimestamps,
  timestampsOf,
} from "./live-playlist.server";

// the simulated live playlist is a sliding window that moves with the clock

const sequence = (text: string) => Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)![1]);
const segments = (text: string) => text.split("\n").filter((l) => l.startsWith("segment/"));

describe("livePlaylist", () => {
  it("is a live playlist (no end tag) of the window's segments", () => {
    const text = livePlaylist(1_000_000_000_000);
    expect(text.startsWith("#EXTM3U\n")).toBe(true);
    expect(text).not.toContain("#EXT-X-ENDLIST");
    expect(segments(text)).toHaveLength(LIVE_WINDOW);
  });

  it("moves one segment forward every segment duration", () => {
    const t0 = 1_000_000_000_000;
    const a = livePlaylist(t0);
    const b = livePlaylist(t0 + LIVE_SEGMENT_SECONDS * 1000);
    expect(sequence(b)).toBe(sequence(a) + 1);
    expect(segments(b).slice(0, -1)).toEqual(segments(a).slice(1));
  });

  it("names each segment by its media sequence number and marks no discontinuity", () => {
    const text = livePlaylist(9 * LIVE_SEGMENT_SECONDS * 1000);
    expect(sequence(text)).toBe(6);
    expect(segments(text)).toEqual(["segment/6", "segment/7", "segment/8", "segment/9"]);
    expect(text).not.toContain("DISCONTINUITY");
  });
});

// the four files in the repository, as ffmpeg's segmenter wrote them: 15 frames a second, timestamps running on
const FILES = Array.from({ length: LIVE_SEGMENTS }, (_, i) =>
  readFileSync(path.join(import.meta.dirname, "../../public/media/live", `seg${i}.m2ts`)),
);
const FRAME = 90_000 / 15;

describe("the simulated live stream's segments", () => {
  it("moves every PCR, PTS and DTS by the ticks given, and leaves every other byte as it was", () => {
    const original = timestampsOf(FILES[1]!);
    expect(original.pts.length).toBeGreaterThan(20);
    expect(original.pcr.length).toBeGreaterThan(20);
    const moved = shiftTimestamps(FILES[1]!, 1_234_567);
    const after = timestampsOf(moved);
    expect(after.pts).toEqual(original.pts.map((t) => t + 1_234_567));
    expect(after.pcr).toEqual(original.pcr.map((t) => t + 1_234_567));
    expect(after.dts).toEqual(original.dts.map((t) => t + 1_234_567));
    expect(moved.length).toBe(FILES[1]!.length);
    // back again: the very same bytes (marker bits, flags and payloads untouched)
    expect(Buffer.from(shiftTimestamps(moved, -1_234_567)).equals(FILES[1]!)).toBe(true);
  });

  it("wraps the 33-bit clocks around as players expect", () => {
    const near = shiftTimestamps(FILES[0]!, 2 ** 33 - timestampsOf(FILES[0]!).pts[0]! - FRAME);
    const pts = timestampsOf(near).pts;
    expect(pts[0]).toBe(2 ** 33 - FRAME);
    expect(pts[1]).toBe(0);
  });

  it("runs on without a break across the loop back to the first file: each frame one frame after the one before", () => {
    const stamps = [6, 7, 8, 9, 10].flatMap((m) => timestampsOf(loopedSegment(FILES, m)).pts);
    expect(stamps.length).toBeGreaterThan(60);
    for (let i = 1; i < stamps.length; i++) expect(stamps[i]! - stamps[i - 1]!, `frame ${i}`).toBe(FRAME);
    expect(timestampsOf(loopedSegment(FILES, 8)).pts[0]).toBe(timestampsOf(FILES[0]!).pts[0]! + 2 * LIVE_LOOP_TICKS);
  });
});
