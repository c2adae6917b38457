import { Flex, Heading, IconButton } from "@radix-ui/themes";
import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, type ReactNode, type RefObject } from "react";

/** spec 1 §9: drawers are 500, 400 or 600 px wide. */
export type DrawerWidth = 400 | 500 | 600;

/**
 * A right-hand drawer opened by the URL (e.g. `?drawer=view&id=…`) and closed by a link that removes those
 * params: it works without JavaScript. With JavaScript, Escape closes it and focus moves into it.
 */
export function Drawer({
  open,
  title,
  closeHref,
  width = 500,
  children,
  footer,
  side = "right",
}: {
  /** a bottom drawer spans the page's width (the customer page's 'Select Products', spec 2 §2) */
  side?: "right" | "bottom";
  open: boolean;
  title: ReactNode;
  closeHref: string;
  width?: DrawerWidth;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const navigate = useNavigate();
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useOverlayKeys(open, closeHref, panel, navigate);
  if (!open) return null;
  return (
    <div className="drawer-layer">
      <Link to={closeHref} preventScrollReset className="overlay-backdrop" aria-hidden="true" tabIndex={-1} />
      <div ref={panel} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} className={side === "bottom" ? "drawer drawer-bottom" : "drawer"} style={side === "bottom" ? undefined : { width: `min(${width}px, 100vw)` }}>
        <Flex className="drawer-header" align="center" justify="between" gap="3">
          <Heading as="h2" size="4" id={titleId}>
            {title}
          </Heading>
          <IconButton asChild variant="ghost" color="gray" size="2">
            <Link to={closeHref} preventScrollReset aria-label="Close">
              <span aria-hidden="true">✕</span>
            </Link>
          </IconButton>
        </Flex>
        <div className="drawer-body">{children}</div>
        {footer ? <div className="drawer-footer">{footer}</div> : null}
      </div>
    </div>
  );
}

/** Shared by the drawer and the confirmation dialog: focus the panel on open, close on Escape. */
export function useOverlayKeys(open: boolean, closeHref: string, panel: RefObject<HTMLElement>, navigate: ReturnType<typeof useNavigate>) {
  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") navigate(closeHref, { preventScrollReset: true });
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      // back to where the user was when the overlay opened, if it is still there
      if (previous?.isConnected) previous.focus();
    };
  }, [open, closeHref, panel, navigate]);
}
