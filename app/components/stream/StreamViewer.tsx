import { Badge, Button, Callout, Flex, Heading, Text } from "@radix-ui/themes";
import { useLocation, useNavigation } from "@remix-run/react";
import { Form } from "~/components/remix";
import { useId } from "react";
import type { LiveRoom as LiveRoomData } from "#contract/streams/stream-room-api";
import type { StreamDetail } from "#contract/streams/streams-api";
import { STREAM_STATUS_LABELS } from "#contract/streams/streams";
import { formatDateTime, formatMoney } from "~/lib/format";
import { STREAM_STATUS_COLOR, cutName, likesText, playback } from "~/lib/streams";
import { Overlay } from "~/components/layout/Overlay";
import { LiveRoom, useLiveRoom } from "./LiveRoom";
import { StreamPlayer } from "./StreamPlayer";
import { StreamChatPane } from "./StreamChatPane";
import type { StreamChatView } from "~/lib/stream-chat";
import { DismissLink } from "~/components/layout/DismissLink";

/**
 * The stream viewer (spec 3 §2 Stream viewer): a large dialog titled "{name}'s Stream" over the list, opened by the URL
 * (?dialog=view&id=…), so without JavaScript it is the same page with a plain <video>. The video with its like counter,
 * the stream's products, and Archive / Unarchive for those who may schedule streams. The live chat pane (`chat`) for
 * owners, admins and staff with 'stream chat'.
 * While the stream is broadcasting, its live room shows its sales as they happen (ADR 0040).
 */
export function StreamViewer({
  stream,
  room,
  closeHref,
  canArchive,
  error,
  chat,
  chatError,
}: {
  stream: StreamDetail;
  room: LiveRoomData | null;
  closeHref: string;
  canArchive: boolean;
  error?: string | null;
  /** the live chat pane; none for those who may not see it */
  chat?: StreamChatView | null;
  /** the last chat form's refusal */
  chatError?: string | null;
}) {
  const navigation = useNavigation();
  const location = useLocation();
  const titleId = useId();
  const media = playback(stream);
  const title = `${stream.name}'s Stream`;
  const archived = stream.status === "archived";
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "archive";
  // a broadcasting stream's room: its figures as they change, the like counter's too
  const { live, connected } = useLiveRoom(stream.status === "broadcasting" ? room : null);
  const likes = live?.likes ?? stream.likes;
  // the products pane shows the stock the live room shows (both key a stream product by its own id)
  const liveStock = new Map(live?.products.map((p) => [p._id, p.stock]));
  return (
    <Overlay layer="dialog" closeHref={closeHref} labelledBy={titleId} className="stream-viewer" testId="stream-viewer">
      <Flex align="center" justify="between" gap="3" mb="3" wrap="wrap">
        <Flex align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="5" id={titleId}>
            {title}
          </Heading>
          <Badge color={STREAM_STATUS_COLOR[stream.status]} data-testid="viewer-status">
            {STREAM_STATUS_LABELS[stream.status]}
          </Badge>
        </Flex>
        <Text size="2" color="gray">
          {formatDateTime(stream.startDateAndTime)} · {stream.streamer.fName} {stream.streamer.lName}
        </Text>
      </Flex>
      <div className={chat ? "stream-viewer-panes with-chat" : "stream-viewer-panes"}>
        {chat ? <StreamChatPane chat={chat} error={chatError} /> : null}
        <section className="stream-viewer-video" aria-label="Video">
          {media ? (
            <StreamPlayer key={media.src} src={media.src} live={media.live} title={title} />
          ) : (
            <Text color="gray">This stream has no video yet.</Text>
          )}
          <p className="stream-likes" data-testid="stream-likes" title={`${likes} likes`}>
            <span aria-hidden="true">♥</span> {likesText(likes)} <span className="visually-hidden">likes</span>
          </p>
        </section>
        <section className="stream-viewer-products" aria-label="Products">
          <Heading as="h3" size="3" mb="2">
            Products
          </Heading>
          {stream.products.length === 0 ? (
            <Text as="p" size="2" color="gray">
              No products in this stream.
            </Text>
          ) : (
            <ul className="stream-products" data-testid="stream-products">
              {stream.products.map((p) => (
                <li key={p._id} className="stream-product">
                  {p.productId.defaultImage ? (
                    <img src={p.productId.defaultImage} alt="" width={48} height={48} loading="lazy" />
                  ) : (
                    <span className="stream-product-noimage" />
                  )}
                  <div>
                    <Text as="p" size="2" weight="medium" title={p.productId.name}>
                      {cutName(p.productId.name)}
                    </Text>
                    <Text as="p" size="1" color="gray" data-testid="stream-product-stock">
                      Stock: {liveStock.get(p._id) ?? p.productId.stock}
                    </Text>
                    <Text as="p" size="2">
                      {p.discountPrice !== null ? (
                        <>
                          <s className="stream-price-was">{formatMoney(p.productId.price)}</s>{" "}
                          <strong data-testid="promotion-price">{formatMoney(p.discountPrice)}</strong>
                        </>
                      ) : (
                        formatMoney(p.productId.price)
                      )}
                    </Text>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      {stream.status === "broadcasting" && live ? (
        <LiveRoom live={live} connected={connected} refreshHref={`${location.pathname}${location.search}`} />
      ) : null}
      {error ? (
        <Callout.Root color="red" size="1" mt="3" role="alert">
          <Callout.Text>{error}</Callout.Text>
        </Callout.Root>
      ) : null}
      <Flex gap="3" justify="end" mt="4">
        <DismissLink to={closeHref}>Close</DismissLink>
        {canArchive ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="archive" />
            <input type="hidden" name="id" value={stream._id} />
            <input type="hidden" name="status" value={archived ? (stream.archiveStatus ?? "created") : "archived"} />
            {archived ? null : <input type="hidden" name="archiveStatus" value={stream.status} />}
            <Button type="submit" loading={submitting}>
              {archived ? "Unarchive" : "Archive"}
            </Button>
          </Form>
        ) : null}
      </Flex>
    </Overlay>
  );
}
