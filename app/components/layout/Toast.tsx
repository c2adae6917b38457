import { useEffect, useState } from "react";
import { PlainCallout } from "./PlainCallout";

export interface ToastData {
  type: "success" | "error";
  message: string;
  /** lines under the message: a bulk action's rows not done, with why (ADR 0074) */
  details?: string[];
}

/**
 * The one toast: server-rendered from the flash cookie, so it shows without JavaScript; fades out with it, unless it
 * has details to read (a bulk action's summary), which stay until dismissed.
 */
export function ToastRegion({ toast }: { toast: ToastData | null }) {
  const [shown, setShown] = useState(toast);
  useEffect(() => {
    setShown(toast);
    if (!toast || toast.details?.length) return;
    const timer = setTimeout(() => setShown(null), 4000);
    return () => clearTimeout(timer);
  }, [toast]);
  if (!shown) return null;
  const details = shown.details?.length ? shown.details : null;
  return (
    <div role="status" aria-live="polite" className="toast-region" data-testid="toast">
      <PlainCallout
        color={shown.type === "success" ? "green" : "red"}
        variant="surface"
        details={
          details ? (
            <>
              <ul className="rt-Text rt-r-size-2 toast-details">
                {details.map((line, i) => (
                  <li key={i}>{line}</li>
                ))}
              </ul>
              <button type="button" className="toast-dismiss js-only" onClick={() => setShown(null)}>
                Dismiss
              </button>
            </>
          ) : null
        }
      >
        {shown.message}
      </PlainCallout>
    </div>
  );
}
