import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { HistoryLink } from "~/components/audit/HistoryLink";
import { Badge, Box, Button, Card, Flex, Heading, Table, Text } from "@radix-ui/themes";
import { useActionData, useLoaderData, useLocation, useNavigate, useParams } from "@remix-run/react";
import { Form, Link } from "~/components/remix";
import type { OrderDetail } from "#contract/orders/order-views-api";
import { orderDetailAction, orderDetailLoader } from "~/services/order-detail.server";
import { ORDERS_ACCESS, lineVariant } from "~/lib/orders";
import { ORDER_UI_MSG } from "#contract/orders/messages-orders-ui";
import { formatDate, formatMoney } from "~/lib/format";
import { PersonAvatar } from "~/components/table/PersonCell";
import { GeneralError } from "~/components/layout/GeneralError";
import { LineStatusDialog, lineDialogHref } from "~/components/order/LineStatusDialog";
import tableCss from "~/styles/table.css?url";
import orderCss from "~/styles/order.css?url";

// spec 2 §2 Order detail, §3 Order: buyer, address, lines, notes, totals and coupon discount; per shop the line status
// dialog and the quick tags (spec 2 §4), for people who may edit order statuses (staff: 'order status edit')
export const handle = { ...ORDERS_ACCESS, title: "Order" };
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.order ? `Order #${data.order.data.orderId}` : "Order" },
];
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tableCss },
  { rel: "stylesheet", href: orderCss },
];

export const loader = orderDetailLoader;
export const action = orderDetailAction;

type Line = OrderDetail["data"]["products"][number];
type ShopPart = OrderDetail["metadata"]["shops"][number];

/** Back: one page back with JavaScript (spec 2 §2), the list the user came from without it, or the campaign's dashboard. */
function BackLink({ back }: { back: { href: string; campaign: boolean } }) {
  const navigate = useNavigate();
  return (
    <Button asChild variant="ghost" color="gray">
      <Link
        to={back.href}
        onClick={(event) => {
          if (back.campaign || window.history.length < 2 || event.metaKey || event.ctrlKey) return;
          event.preventDefault();
          navigate(-1);
        }}
      >
        ← Back
      </Link>
    </Button>
  );
}

const phoneOf = (buyer: OrderDetail["data"]["buyerId"]) =>
  buyer.mobile ? `${buyer.countryCode ?? ""} ${buyer.mobile}`.trim() : "";
/** The id of the text saying why a quick tag is disabled. */
/** The Chat tag (spec 2 Order detail): opens the order's chat with this shop on the chat screen (a plain POST). */
function ChatTag({ shop }: { shop: ShopPart }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="chat" />
      <input type="hidden" name="shopId" value={shop._id} />
      <Button type="submit" size="1" variant="soft" color="blue" aria-label={`Chat with the buyer about ${shop.name}`}>
        Chat
      </Button>
    </Form>
  );
}

const blockId = (shop: ShopPart, tag: string) => `block-${shop._id}-${tag.replace(/ /g, "-")}`;

function QuickTags({ shop, canEdit }: { shop: ShopPart; canEdit: boolean }) {
  if (!canEdit) return null;
  // one reason for all three (every line of the shop refunded) is said once, beside the group
  const [first] = shop.quickTags;
  const shared =
    first?.blockedBy && shop.quickTags.every((q) => q.blockedBy === first.blockedBy) ? first.blockedBy : null;
  const sharedId = `block-${shop._id}`;
  return (
    <Flex direction="column" gap="1" align="end">
      <Flex
        gap="3"
        wrap="wrap"
        align="start"
        className="quick-tags"
        aria-label={`Quick tags for ${shop.name}`}
        role="group"
      >
        {shop.quickTags.map(({ tag, blockedBy }) => (
          <Form method="post" key={tag} preventScrollReset>
            <input type="hidden" name="intent" value="quick-tag" />
            <input type="hidden" name="shopId" value={shop._id} />
            <input type="hidden" name="shopStatus" value={tag} />
            <Flex direction="column" gap="1">
              <Button
                type="submit"
                size="1"
                variant="soft"
                disabled={!!blockedBy || shop.status === tag}
                aria-describedby={shared ? sharedId : blockedBy ? blockId(shop, tag) : undefined}
              >
                {tag}
              </Button>
              {blockedBy && !shared ? (
                <Text size="1" color="gray" id={blockId(shop, tag)} className="quick-tag-block">
                  {blockedBy}
                </Text>
              ) : null}
            </Flex>
          </Form>
        ))}
      </Flex>
      {shared ? (
        <Text size="1" color="gray" id={sharedId}>
          {shared}
        </Text>
      ) : null}
    </Flex>
  );
}

