import { Heading, Text } from "@radix-ui/themes";
import { Link } from "~/components/remix";
import type { LiveRoom } from "#contract/streams/stream-room-api";
import { formatDateTime, formatMoney } from "~/lib/format";
import { cutName } from "~/lib/streams";
import { TableHead } from "~/components/layout/TableHead";

/**
 * The live room's figures and promoted products (ADR 0040). `connected`: an EventSource keeps them current
 * (said in place of the refresh link); otherwise they are those of `live.at`, with a link that reloads the viewer.
 */
export function LiveRoomPanel({
  live,
  refreshHref,
  connected,
}: {
  live: LiveRoom;
  refreshHref: string;
  connected: boolean;
}) {
  return (
    <section className="live-room" aria-labelledby="live-room-title" data-testid="live-room">
      <div className="live-room-head">
        <Heading as="h3" size="3" id="live-room-title">
          <span className="stream-live-dot" aria-hidden="true" /> Live room
        </Heading>
        {connected ? (
          <Text size="1" color="gray" data-testid="live-room-updating">
            Updating as orders arrive
          </Text>
        ) : (
          <Text size="1" color="gray">
            As of {formatDateTime(Date.parse(live.at))} ·{" "}
            <Link to={refreshHref} preventScrollReset data-testid="live-room-refresh">
              Refresh
            </Link>
          </Text>
        )}
      </div>
      <dl className="live-room-figures" aria-live="polite">
        <Figure label="Orders" value={String(live.ordersCount)} testId="live-orders" />
        <Figure label="Revenue" value={formatMoney(live.revenue)} testId="live-revenue" />
        <Figure label="Items sold" value={String(live.itemsSold)} testId="live-items" />
        <Figure label="Likes" value={String(live.likes)} testId="live-likes" />
        <Figure label="Viewers" value={String(live.viewersCount)} testId="live-viewers" />
      </dl>
      {live.products.length ? (
        <table className="live-room-products" data-testid="live-room-products">
          <TableHead columns={["Promoted product", "Sold", "Stock left"]} />
          <tbody>
            {live.products.map((p) => (
              <tr key={p._id}>
                <th scope="row" title={p.name}>
                  {cutName(p.name)}
                  {p.variant ? <span className="live-room-variant"> · {p.variant.replaceAll("_", " / ")}</span> : null}
                </th>
                <td>{p.unitsSold}</td>
                <td>{p.stock}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}
