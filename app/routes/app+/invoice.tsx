import type { MetaFunction } from "@remix-run/node";
import { Badge, Card, Flex, Heading, Separator, Table, Text } from "@radix-ui/themes";
import { staticPageLoader } from "~/services/static-pages.server";
import { GeneralError } from "~/components/layout/GeneralError";
import { DemoNote } from "~/components/layout/DemoNote";

// spec 1 §2, spec 2 §2: an invoice sample page for admins, static placeholder content with no product behaviour
export const handle = { roles: ["admin"] as const, title: "Invoice" };
export const meta: MetaFunction = () => [
  { title: "Invoice" },
  { name: "description", content: "A sample invoice layout (placeholder content)." },
];

export const loader = staticPageLoader;

const PARTIES = [
  { role: "BILLED TO", name: "Sample Customer", address: "1 Example Street, Sydney NSW 2000" },
  { role: "FROM", name: "Sample Shop", address: "2 Placeholder Road, Melbourne VIC 3000" },
];

const LINES = [
  { item: "Sample item A", quantity: 2, unit: "25.00", total: "50.00" },
  { item: "Sample item B", quantity: 1, unit: "40.00", total: "40.00" },
  { item: "Sample service C", quantity: 3, unit: "10.00", total: "30.00" },
];

export default function Invoice() {
  return (
    <Flex direction="column" gap="4">
      <Heading as="h1" size="6">
        Invoice
      </Heading>
      <DemoNote what="invoice" />
      <Card size="3">
        <Flex justify="between" align="start" wrap="wrap" gap="4">
          <div>
            <Heading as="h2" size="6">
              Invoice #INV-0000
            </Heading>
            <Text as="p" size="2" color="gray">
              Issued 01/01/2026 · Due 15/01/2026
            </Text>
          </div>
          <Badge color="gray" size="2">
            Sample
          </Badge>
        </Flex>
        <Separator size="4" my="4" />
        <Flex gap="5" wrap="wrap">
          {PARTIES.map((party) => (
            <div key={party.role}>
              <Text as="p" size="1" weight="bold" color="gray">
                {party.role}
              </Text>
              <Text as="p">{party.name}</Text>
              <Text as="p" size="2" color="gray">
                {party.address}
              </Text>
            </div>
          ))}
        </Flex>
        <Table.Root variant="surface" mt="4" aria-label="Invoice lines">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Item</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Quantity</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Unit price (AUD)</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Amount (AUD)</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {LINES.map((line) => (
              <Table.Row key={line.item}>
                <Table.RowHeaderCell>{line.item}</Table.RowHeaderCell>
                <Table.Cell justify="end">{line.quantity}</Table.Cell>
                <Table.Cell justify="end">{line.unit}</Table.Cell>
                <Table.Cell justify="end">{line.total}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
        <Flex direction="column" align="end" gap="1" mt="4">
          <Text size="2">Subtotal 120.00</Text>
          <Text size="2">GST (10 %) 12.00</Text>
          <Text weight="bold">Total 132.00</Text>
        </Flex>
      </Card>
    </Flex>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
