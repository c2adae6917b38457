import { Callout, Link as RadixLink } from "@radix-ui/themes";
import { Flex, Text } from "~/components/plain";
import { useLocation } from "@remix-run/react";
import { Link } from "~/components/remix";
import { listHref } from "~/lib/url-state";

/**
 * A list's empty state: what is empty and the way out. A page past the end (of a search too: it matched some) offers
 * the first page; a search or filter that matched nothing offers to clear them (`clear` names the params).
 */
export function ListEmpty({
  noun,
  filtered,
  count,
  clear,
  filteredText,
}: {
  noun: string;
  filtered: boolean;
  count: number;
  clear: readonly string[];
  filteredText?: string;
}) {
  const location = useLocation();
  return (
    <Flex direction="column" align="center" gap="2" py="6">
      <Text size="3" weight="medium">
        {count
          ? `No ${noun} on this page`
          : filtered
            ? `No ${noun} match ${filteredText ?? "your search"}`
            : `No ${noun} yet`}
      </Text>
      {count ? (
        <RadixLink asChild size="2">
          <Link to={listHref(location, { page: null })}>Go to the first page</Link>
        </RadixLink>
      ) : filtered ? (
        <RadixLink asChild size="2">
          <Link to={listHref(location, Object.fromEntries(clear.map((param) => [param, null])))}>
            {clear.length > 1 ? "Clear search and filters" : "Clear the search"}
          </Link>
        </RadixLink>
      ) : null}
    </Flex>
  );
}

/** A list the API refused (e.g. a hand-edited URL): its message and the way back to the plain list. */
export function ListError({ message }: { message: string | null }) {
  const location = useLocation();
  return (
    <Callout.Root color="red" role="alert">
      <Callout.Text>
        {message}{" "}
        <RadixLink asChild>
          <Link to={location.pathname}>Show the full list</Link>
        </RadixLink>
      </Callout.Text>
    </Callout.Root>
  );
}
