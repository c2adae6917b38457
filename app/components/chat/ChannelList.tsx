import { Form, Link } from "~/components/remix";
import { formatDateTime } from "~/lib/format";
import { CHAT_PARAMS, SEARCH_NAME_CHARS, truncate, type ChannelListView } from "~/lib/chat";
import { ChatAvatar } from "./ChatAvatar";

/**
 * The channel list, server-rendered (spec 2 Chat panel, §9): sorted by last message, 10 a page (`cpage` in the URL),
 * previews truncated at 60, a channel search by name (`csearch`, a GET form; names truncated at 25) hidden for shop
 * owners.
 *
 * Props:
 * - `list`: as `loadChannelList` (app/services/chat.server.ts) answers it.
 * - `selected`: the open channel's cid (marked current).
 * - `href(params)`: the URL with these chat parameters set (null removes one); used for channel, page and search.
 * - `showSearch`: false for shop owners.
 */
export function ChannelList({
  list,
  selected,
  href,
  showSearch,
}: {
  list: ChannelListView;
  selected?: string | null;
  href: (params: Partial<Record<keyof typeof CHAT_PARAMS, string | null>>) => string;
  showSearch: boolean;
}) {
  return (
    <nav className="chat-list" aria-label="Channels">
      {showSearch ? (
        <Form method="get" className="chat-search" role="search">
          {selected ? <input type="hidden" name={CHAT_PARAMS.channel} value={selected} /> : null}
          <label className="chat-visually-hidden" htmlFor="chat-search">
            Search channels
          </label>
          <input
            id="chat-search"
            type="search"
            name={CHAT_PARAMS.search}
            defaultValue={list.search}
            placeholder="Search"
          />
          <button type="submit">Search</button>
        </Form>
      ) : null}
      {list.items.length === 0 ? (
        <p className="chat-empty">{list.search ? "No channels found" : "No chats yet"}</p>
      ) : null}
      <ul>
        {list.items.map((c) => (
          <li key={c.cid}>
            <Link
              to={href({ channel: c.cid, before: null })}
              className="chat-list-item"
              aria-current={c.cid === selected ? "page" : undefined}
            >
              <ChatAvatar person={c} size={40} />
              <span className="chat-list-text">
                <span className="chat-list-name">{list.search ? truncate(c.name, SEARCH_NAME_CHARS) : c.name}</span>
                <span className="chat-list-preview">{c.preview}</span>
              </span>
              <span className="chat-list-meta">
                {c.lastMessageAt ? <time dateTime={c.lastMessageAt}>{formatDateTime(c.lastMessageAt)}</time> : null}
                {c.unread ? (
                  <span className="chat-unread" aria-label={`${c.unread} unread`}>
                    {c.unread}
                  </span>
                ) : null}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {list.page > 1 || list.isNext ? (
        <div className="chat-pages">
          {list.page > 1 ? <Link to={href({ page: String(list.page - 1) })}>Previous</Link> : <span />}
          <span>Page {list.page}</span>
          {list.isNext ? <Link to={href({ page: String(list.page + 1) })}>Next</Link> : <span />}
        </div>
      ) : null}
    </nav>
  );
}

/** The href builder a page passes to ChannelList: the current URL with chat parameters set or removed. */
export function chatHref(url: string) {
  return (params: Partial<Record<keyof typeof CHAT_PARAMS, string | null>>) => {
    const u = new URL(url, "http://x");
    for (const [key, value] of Object.entries(params)) {
      const name = CHAT_PARAMS[key as keyof typeof CHAT_PARAMS];
      if (value) u.searchParams.set(name, value);
      else u.searchParams.delete(name);
    }
    return `${u.pathname}${u.search}`;
  };
}
