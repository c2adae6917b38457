import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Box, Callout, Heading, Text } from "@radix-ui/themes";
import { useLoaderData } from "@remix-run/react";
import { GeneralError } from "~/components/layout/GeneralError";
import setStreamCss from "~/styles/set-stream.css?url";
import { config } from "~/services/config.server";

// spec 1 §2 (public, contents not given) and spec 3 §2: how to find the stream URL and key on each platform (ADR 0015)
export const meta: MetaFunction = () => [{ title: "How to Restream" }];
// the page's meta description (root renders it: app/lib/meta.ts)
export const handle = {
  description: "How to send a live stream to the marketplace from streaming software or another platform.",
};
export const links: LinksFunction = () => [{ rel: "stylesheet", href: setStreamCss }];

export async function loader(_: LoaderFunctionArgs) {
  return json({ brand: config().BRAND_NAME });
}

interface Platform {
  id: string;
  name: string;
  steps: string[];
  note?: string;
  /** the note the spec asks for (Facebook) is shown as a warning */
  warning?: string;
}

const PLATFORMS: Platform[] = [
  {
    id: "facebook",
    name: "Facebook",
    steps: [
      "Open Facebook on a computer and choose Live video (or go to Live Producer).",
      "Choose where to post (your profile or a Page you manage) and select Streaming software as the video source.",
      "Under Stream setup, copy the Server URL (it starts with rtmps://).",
      "Copy the Stream key shown next to it.",
      "Paste both into the restream settings of your stream, then start the stream here; Facebook shows the preview, and you press Go live there.",
    ],
    warning: "The Facebook stream key is valid for five hours. After that, copy a new key before you stream again.",
  },
  {
    id: "youtube",
    name: "YouTube",
    steps: [
      "Open YouTube Studio and choose Create, then Go live.",
      "Open the Stream tab (streaming software).",
      "Under Stream settings, copy the Stream URL (rtmp://a.rtmp.youtube.com/live2).",
      "Copy the Stream key (select Copy; it is hidden by default).",
      "Paste both into the restream settings of your stream and start streaming; YouTube goes live automatically when Auto-start is on.",
    ],
    note: "The first time you enable live streaming, YouTube can take up to 24 hours to activate it.",
  },
  {
    id: "instagram",
    name: "Instagram",
    steps: [
      "Use a professional (creator or business) account and open instagram.com on a computer.",
      "Select Create (+), then Live video.",
      "Give the broadcast a title, choose the audience and select Next.",
      "Copy the Stream URL and the Stream key Instagram shows.",
      "Paste both into the restream settings of your stream, start streaming, then select Go live on Instagram once the preview appears.",
    ],
    note: "Instagram creates a new stream key for every broadcast.",
  },
  {
    id: "tiktok",
    name: "TikTok",
    steps: [
      "Check that your account may go LIVE with streaming software (TikTok sets follower and age requirements).",
      "Open TikTok LIVE Center in a browser and choose Go LIVE or Stream key.",
      "Set the title and topic of the LIVE.",
      "Copy the Server URL and the Stream key.",
      "Paste both into the restream settings of your stream and start streaming; the LIVE starts when TikTok receives the video.",
    ],
    note: "TikTok issues a new stream key for each LIVE session.",
  },
  {
    id: "linkedin",
    name: "LinkedIn",
    steps: [
      "Check that your profile or Page has access to LinkedIn Live.",
      "Create an event (or a post) and choose LinkedIn Live with Custom stream (RTMP) as the broadcast tool.",
      "Open the event and select Go live settings (or Stream settings).",
      "Copy the Stream URL and the Stream key.",
      "Paste both into the restream settings of your stream and start streaming, then select Go live on LinkedIn.",
    ],
  },
  {
    id: "twitter",
    name: "Twitter",
    steps: [
      "Open Media Studio (X Media Studio) and choose Producer.",
      "Under Sources, create a source for your region.",
      "Copy the RTMP URL and the Stream key (RTMP stream name) of that source.",
      "Create a broadcast that uses the source.",
      "Paste both into the restream settings of your stream, start streaming, then select Go live in Producer.",
    ],
  },
];

export default function SetStream() {
  const { brand } = useLoaderData<typeof loader>();
  return (
    <main className="set-stream">
      <Box className="set-stream-card">
        <a href="/" className="set-stream-brand">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>{brand}</span>
        </a>
        <Heading as="h1" size="7" mt="4" mb="2">
          How to Restream
        </Heading>
        <Text as="p" color="gray" size="3" mb="4">
          To show your {brand} live stream on another platform at the same time, you need two things from that platform:
          the stream URL (the server address) and the stream key. Choose a platform to see where to find them.
        </Text>
        {/* native <details>: the accordion opens and closes without JavaScript */}
        <div className="set-stream-accordion">
          {PLATFORMS.map((p) => (
            <details key={p.id} id={p.id} className="set-stream-item" name="platform">
              <summary>{p.name}</summary>
              <div className="set-stream-body">
                <ol>
                  {p.steps.map((step) => (
                    <li key={step}>{step}</li>
                  ))}
                </ol>
                {p.warning ? (
                  <Callout.Root color="amber" size="1" role="note">
                    <Callout.Text>{p.warning}</Callout.Text>
                  </Callout.Root>
                ) : null}
                {p.note ? (
                  <Text as="p" size="2" color="gray">
                    {p.note}
                  </Text>
                ) : null}
              </div>
            </details>
          ))}
        </div>
        <Text as="p" size="2" color="gray" mt="4">
          Keep your stream keys private: anyone with a key can stream to your account.
        </Text>
      </Box>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
