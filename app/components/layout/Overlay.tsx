import { useNavigate } from "@remix-run/react";
import { Link } from "~/components/remix";
import { useEffect, useRef, type CSSProperties, type ReactNode, type RefObject } from "react";

/** Focus the panel on open, close on Escape (to the URL without the overlay's params), and give focus back after. */
function useOverlayKeys(
  open: boolean,
  closeHref: string,
  panel: RefObject<HTMLElement>,
  navigate: ReturnType<typeof useNavigate>,
) {
  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      // a control inside that used the key itself (a combobox closing its list) keeps the overlay open
      if (event.key === "Escape" && !event.defaultPrevented) navigate(closeHref, { preventScrollReset: true });
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      // back to where the user was when the overlay opened, if it is still there
      if (previous?.isConnected) previous.focus();
    };
  }, [open, closeHref, panel, navigate]);
}

/**
 * The one shell of the drawers and dialogs the URL opens (ARCHITECTURE §7: `?drawer=…`, `?dialog=…`, `?confirm=…`): a
 * backdrop that is a link to `closeHref` (so it closes without JavaScript too) and a modal panel named by its heading
 * (`labelledBy`) that takes focus and closes on Escape. The caller renders the panel's content.
 */
export function Overlay(props: {
  /** `drawer` slides in from the side (or the bottom); `dialog` is centred */
  layer: "drawer" | "dialog";
  closeHref: string;
  labelledBy: string;
  describedBy?: string;
  role?: "dialog" | "alertdialog";
  className: string;
  style?: CSSProperties;
  testId?: string;
  children: ReactNode;
}) {
  const { layer, closeHref, labelledBy, describedBy, role = "dialog", className, style, testId, children } = props;
  const navigate = useNavigate();
  const panel = useRef<HTMLDivElement>(null);
  useOverlayKeys(true, closeHref, panel, navigate);
  return (
    <div className={`${layer}-layer`}>
      <Link to={closeHref} preventScrollReset className="overlay-backdrop" aria-hidden="true" tabIndex={-1} />
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={className}
        style={style}
        data-testid={testId}
      >
        {children}
      </div>
    </div>
  );
}
