#!/usr/bin/env bash
# The demo streams' videos (ADR 0036), made once with ffmpeg and committed (a few hundred KB in all):
#   public/media/streams/*.mp4  two short recordings (H.264, 320x180, no sound) the viewer plays for past streams
#   public/media/live/seg*.m2ts  four 2-second MPEG-TS segments the simulated live playlist loops over
#                               (app/routes/media.live.$playlist.ts serves the sliding window from the clock)
# Needs ffmpeg (apt-get install -y ffmpeg). Run from the repository root: bash scripts/make-stream-media.sh
set -euo pipefail
out=public/media
mkdir -p "$out/streams" "$out/live"
x264=(-c:v libx264 -profile:v baseline -level 3.0 -pix_fmt yuv420p -preset veryslow -crf 34 -an -movflags +faststart)
ffmpeg -y -loglevel error -f lavfi -i "testsrc2=size=320x180:rate=15:duration=6" "${x264[@]}" "$out/streams/demo-recording.mp4"
ffmpeg -y -loglevel error -f lavfi -i "smptehdbars=size=320x180:rate=15:duration=6" -vf "hue=h=t*40" "${x264[@]}" "$out/streams/demo-recording-2.mp4"
# the live loop: 8 s of a moving pattern cut into 2-second segments, a key frame at each cut
ffmpeg -y -loglevel error -f lavfi -i "testsrc=size=320x180:rate=15:duration=8" \
  -c:v libx264 -profile:v baseline -level 3.0 -pix_fmt yuv420p -preset veryslow -crf 34 -an \
  -g 30 -keyint_min 30 -sc_threshold 0 -force_key_frames "expr:gte(t,n_forced*2)" \
  -f segment -segment_time 2 -segment_format mpegts -reset_timestamps 0 "$out/live/seg%d.m2ts"
ls -l "$out/streams" "$out/live"
