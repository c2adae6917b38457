import { Flex, Heading, IconButton } from "@radix-ui/themes";
import { Link } from "~/components/remix";
import { useId, type ReactNode } from "react";
import { Overlay } from "./Overlay";

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
  const titleId = useId();
  if (!open) return null;
  return (
    <Overlay
      layer="drawer"
      closeHref={closeHref}
      labelledBy={titleId}
      className={side === "bottom" ? "drawer drawer-bottom" : "drawer"}
      style={side === "bottom" ? undefined : { width: `min(${width}px, 100vw)` }}
    >
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
    </Overlay>
  );
}
