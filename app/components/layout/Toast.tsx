import { useEffect, useState } from "react";
import { PlainCallout } from "./PlainCallout";

export interface ToastData {
  type: "success" | "error";
  message: string;
}

/** The one toast: server-rendered from the flash cookie, so it shows without JavaScript; fades out with it. */
export function ToastRegion({ toast }: { toast: ToastData | null }) {
  const [shown, setShown] = useState(toast);
  useEffect(() => {
    setShown(toast);
    if (!toast) return;
    const timer = setTimeout(() => setShown(null), 4000);
    return () => clearTimeout(timer);
  }, [toast]);
  if (!shown) return null;
  return (
    <div role="status" aria-live="polite" className="toast-region" data-testid="toast">
      <PlainCallout color={shown.type === "success" ? "green" : "red"} variant="surface">
        {shown.message}
      </PlainCallout>
    </div>
  );
}
