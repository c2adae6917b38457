import { Button } from "@radix-ui/themes";
import type { ReactNode } from "react";

/**
 * Without JavaScript: posts the form's "refresh" step (unchecked), and the page answers with what a choice brings (the
 * next level's choices, the variation fields), everything typed kept. Hidden once scripts run: they do it at once.
 */
export function RefreshButton({
  children,
  size = "2",
  besideSelect,
}: {
  children: ReactNode;
  size?: "1" | "2";
  /** beside a labelled select: moved down to stand level with the select */
  besideSelect?: boolean;
}) {
  return (
    <Button
      type="submit"
      name="intent"
      value="refresh"
      formNoValidate
      variant="soft"
      size={size}
      mt={besideSelect ? "5" : undefined}
      className="no-js-only"
    >
      {children}
    </Button>
  );
}
