import { readFile } from "node:fs/promises";
import path from "node:path";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { LIVE_SEGMENTS, loopedSegment } from "~/services/live-playlist.server";

// The demo's simulated live stream (ADR 0036): segment m of /media/live/demo.m3u8, the file m mod 4 in
// public/media/live/ re-timed to follow the segments before it, so the stream runs on without a discontinuity.
let files: Promise<Uint8Array[]> | undefined;
const segmentFiles = () =>
  (files ??= Promise.all(
    Array.from({ length: LIVE_SEGMENTS }, (_, i) =>
      readFile(path.join(process.cwd(), "public/media/live", `seg${i}.m2ts`)),
    ),
  ));

export async function loader({ params }: LoaderFunctionArgs) {
  // a media sequence number, as the playlist writes it
  if (!/^\d{1,15}$/.test(params.m ?? "")) return new Response("Not found", { status: 404 });
  const body = loopedSegment(await segmentFiles(), Number(params.m));
  // a segment's bytes depend on its number alone
  return new Response(body, { headers: { "Content-Type": "video/mp2t", "Cache-Control": "public, max-age=3600" } });
}
