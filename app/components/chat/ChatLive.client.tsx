import { useEffect, useMemo, useState } from "react";
import { StreamChat, type Channel as StreamChannel, type ChannelSort } from "stream-chat";
import {
  Channel,
  ChannelHeader,
  ChannelList,
  Chat,
  MessageComposer,
  MessageList,
  Window,
  renderText,
  useChannelStateContext,
  useChatContext,
  type RenderTextFunction,
} from "stream-chat-react";
import streamCss from "stream-chat-react/dist/css/index.css?url";
import type { ChatTokenData } from "#contract/chat/chat-api";
import { CHAT_LOADING, CHAT_NOTHING_SELECTED, CHAT_PARAMS, CHANNELS_PER_PAGE, shownText } from "~/lib/chat";
import { publishUnread } from "~/lib/chat-unread";
import { chatI18n } from "~/lib/chat-time";
import type { ChatIslandProps } from "./ChatIsland";

/** GET chat/token from the browser; the base URL's origin is the page's (ADR 0066 Consequences). */
async function chatToken(): Promise<ChatTokenData> {
  const response = await fetch("/api/chat/token", { credentials: "same-origin" });
  const body = (await response.json()) as { success: boolean; data: ChatTokenData; message: string };
  if (!body.success) throw new Error(body.message);
  const base = new URL(body.data.baseURL);
  const ours = new URL(base.pathname, window.location.origin).toString().replace(/\/$/, "");
  return { ...body.data, baseURL: base.host.endsWith("stream-io-api.com") ? body.data.baseURL : ours };
}

/** The signed-in user's connected client, or null while connecting. */
function useChatClient() {
  const [client, setClient] = useState<StreamChat | null>(null);
  const [error, setError] = useState<Error | null>(null);
  useEffect(() => {
    let live: StreamChat | null = null;
    let cancelled = false;
    chatToken()
      .then(async (t) => {
        if (cancelled) return;
        live = new StreamChat(t.apiKey, { baseURL: t.baseURL });
        // the Chat menu entry's count follows the user's unread total, which the service's events carry
        live.on((event) => {
          if (typeof event.total_unread_count === "number") publishUnread(event.total_unread_count);
        });
        const connected = await live.connectUser({ id: t.userId }, t.token);
        const total = connected?.me?.total_unread_count;
        if (typeof total === "number") publishUnread(total);
        if (!cancelled) setClient(live);
      })
      .catch((e: unknown) => !cancelled && setError(e instanceof Error ? e : new Error(String(e))));
    return () => {
      cancelled = true;
      void live?.disconnectUser();
    };
  }, []);
  if (error) throw error; // the island's boundary keeps the server-rendered chat
  return client;
}

/** Chat's dates and times as the server-rendered chat writes them (one instance for the page's chats). */
const i18n = chatI18n();

/** The message text as the spec shows it: attachment texts hidden, call messages named. */
const shownRender: RenderTextFunction = (text, mentioned, options) => {
  const shown = shownText(text ?? "");
  return shown ? renderText(shown, mentioned, options) : null;
};

const dataOf = (channel: StreamChannel) => (channel.data ?? {}) as Record<string, unknown>;

/** The members side panel of a group channel. */
function MembersPanel() {
  const { channel } = useChannelStateContext("MembersPanel");
  const members = Object.values(channel.state.members);
  const group = !!dataOf(channel).isGroup || members.length > 2;
  if (!group) return null;
  return (
    <aside className="chat-members" aria-label="Members">
      <h3>Members</h3>
      <ul>
        {members.map((m) => (
          <li key={m.user_id}>{m.user?.name ?? m.user_id}</li>
        ))}
      </ul>
    </aside>
  );
}

/** Keeps `?channel=` in the URL in step with the channel chosen in the live list (the URL holds the screen's state). */
function ChannelInUrl() {
  const { channel } = useChatContext("ChannelInUrl");
  useEffect(() => {
    if (!channel?.cid) return;
    const url = new URL(window.location.href);
    if (url.searchParams.get(CHAT_PARAMS.channel) === channel.cid) return;
    url.searchParams.set(CHAT_PARAMS.channel, channel.cid);
    url.searchParams.delete(CHAT_PARAMS.before);
    window.history.replaceState(window.history.state, "", url);
  }, [channel?.cid]);
  return null;
}

/** A channel with its messages, composer and members panel: `channel`, or the list's active one. */
function ChannelView({ channel, inputHidden }: { channel?: StreamChannel; inputHidden?: boolean }) {
  return (
    <Channel channel={channel} EmptyPlaceholder={<p className="chat-empty">{CHAT_NOTHING_SELECTED}</p>}>
      <div className="chat-live-channel">
        <Window>
          <ChannelHeader />
          <MessageList renderText={shownRender} />
          {inputHidden ? null : <MessageComposer />}
        </Window>
        <MembersPanel />
      </div>
    </Channel>
  );
}

/** One channel, watched (the customer page's Chat tab, the stream viewer's chat). */
function OneChannel({ client, cid, inputHidden }: { client: StreamChat; cid: string; inputHidden?: boolean }) {
  const [channel, setChannel] = useState<StreamChannel | null>(null);
  useEffect(() => {
    const at = cid.indexOf(":");
    const ch = client.channel(cid.slice(0, at), cid.slice(at + 1));
    let cancelled = false;
    ch.watch()
      .then(() => !cancelled && setChannel(ch))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [client, cid]);
  if (!channel) return <p role="status">{CHAT_LOADING}</p>;
  return (
    <Chat client={client} i18nInstance={i18n}>
      <ChannelView channel={channel} inputHidden={inputHidden} />
    </Chat>
  );
}

const SORT: ChannelSort = { last_message_at: -1 };

/** The live chat (ChatIsland's lazily loaded part). */
export default function ChatLive({ cid, list, showSearch, search, inputHidden, children }: ChatIslandProps) {
  const client = useChatClient();
  const me = client?.userID;
  const filters = useMemo(() => (showSearch || !me ? {} : { members: { $in: [me] } }), [showSearch, me]);
  const needle = (search ?? "").trim().toLowerCase();
  const css = <link rel="stylesheet" href={streamCss} />;
  if (!client)
    return (
      <>
        {css}
        <p role="status" className="chat-connecting">
          {CHAT_LOADING}
        </p>
        {children}
      </>
    );
  return (
    <div className="chat-live" data-chat-live="connected">
      {css}
      {list ? (
        <Chat client={client} i18nInstance={i18n}>
          <div className="chat-live-layout">
            <ChannelList
              filters={filters}
              sort={SORT}
              options={{ limit: CHANNELS_PER_PAGE, message_limit: 25 }}
              // the list finds the active channel by its id (not its cid), and asks for it when it is not on the first page
              customActiveChannel={cid ? cid.slice(cid.indexOf(":") + 1) : undefined}
              setActiveChannelOnMount={false}
              channelRenderFilterFn={
                needle
                  ? (chs) =>
                      chs.filter((c) =>
                        String(dataOf(c).name ?? "")
                          .toLowerCase()
                          .includes(needle),
                      )
                  : undefined
              }
            />
            <ChannelInUrl />
            <ChannelView inputHidden={inputHidden} />
          </div>
        </Chat>
      ) : cid ? (
        <OneChannel client={client} cid={cid} inputHidden={inputHidden} />
      ) : (
        <p className="chat-empty">{CHAT_NOTHING_SELECTED}</p>
      )}
    </div>
  );
}
