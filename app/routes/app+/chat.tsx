import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Heading } from "@radix-ui/themes";
import { apiFor, loaderData } from "~/services/api.server";
import { chatSendAction, chatSession, loadChannel, loadChannelList } from "~/services/chat.server";
import { CHAT_NOTHING_SELECTED, CHAT_PARAMS } from "~/lib/chat";
import { ChannelList, chatHref } from "~/components/chat/ChannelList";
import { ChannelPane, beforeHref } from "~/components/chat/ChannelPane";
import { ChannelMembers } from "~/components/chat/ChannelMembers";
import { ChatIsland } from "~/components/chat/ChatIsland";
import { GeneralError } from "~/components/layout/GeneralError";
import chatCss from "~/styles/chat.css?url";

// spec 2 Chat panel, spec 1 Shop-owner chat: the channel list (by last message, 10 a page) and the selected channel
// (`?channel=<cid>`), with a members panel for group channels. Server-rendered and usable without JavaScript; the
// ChatIsland swaps in stream-chat-react once connected. Staff need the chat module's direct chat.
export const handle = {
  roles: ["admin", "shopOwner", "staff"] as const,
  staff: ["chat:direct-chat"] as const,
  title: "Chat",
};
export const meta: MetaFunction = () => [{ title: "Chat" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: chatCss }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, user } = await apiFor(request, handle);
  const chat = await chatSession(api, request);
  if (!chat) throw new Response("Page not found", { status: 404 });
  const url = new URL(request.url);
  const cid = url.searchParams.get(CHAT_PARAMS.channel);
  const [list, channel] = await Promise.all([
    loadChannelList(chat, url),
    cid ? loadChannel(chat, cid, url.searchParams.get(CHAT_PARAMS.before)) : null,
  ]);
  return loaderData(
    {
      list,
      channel,
      showSearch: user.role.role !== "shopOwner",
      url: `${url.pathname}${url.search}`,
      before: url.searchParams.get(CHAT_PARAMS.before),
    },
    api.headers,
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await apiFor(request, handle);
  const cid = new URL(request.url).searchParams.get(CHAT_PARAMS.channel) ?? undefined;
  return chatSendAction(api, request, cid);
}

export default function ChatPage() {
  const { list, channel, showSearch, url, before } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const href = chatHref(url);
  return (
    <>
      <Heading as="h1" size="6" mb="4">
        Chat
      </Heading>
      <ChatIsland cid={channel?.cid ?? null} list showSearch={showSearch} search={list.search}>
        <div className={channel?.group ? "chat-screen with-members" : "chat-screen"}>
          <ChannelList list={list} selected={channel?.cid} href={href} showSearch={showSearch} />
          {channel ? (
            <ChannelPane
              channel={channel}
              olderHref={(id) => beforeHref(url, id)}
              newestHref={before ? beforeHref(url, null) : null}
              error={answer && "error" in answer ? answer.error : null}
            />
          ) : (
            <p className="chat-empty">{CHAT_NOTHING_SELECTED}</p>
          )}
          {channel?.group ? <ChannelMembers members={channel.members} /> : null}
        </div>
      </ChatIsland>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
