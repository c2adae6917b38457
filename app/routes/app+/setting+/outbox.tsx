import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Badge, Button, Callout, Flex, Heading, Table, Text } from "@radix-ui/themes";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { apiFor, listQuery, pageNotFound } from "~/services/api.server";
import { DISPLAY_TIME_ZONE, formatDate } from "~/lib/format";
import { GeneralError } from "~/components/layout/GeneralError";

export const handle = { roles: ["admin"] as const, title: "SMS outbox" };
export const meta: MetaFunction = () => [{ title: "SMS outbox" }];

const time = new Intl.DateTimeFormat("en-AU", {
  timeZone: DISPLAY_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
/** DD/MM/YYYY HH:mm in the console's display zone. */
const sentAt = (iso: string) => `${formatDate(iso)} ${time.format(new Date(iso))}`;

// ARCHITECTURE §6: admins read the demo outbox; it does not exist once a real SMS provider is configured
export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await apiFor(request, { roles: handle.roles });
  const query = listQuery(request, { sort: "createdAt", limit: 25 });
  const result = await api.get("sms/outbox", query);
  if (result.httpStatus === 404) throw pageNotFound();
  const now = Date.now();
  const messages = (result.data ?? []).map((m) => ({
    ...m,
    sentAt: sentAt(m.createdAt),
    expires: sentAt(m.expiresAt),
    minutesLeft: Math.max(1, Math.ceil((new Date(m.expiresAt).getTime() - now) / 60_000)),
  }));
  return json(
    { messages, count: result.count ?? 0, isNext: !!result.isNext, page: query.skip / query.limit + 1 },
    { headers: api.headers },
  );
}

export default function Outbox() {
  const { messages, count, isNext, page } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const pageUrl = (n: number) => {
    const next = new URLSearchParams(params);
    if (n > 1) next.set("page", String(n));
    else next.delete("page");
    const qs = next.toString();
    return qs ? `?${qs}` : "?";
  };
  return (
    <Flex direction="column" gap="4">
      <Flex justify="between" align="center" wrap="wrap" gap="3">
        <Heading as="h2" size="5">
          SMS outbox
        </Heading>
        <Button asChild variant="soft">
          <a href={pageUrl(page)}>Refresh</a>
        </Button>
      </Flex>
      <Callout.Root color="amber" role="note">
        <Callout.Text>
          Demo outbox: these text messages are not sent. No SMS provider is configured, so each text is kept here only
          while its code lives (10 minutes), then it is deleted. Configure Twilio to send real texts; this page then
          disappears.
        </Callout.Text>
      </Callout.Root>
      {messages.length ? (
        <Table.Root variant="surface" aria-label="Messages">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>To</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Message</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Sent at</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Expires</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {messages.map((m) => (
              <Table.Row key={m._id} data-testid="outbox-message">
                <Table.RowHeaderCell>
                  <Text style={{ whiteSpace: "nowrap" }}>{m.to}</Text>
                </Table.RowHeaderCell>
                <Table.Cell>{m.body}</Table.Cell>
                <Table.Cell style={{ whiteSpace: "nowrap" }}>{m.sentAt}</Table.Cell>
                <Table.Cell style={{ whiteSpace: "nowrap" }}>
                  {m.expires}{" "}
                  <Badge color="gray" variant="soft">
                    in {m.minutesLeft} min
                  </Badge>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      ) : (
        <Text color="gray">
          No live messages. A sign-in code requested at /auth/shopkeeper/login shows up here for 10 minutes.
        </Text>
      )}
      {page > 1 || isNext ? (
        <Flex gap="3" align="center" justify="end">
          <Text size="2" color="gray">
            {count} messages
          </Text>
          {page > 1 ? (
            <Button asChild variant="outline" size="1">
              <a href={pageUrl(page - 1)}>Newer</a>
            </Button>
          ) : null}
          {isNext ? (
            <Button asChild variant="outline" size="1">
              <a href={pageUrl(page + 1)}>Older</a>
            </Button>
          ) : null}
        </Flex>
      ) : null}
    </Flex>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
