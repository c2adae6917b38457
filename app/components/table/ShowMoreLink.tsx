import { Button } from "@radix-ui/themes";
import { Flex } from "~/components/plain";
import { useLocation } from "@remix-run/react";
import { Link } from "~/components/remix";
import { listHref } from "~/lib/url-state";

/**
 * A picker's "Show more" (the drawers of products): a link that raises how many are shown (`param` in the URL, at most
 * 100), so it works without JavaScript and the count survives a reload.
 */
export function ShowMoreLink({ param, shown, step }: { param: string; shown: number; step: number }) {
  const location = useLocation();
  return (
    <Flex justify="center" mt="3">
      <Button asChild variant="soft">
        <Link to={listHref(location, { [param]: Math.min(100, shown + step) })} preventScrollReset replace>
          Show more
        </Link>
      </Button>
    </Flex>
  );
}
