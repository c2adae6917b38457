import type { ReactNode } from "react";

/**
 * Radix Themes' Callout (size 1) as the markup it renders, with its classes, so it looks the same: the component's
 * code would otherwise be in every page's first load through the toast, over the lean pages' budget (ADR 0010).
 */
export function PlainCallout({
  color,
  variant = "soft",
  role,
  id,
  children,
  details,
}: {
  color: "red" | "green";
  variant?: "soft" | "surface";
  role?: "alert";
  id?: string;
  children: ReactNode;
  /** lines under the text, as a list */
  details?: ReactNode;
}) {
  return (
    <div data-accent-color={color} role={role} id={id} className={`rt-CalloutRoot rt-r-size-1 rt-variant-${variant}`}>
      <p className="rt-Text rt-r-size-2 rt-CalloutText">{children}</p>
      {details}
    </div>
  );
}
