import { Callout, Link as RadixLink } from "@radix-ui/themes";
import { useLocation, useNavigate } from "@remix-run/react";
import { Link } from "~/components/remix";
import { useEffect } from "react";

/** spec 2 §9: after an add, about 1 s before returning to the list. */
export const RETURN_DELAY_MS = 1000;

/**
 * The success notice of an add page (savedThenReturn in toast.server.ts): the message as a toast, then back to the
 * list after about 1 s. Without JavaScript the response's Refresh header returns; the link back is there either way,
 * unless the page is that list already.
 */
export function SavedThenReturn({
  saved,
  backLabel = "Back to the list",
}: {
  saved: { message: string; to: string; delayMs?: number };
  backLabel?: string;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  // a drawer over the list (shops, influencers) is already on the list: no link back to it
  const onTheList = new URL(saved.to, "http://x").pathname === location.pathname;
  const delay = saved.delayMs ?? RETURN_DELAY_MS;
  useEffect(() => {
    const timer = setTimeout(() => navigate(saved.to), delay);
    return () => clearTimeout(timer);
  }, [saved.to, delay, navigate]);
  return (
    <div role="status" aria-live="polite" className="toast-region" data-testid="toast">
      <Callout.Root color="green" variant="surface" size="1">
        <Callout.Text>
          {saved.message}
          {onTheList ? null : (
            <>
              .{" "}
              <RadixLink asChild>
                <Link to={saved.to}>{backLabel}</Link>
              </RadixLink>
            </>
          )}
        </Callout.Text>
      </Callout.Root>
    </div>
  );
}
