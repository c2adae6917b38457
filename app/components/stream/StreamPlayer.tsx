import { useEffect, useRef, useState } from "react";

const HLS_TYPE = "application/vnd.apple.mpegurl";

/**
 * The viewer's video (spec 3 §2). A recording plays in a plain <video>. A live stream's HLS address plays natively
 * where the browser plays HLS, otherwise through hls.js, imported only here and only when a live stream is shown
 * (ARCHITECTURE §7: heavy parts load where used). Without JavaScript a plain <video> with the
 * address as its source (in <noscript>, so a scripted page never starts a native load that hls.js then replaces), and a
 * link to it.
 */
export function StreamPlayer({ src, live, title }: { src: string; live: boolean; title: string }) {
  const video = useRef<HTMLVideoElement>(null);
  const [engine, setEngine] = useState<"native" | "hls.js" | "">(live ? "" : "native");
  const [failed, setFailed] = useState(false);
  // a live <video> only once scripts run (hls.js or native HLS); before or without them the <noscript> one below
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);

  useEffect(() => {
    const element = video.current;
    if (!live || !scripted || !element) return;
    let destroyed = false;
    let hls: { destroy(): void } | null = null;
    // ADR 0036: native HLS where the browser has it (Safari, Chromium from 2025 on); hls.js elsewhere
    if (element.canPlayType(HLS_TYPE)) {
      element.src = src;
      setEngine("native");
      // the autoplay attribute was read before the address was set: start the muted live stream explicitly
      element.play().catch(() => {});
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
        element.dataset.error = `${data.type}: ${data.details}`;
        if (data.fatal) setFailed(true);
      });
      // a muted live stream starts by itself, as a recording does
      player.on(Hls.Events.MANIFEST_PARSED, () => {
        element.play().catch(() => {});
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
          <span className="stream-live-dot" aria-hidden="true" /> LIVE · <a href={src}>Open the live address</a>
          {failed ? " (this browser cannot play it here)" : null}
        </p>
      ) : null}
    </div>
  );
}
