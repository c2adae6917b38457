import type { ReactNode } from "react";
import { Form, Link } from "~/components/remix";
import { formatDateTime } from "~/lib/format";
import {
  CHAT_ACCEPT,
  CHAT_PARAMS,
  CHAT_SEND_INTENT,
  shownText,
  type ChannelView,
  type ChatMessageView,
} from "~/lib/chat";
import { ChatAvatar } from "./ChatAvatar";

/**
 * One channel, server-rendered and working without JavaScript (spec 2 Customer detail Chat tab, Chat panel).
 *
 * Props:
 * - `channel`: the channel as `loadChannel` (app/services/chat.server.ts) answers it: newest 30 messages, oldest first.
 * - `olderHref(before)`: the URL of the page showing the messages before a message id (keep the page's other
 *   parameters; `?before=` is CHAT_PARAMS.before). Shown as "Older messages" when there are older ones.
 * - `newestHref`: the URL back to the newest messages, shown while looking at older ones.
 * - `action`: where the send form posts (default: the page itself). The page's action calls `sendFromForm` with the
 *   form data (fields `text`, `file`, and `cid`, which this form carries) and redirects back (reload to see new ones).
 * - `inputHidden`: no send form (a finished stream's chat).
 * - `error`: the last send's refusal, shown above the form.
 * - `messageActions(message)`: what a message offers besides its text (the stream viewer's Delete form), if anything.
 */
export function ChannelPane({
  channel,
  olderHref,
  newestHref,
  action,
  inputHidden = false,
  error,
  messageActions,
}: {
  channel: ChannelView;
  olderHref: (before: string) => string;
  newestHref?: string | null;
  action?: string;
  inputHidden?: boolean;
  error?: string | null;
  messageActions?: (message: ChatMessageView) => ReactNode;
}) {
  return (
    <section className="chat-pane" aria-label={`Chat: ${channel.name}`}>
      <header className="chat-pane-header">
        <ChatAvatar person={channel} size={36} />
        <h2>{channel.name}</h2>
      </header>
      <ol className="chat-messages" aria-label="Messages">
        {channel.olderThan ? (
          <li className="chat-older">
            <Link to={olderHref(channel.olderThan)}>Older messages</Link>
          </li>
        ) : null}
        {channel.messages.length === 0 ? <li className="chat-empty">No messages yet</li> : null}
        {channel.messages.map((m) => {
          const text = shownText(m.text);
          return (
            <li key={m.id} className={m.mine ? "chat-message mine" : "chat-message"} data-message-id={m.id}>
              {m.mine ? null : <ChatAvatar person={m.user ?? { name: "?", image: null }} />}
              <div className="chat-bubble">
                {m.mine ? null : <span className="chat-author">{m.user?.name ?? "Unknown"}</span>}
                {m.attachments.map((a) =>
                  a.kind === "image" ? (
                    <a key={a.url} href={a.url} target="_blank" rel="noreferrer">
                      <img className="chat-media" src={a.url} alt="Image" loading="lazy" />
                    </a>
                  ) : (
                    <video key={a.url} className="chat-media" src={a.url} controls preload="metadata">
                      <a href={a.url}>Video</a>
                    </video>
                  ),
                )}
                {text ? <p className={m.deleted ? "chat-text deleted" : "chat-text"}>{text}</p> : null}
                <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
                {messageActions?.(m)}
              </div>
            </li>
          );
        })}
        {newestHref ? (
          <li className="chat-older">
            <Link to={newestHref}>Newest messages</Link>
          </li>
        ) : null}
      </ol>
      {inputHidden || !channel.canWrite ? null : (
        <Form method="post" encType="multipart/form-data" action={action} className="chat-send" reloadDocument>
          {/* first, so a page reads it before the attachment (peekIntent) */}
          <input type="hidden" name="intent" value={CHAT_SEND_INTENT} />
          {error ? (
            <p role="alert" className="chat-error">
              {error}
            </p>
          ) : null}
          <input type="hidden" name="cid" value={channel.cid} />
          <label className="chat-visually-hidden" htmlFor="chat-text">
            Message
          </label>
          <textarea id="chat-text" name="text" rows={2} maxLength={5000} placeholder="Type your message" />
          <label className="chat-file">
            <span>Image or video</span>
            <input type="file" name="file" accept={CHAT_ACCEPT} />
          </label>
          <button type="submit">Send</button>
        </Form>
      )}
    </section>
  );
}

/** The href builder a page passes to ChannelPane: the current URL with `before` set (or removed). */
export function beforeHref(url: string, before: string | null) {
  const u = new URL(url, "http://x");
  if (before) u.searchParams.set(CHAT_PARAMS.before, before);
  else u.searchParams.delete(CHAT_PARAMS.before);
  return `${u.pathname}${u.search}`;
}
