import type { ChatPerson } from "~/lib/chat";

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0])
    .join("")
    .toUpperCase() || "?";

/** A round picture with the initials behind it (server-rendered; the picture loads lazily). */
export function ChatAvatar({ person, size = 32 }: { person: Pick<ChatPerson, "name" | "image">; size?: number }) {
  return (
    <span className="chat-avatar" style={{ width: size, height: size }} aria-hidden="true">
      {initials(person.name)}
      {person.image ? <img src={person.image} alt="" loading="lazy" /> : null}
    </span>
  );
}
