import { Button } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { Link } from "~/components/remix";

/**
 * The grey button that leaves a dialog, a drawer or a form without posting (Cancel, Close, Back): a link, so it works
 * without JavaScript, and it keeps the scroll position of the page underneath.
 */
export function DismissLink({ to, children, size = "2" }: { to: string; children: ReactNode; size?: "1" | "2" | "3" }) {
  return (
    <Button asChild size={size} variant="soft" color="gray">
      <Link to={to} preventScrollReset>
        {children}
      </Link>
    </Button>
  );
}
