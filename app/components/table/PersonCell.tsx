import type { ReactNode } from "react";
import { Flex, Text } from "~/components/plain";

type Person = { fName: string; lName?: string | null; image?: string | null };

const initialsOf = (person: Person) =>
  `${person.fName.trim().slice(0, 1)}${(person.lName ?? "").trim().slice(0, 1)}`.toUpperCase() || "?";

/**
 * A round picture with the person's initials behind it. Server-rendered (Radix's Avatar draws its fallback
 * only after hydration), so lists show initials without JavaScript; a picture that fails to load reveals them.
 */
export function PersonAvatar({ person, size = 32 }: { person: Person; size?: number }) {
  return (
    <span
      className="person-avatar"
      style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }}
      aria-hidden="true"
    >
      {initialsOf(person)}
      {person.image ? <img src={person.image} alt="" loading="lazy" /> : null}
    </span>
  );
}

/**
 * Avatar and full name: the first cell of the people lists (users, influencers, staff, customers). Rendered once per
 * row, so Radix's markup without its prop work (plain.tsx).
 */
export function PersonCell({ person, children }: { person: Person; children?: ReactNode }) {
  return (
    <Flex align="center" gap="2">
      <PersonAvatar person={person} />
      <Flex direction="column">
        <Text weight="medium">{`${person.fName} ${person.lName ?? ""}`.trim()}</Text>
        {children}
      </Flex>
    </Flex>
  );
}
