import { Badge, Button, Callout, Heading, Text } from "@radix-ui/themes";
import { useLocation } from "@remix-run/react";
import { Form } from "~/components/remix";
import { CHAT_PARAMS } from "~/lib/chat";
import { STREAM_CHAT_FIELDS, STREAM_CHAT_INTENTS, type StreamChatView } from "~/lib/stream-chat";
import { ChannelPane, beforeHref } from "~/components/chat/ChannelPane";
import { ChatIsland } from "~/components/chat/ChatIsland";

/**
 * The stream viewer's live chat (spec 3 §2): the stream's livestream channel in ChannelPane, which the ChatIsland
 * turns into stream-chat-react once connected (messages arrive live; a moderator deletes any message from its
 * message actions). Without JavaScript a moderator deletes a message with the form beside it. The input is hidden
 * once the stream is finished. Below, for moderators, the stream's viewers, each muted or unmuted in this stream by
 * a plain form (with JavaScript Remix posts it and reloads the viewer's data).
 */
export function StreamChatPane({ chat, error }: { chat: StreamChatView; error?: string | null }) {
  const location = useLocation();
  const url = `${location.pathname}${location.search}`;
  const olderShown = new URLSearchParams(location.search).has(CHAT_PARAMS.before);
  return (
    <section className="stream-viewer-chat" aria-label="Live chat">
      <Heading as="h3" size="3" mb="2">
        Live chat
      </Heading>
      {error ? (
        <Callout.Root color="red" size="1" mb="2" role="alert">
          <Callout.Text>{error}</Callout.Text>
        </Callout.Root>
      ) : null}
      {chat.channel ? (
        <>
          <ChatIsland cid={chat.channel.cid} inputHidden={chat.finished}>
            <ChannelPane
              channel={chat.channel}
              olderHref={(id) => beforeHref(url, id)}
              newestHref={olderShown ? beforeHref(url, null) : null}
              inputHidden={chat.finished}
              messageActions={
                chat.channel.canModerate ? (m) => (m.deleted ? null : <DeleteMessage id={m.id} />) : undefined
              }
            />
          </ChatIsland>
          {chat.viewers.length ? (
            <div className="stream-chat-viewers">
              <Heading as="h4" size="2" mt="3" mb="1">
                Viewers
              </Heading>
              <ul aria-label="Viewers">
                {chat.viewers.map((v) => (
                  <li key={v.id}>
                    <Text size="2">{v.name}</Text>
                    {v.muted ? (
                      <Badge color="red" size="1">
                        Muted
                      </Badge>
                    ) : null}
                    <Form method="post" preventScrollReset>
                      <input
                        type="hidden"
                        name="intent"
                        value={v.muted ? STREAM_CHAT_INTENTS.unmute : STREAM_CHAT_INTENTS.mute}
                      />
                      <input type="hidden" name={STREAM_CHAT_FIELDS.user} value={v.id} />
                      <Button
                        type="submit"
                        size="1"
                        variant="soft"
                        aria-label={`${v.muted ? "Unmute" : "Mute"} ${v.name}`}
                      >
                        {v.muted ? "Unmute" : "Mute"}
                      </Button>
                    </Form>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </>
      ) : (
        <Text as="p" size="2" color="gray">
          {chat.note}
        </Text>
      )}
    </section>
  );
}

/** A moderator's Delete beside a message (the server-rendered pane). */
function DeleteMessage({ id }: { id: string }) {
  return (
    <Form method="post" preventScrollReset className="chat-message-action">
      <input type="hidden" name="intent" value={STREAM_CHAT_INTENTS.delete} />
      <input type="hidden" name={STREAM_CHAT_FIELDS.message} value={id} />
      <button type="submit" aria-label="Delete message">
        Delete
      </button>
    </Form>
  );
}
