import { Flex } from "@radix-ui/themes";
import { Link } from "~/components/remix";

/** A row of tab links (URL state): the current one bold and `aria-current="page"`; the page keeps its scroll. */
export function TabLinks<Id extends string>({
  label,
  tabs,
  current,
  hrefOf,
  spacing,
}: {
  label: string;
  tabs: readonly { id: Id; label: string }[];
  current: Id;
  hrefOf: (id: Id) => string;
  /** the row's margins: above and below, or below only */
  spacing: "around" | "below";
}) {
  return (
    <nav aria-label={label}>
      <Flex gap="3" my={spacing === "around" ? "3" : undefined} mb="3">
        {tabs.map((t) => (
          <Link
            key={t.id}
            to={hrefOf(t.id)}
            aria-current={t.id === current ? "page" : undefined}
            preventScrollReset
            style={{ fontWeight: t.id === current ? 700 : 400 }}
          >
            {t.label}
          </Link>
        ))}
      </Flex>
    </nav>
  );
}
