import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { formatMessage, type MessageResponse } from "stream-chat";
import { ChannelListItemTimestamp, DateSeparator, MessageTimestamp, TranslationProvider } from "stream-chat-react";
import { describe, expect, it } from "vitest";
import { ChannelPane } from "../../app/components/chat/ChannelPane";
import { chatI18n } from "../../app/lib/chat-time";
import type { ChannelView } from "../../app/lib/chat";

// A message's time reads the same in the server-rendered chat (no JavaScript) and in stream-chat-react (the island
// that replaces it): DD/MM/YYYY, hh:mm A in the marketplace's zone (spec 1 §9), not stream-chat-react's 24-hour
// default. The channel list's last-message time likewise; stream-chat-react's date separators show DD/MM/YYYY.

/** The texts of the markup's <time> elements. */
const times = (html: string) => [...html.matchAll(/<time[^>]*>([^<]*)<\/time>/g)].map((m) => m[1]);

async function island(element: ReactElement) {
  const { t, tDateTimeParser } = await chatI18n().getTranslators();
  return renderToStaticMarkup(
    <TranslationProvider value={{ t, tDateTimeParser, userLanguage: "en" }}>{element}</TranslationProvider>,
  );
}

function pane(createdAt: string) {
  const channel: ChannelView = {
    cid: "messaging:abc",
    type: "messaging",
    name: "Ada",
    image: null,
    group: false,
    members: [],
    messages: [
      {
        id: "m1",
        text: "Hello",
        user: { id: "u1", name: "Ada", image: null },
        mine: false,
        createdAt,
        attachments: [],
        deleted: false,
      },
    ],
    olderThan: null,
    canWrite: false,
  };
  return renderToStaticMarkup(
    <StaticRouter location="/app/chat">
      <ChannelPane channel={channel} olderHref={() => "/app/chat"} inputHidden />
    </StaticRouter>,
  );
}

// an afternoon, and a time that is the previous day in UTC but the next morning in the marketplace's zone
const WHEN = ["2026-03-05T04:07:00.000Z", "2026-11-28T13:30:00.000Z"];

describe("chat message times", () => {
  it.each(WHEN)("%s: the server-rendered pane and stream-chat-react's message show the same text", async (at) => {
    const [server] = times(pane(at));
    const message = formatMessage({ id: "m1", text: "Hello", created_at: at, type: "regular" } as MessageResponse);
    const [live] = times(await island(<MessageTimestamp message={message} />));
    expect(server).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} (AM|PM)$/);
    expect(live).toBe(server);
  });

  it("the channel list's last message time and the date separators follow the same formats", async () => {
    const message = formatMessage({ id: "m1", text: "Hi", created_at: WHEN[1], type: "regular" } as MessageResponse);
    const [preview] = times(await island(<ChannelListItemTimestamp lastMessage={message} />));
    expect(preview).toBe(times(pane(WHEN[1]))[0]);
    const separator = await island(<DateSeparator date={new Date(WHEN[1])} />);
    expect(separator).toContain(`>${preview.slice(0, 10)}<`);
  });
});
