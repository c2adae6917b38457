import { useEffect, useRef, useState } from "react";

const HLS_TYPE = "application/vnd.apple.mpegurl";

/**
 * The viewer's video (spec 3 §2). A recording plays in a plain <video>. A live stream's HLS address plays through
 * hls.js, imported only here and only when a live stream is shown (ARCHITECTURE §7: heavy parts load where used), or
 * natively where the browser plays HLS and has no Media Source Extensions. Without JavaScript a plain <video> with the
 * address as its source (in <noscript>, so a scripted page never starts a native load that hls.js then replaces), and a
 * link to it.
 */
export function StreamPlayer({
  src,
  live,
  title,
}: {
  src: string;
  live: boolean;
  title: string;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [engine, setEngine] = useState<"native" | "hls.js" | "">(
    live ? "" : "native"
  );
  const [failed, setFailed] = useState(false);
  // a live <video> only once scripts run (hls.js or native HLS); before or without them the <noscript> one below
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);

  useEffect(() => {
    const element = video.current;
    if (!live || !scripted || !element) return;
    let destroyed = false;
    let hls: { destroy(): void } | null = null;
    if (
      typeof window.MediaSource === "undefined" &&
      element.canPlayType(HLS_TYPE)
    ) {
      element.src = src;
      setEngine("native");
      return;
    }
    import("hls.js").then(({ default: Hls }) => {
      if (destroyed) return;
      if (!Hls.isSupported()) {
        setFailed(true);
        return;
      }
      // no worker: the page's Content-Security-Policy does not allow blob: workers
      const player = new Hls({
        enableWorker: false,
        lowLatencyMode: false,
        liveSyncDurationCount: 2,
      });
      hls = player;
      player.on(Hls.Events.ERROR, (_event, data) => {
        if (data.fatal) setFailed(true);
      });
      player.loadSource(src);
      player.attachMedia(element);
      setEngine("hls.js");
    });
    return () => {
      destroyed = true;
      hls?.destroy();
    };
  }, [live, scripted, src]);

  return (
    <div className="stream-player">
      {live && !scripted ? (
        <noscript>
          <video
            controls
            playsInline
            muted
            autoPlay
            aria-label={title}
            data-testid="stream-video"
            data-live="true"
            src={src}
          />
        </noscript>
      ) : (
        <video
          ref={video}
          controls
          playsInline
          muted
          autoPlay
          preload="metadata"
          aria-label={title}
          data-testid="stream-video"
          data-live={live ? "true" : "false"}
          data-engine={engine}
          src={live ? undefined : src}
        />
      )}
      {live ? (
        <p className="stream-player-note">
          <span className="stream-live-dot" aria-hidden="true" /> LIVE ·{" "}
          <a href={src}>Open the live address</a>
          {failed ? " (this browser cannot play it here)" : null}
        </p>
      ) : null}
    </div>
  );
}
