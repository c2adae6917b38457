import type { ChatPerson } from "~/lib/chat";
import { ChatAvatar } from "./ChatAvatar";

/** The members side panel of a group channel, server-rendered (spec 2 Chat panel). Props: `members` (loadChannel's). */
export function ChannelMembers({ members }: { members: ChatPerson[] }) {
  return (
    <aside className="chat-members" aria-label="Members">
      <h3>Members</h3>
      <ul>
        {members.map((m) => (
          <li key={m.id}>
            <ChatAvatar person={m} size={28} />
            <span>{m.name}</span>
          </li>
        ))}
      </ul>
    </aside>
  );
}
