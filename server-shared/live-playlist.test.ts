import { describe, expect, it } from "vitest";
import { LIVE_SEGMENTS, LIVE_SEGMENT_SECONDS, LIVE_WINDOW, livePlaylist } from "./live-playlist";

// issue 13: the simulated live playlist is a sliding window that moves with the clock

const sequence = (text: string) => Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)![1]);
const segments = (text: string) => text.split("\n").filter((l) => l.endsWith(".m2ts"));

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

  it("marks each loop back to the first segment as a discontinuity and counts the ones passed", () => {
    const at = (m: number) => livePlaylist(m * LIVE_SEGMENT_SECONDS * 1000);
    // window ending at media sequence 9: 6, 7, [disc] 8 (seg0), 9
    const text = at(9);
    expect(segments(text)).toEqual(["seg2.m2ts", "seg3.m2ts", "seg0.m2ts", "seg1.m2ts"]);
    expect(text).toMatch(/seg3\.m2ts\n#EXT-X-DISCONTINUITY\n#EXTINF:2\.000,\nseg0\.m2ts/);
    expect(text).toContain(`#EXT-X-DISCONTINUITY-SEQUENCE:${Math.floor(6 / LIVE_SEGMENTS)}`);
    // once segment 8 is the window's first, its discontinuity has passed
    expect(at(11)).toContain("#EXT-X-DISCONTINUITY-SEQUENCE:2");
    expect(at(11)).not.toContain("#EXT-X-DISCONTINUITY\n");
  });
});