function LinesTable({ lines, canEdit }: { lines: Line[]; canEdit: boolean }) {
  const location = useLocation();
  return (
    <Table.Root variant="surface" className="data-table order-lines">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Product</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Variant</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell align="right">Price</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell align="right">Quantity</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell align="right">Tax</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell align="right">Net Amount</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
          {canEdit ? (
            <Table.ColumnHeaderCell>
              <span className="visually-hidden">Actions</span>
            </Table.ColumnHeaderCell>
          ) : null}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {lines.map((line) => (
          <Table.Row key={line._id} data-testid={`line-${line._id}`}>
            <Table.Cell>
              <Flex align="center" gap="2">
                {line.id.defaultImage ? (
                  <img src={line.id.defaultImage} alt="" width={40} height={40} className="line-image" loading="lazy" />
                ) : null}
                <Text weight="medium">{line.id.name}</Text>
              </Flex>
            </Table.Cell>
            <Table.Cell>{lineVariant(line)}</Table.Cell>
            <Table.Cell align="right">{formatMoney(line.price)}</Table.Cell>
            <Table.Cell align="right">{line.quantity}</Table.Cell>
            <Table.Cell align="right">{formatMoney(line.tax)}</Table.Cell>
            <Table.Cell align="right">{formatMoney(line.netAmount)}</Table.Cell>
            <Table.Cell>
              <Badge variant="soft">{line.shopStatus}</Badge>
              {line.isrefunded ? (
                <Text as="div" size="1" color="gray">
                  Refunded {formatMoney(line.refunded)}
                  {line.reason ? `: ${line.reason}` : ""}
                </Text>
              ) : null}
            </Table.Cell>
            {canEdit ? (
              <Table.Cell>
                {/* spec 2 §4: a refunded line disables the change button */}
                {line.isrefunded ? (
                  <Button size="1" variant="soft" disabled aria-label={`Change status of ${line.id.name}`}>
                    Change
                  </Button>
                ) : (
                  <Button asChild size="1" variant="soft">
                    <Link
                      to={lineDialogHref(location, line._id)}
                      preventScrollReset
                      aria-label={`Change status of ${line.id.name}`}
                    >
                      Change
                    </Link>
                  </Button>
                )}
              </Table.Cell>
            ) : null}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

function Totals({ order }: { order: OrderDetail["data"] }) {
  const rows: [string, string][] = [
    ["Subtotal", formatMoney(order.summary.subtotal)],
    ["Tax", formatMoney(order.summary.tax)],
    [
      order.couponCode ? `Coupon Discount (${order.couponCode})` : "Coupon Discount",
      order.summary.couponDiscount > 0 ? `-${formatMoney(order.summary.couponDiscount)}` : formatMoney(0),
    ],
    ["Total", formatMoney(order.summary.total)],
  ];
  if (order.summary.refunded > 0) rows.push(["Refunded", formatMoney(order.summary.refunded)]);
  return (
    <dl className="order-totals" aria-label="Totals">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function OrderDetailPage() {
  const { order, error, back, canEdit, canChat } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const params = useParams();
  if (!order) {
    return (
      <Box>
        <BackLink back={back} />
        <Text as="p" color="red" role="alert" mt="3">
          {error}
        </Text>
      </Box>
    );
  }
  const { data, metadata } = order;
  const orderId = params.id ?? "";
  const buyer = data.buyerId;
  return (
    <Box className="order-detail">
      <Flex align="center" justify="between" gap="3" wrap="wrap" mb="4">
        <Flex align="center" gap="3">
          <BackLink back={back} />
          <Heading as="h1" size="6">
            Order #{data.orderId}
          </Heading>
          <Badge variant="soft">{data.status}</Badge>
          <HistoryLink recordType="order" recordId={orderId} />
        </Flex>
        <Text color="gray" size="2">
          {formatDate(data.createdAt)} · {data.orderType === "offline" ? "Offline" : "Online"} order
        </Text>
      </Flex>

      <Flex gap="4" wrap="wrap" mb="4">
        <Card className="order-card">
          <Heading as="h2" size="3" mb="2">
            Buyer
          </Heading>
          <Flex align="center" gap="3">
            <PersonAvatar person={buyer} size={48} />
            <Flex direction="column">
              <Text weight="medium">{`${buyer.fName} ${buyer.lName}`.trim()}</Text>
              {buyer.email ? (
                <Text size="2" className="order-buyer-email">
                  {buyer.email}
                </Text>
              ) : null}
              {phoneOf(buyer) ? <Text size="2">{phoneOf(buyer)}</Text> : null}
            </Flex>
          </Flex>
        </Card>
        <Card className="order-card">
          <Heading as="h2" size="3" mb="2">
            Delivery Address
          </Heading>
          <Text as="p">{data.address.address}</Text>
          <Text as="p">{data.address.city}</Text>
        </Card>
        <Card className="order-card">
          <Heading as="h2" size="3" mb="2">
            Totals
          </Heading>
          <Totals order={data} />
        </Card>
      </Flex>

      {metadata.shops.map((shop) => (
        <Box key={shop._id} mb="5" asChild>
          <section aria-label={shop.name}>
            <Flex align="center" justify="between" gap="3" wrap="wrap" mb="2">
              <Heading as="h2" size="4">
                {shop.name} <Badge variant="soft">{shop.status}</Badge>
              </Heading>
              <Flex gap="3" align="start">
                {canChat && buyer.role !== "influencer" ? <ChatTag shop={shop} /> : null}
                <QuickTags shop={shop} canEdit={canEdit} />
              </Flex>
            </Flex>
            <LinesTable lines={data.products.filter((line) => line.shopId === shop._id)} canEdit={canEdit} />
          </section>
        </Box>
      ))}

      <Box asChild mb="4">
        <section aria-labelledby="order-notes">
          <Heading as="h2" size="4" id="order-notes" mb="2">
            Notes
          </Heading>
          {data.notes.length ? (
            <ul className="order-notes">
              {data.notes.map((note) => (
                <li key={note._id}>
                  <Text size="2">{note.note}</Text>{" "}
                  <Text size="1" color="gray">
                    {formatDate(note.createdAt)}
                  </Text>
                </li>
              ))}
            </ul>
          ) : (
            <Text as="p" color="gray">
              {ORDER_UI_MSG.noNotes}
            </Text>
          )}
        </section>
      </Box>

      {canEdit ? <LineStatusDialog lines={data.products} answer={answer} /> : null}
    </Box>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
