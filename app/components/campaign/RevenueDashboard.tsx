import { Suspense, lazy, type ReactNode } from "react";
import { HistoryLink } from "~/components/audit/HistoryLink";
import { useLocation, useNavigate } from "@remix-run/react";
import { Badge, Box, Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import type { CampaignRevenueType } from "#contract/campaigns/campaigns";
import type { CampaignEntity } from "#contract/campaigns/campaigns-api";
import type { CampaignCategorySales, CampaignStreamStats, CampaignTop, Revenue } from "#contract/campaigns/revenue-api";
import type { PayoutDetailRow, PayoutRow, Transaction } from "#contract/campaigns/payouts-api";
import { zoneDay } from "#contract/core/days";
import { Form, Link } from "~/components/remix";
import { Drawer } from "~/components/layout/Drawer";
import { DAY_FIELD, shownDay } from "~/components/form/day-field";
import { formatDate, formatDateTime, formatMoney } from "~/lib/format";
import { useHydrated } from "~/lib/hooks";

// spec 3 §2 Revenue dashboard. Each chart is a lazy island (react-apexcharts, fetched only on this page once scripts
// run); its figures are also a table, shown without JavaScript and visually hidden (for screen readers) with it.
const RevenueChart = lazy(() => import("./RevenueCharts.client"));

interface OrderRow {
  _id: string;
  orderId: number;
  createdAt: string;
  orderType: string;
  total: number;
  buyerId: { fName: string; lName: string };
}

export interface RevenueDashboardProps {
  campaign: CampaignEntity;
  back: string;
  type: CampaignRevenueType;
  rangeError: string | null;
  revenue: Revenue | null;
  streams: CampaignStreamStats | null;
  top: CampaignTop;
  categories: CampaignCategorySales["subcategoryBySale"];
  /** null: the user does not read orders (staff without the order module), so no Recent Orders panel */
  orders: OrderRow[] | null;
  payouts: PayoutRow[];
  drawer: { influencerId: string; detail: PayoutDetailRow[]; transactions: Transaction[] } | null;
}

const TYPE_LABEL: Record<CampaignRevenueType, string> = { product: "Product", stream: "Stream", total: "Total" };
const day = (d: string) => formatDate(`${d}T12:00:00Z`);

function Empty({ children = "No data" }: { children?: ReactNode }) {
  return (
    <Text as="p" size="2" color="gray" data-testid="dash-empty">
      {children}
    </Text>
  );
}

/** A dashboard table: one header per column (right-aligned for figures), one row per item, or the empty text. */
function DashTable<T>({
  rows,
  columns,
  rowKey,
  empty,
  testId,
}: {
  rows: T[];
  columns: { label: ReactNode; num?: boolean; cell: (row: T) => ReactNode }[];
  rowKey: (row: T, index: number) => string;
  empty?: string;
  testId?: string;
}) {
  if (rows.length === 0) return <Empty>{empty}</Empty>;
  return (
    <table className="dash-table" data-testid={testId}>
      <thead>
        <tr>
          {columns.map((c, i) => (
            <th key={i} scope="col" className={c.num ? "num" : undefined}>
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, r) => (
          <tr key={rowKey(row, r)}>
            {columns.map((c, i) => (
              <td key={i} className={c.num ? "num" : undefined}>
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Panel({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Card size="3" data-testid={testId}>
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4">
          {title}
        </Heading>
        {children}
      </Flex>
    </Card>
  );
}

/** A chart island with its table: the table is the page's (the figures without JavaScript), the chart the browser's. */
function ChartWithTable({
  kind,
  caption,
  labelHeader,
  rows,
}: {
  kind: "bar" | "donut";
  caption: string;
  labelHeader: string;
  rows: { label: string; value: number }[];
}) {
  const hydrated = useHydrated();
  return (
    <>
      {hydrated ? (
        <Suspense fallback={<div className="dash-chart" />}>
          <RevenueChart
            kind={kind}
            name={caption}
            labels={rows.map((r) => r.label)}
            values={rows.map((r) => r.value)}
          />
        </Suspense>
      ) : (
        <div className="dash-chart" />
      )}
      <div className="dash-figures">
        <table className="dash-table" data-testid={`dash-table-${kind}`}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{labelHeader}</th>
              <th scope="col" className="num">
                Revenue
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.label}>
                <th scope="row">{r.label}</th>
                <td className="num">{formatMoney(r.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function Figures({ items, label }: { items: [string, string][]; label: string }) {
  return (
    <dl
      className="dash-grid"
      aria-label={label}
      style={{ gridTemplateColumns: "repeat(auto-fit, minmax(120px, 1fr))" }}
    >
      {items.map(([name, value]) => (
        <Box key={name}>
          <Text as="div" size="1" color="gray">
            <dt>{name}</dt>
          </Text>
          <Text as="div" size="5" weight="bold">
            <dd style={{ margin: 0 }} data-testid={`figure-${name.toLowerCase().replace(/ /g, "-")}`}>
              {value}
            </dd>
          </Text>
        </Box>
      ))}
    </dl>
  );
}

/** The Weekly Revenue panel: total, bar chart by date, a GET form with the range (within the campaign) and the type. */
function WeeklyRevenue({ campaign, revenue, type, rangeError }: RevenueDashboardProps) {
  const first = campaign.start ? zoneDay(campaign.start) : null;
  const last = campaign.end ? zoneDay(campaign.end) : null;
  return (
    <Panel title="Weekly Revenue" testId="weekly-revenue">
      <Form method="get" className="dash-range" aria-label="Revenue date range" preventScrollReset>
        <label>
          <Text size="1" color="gray">
            Start
          </Text>
          <input name="start" defaultValue={shownDay(revenue?.start)} {...DAY_FIELD} />
        </label>
        <label>
          <Text size="1" color="gray">
            End
          </Text>
          <input name="end" defaultValue={shownDay(revenue?.end)} {...DAY_FIELD} />
        </label>
        <label>
          <Text size="1" color="gray">
            Type
          </Text>
          <select name="type" defaultValue={type}>
            {Object.entries(TYPE_LABEL).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" variant="soft">
          Show
        </Button>
      </Form>
      {first && last ? (
        <Text as="p" size="1" color="gray">
          Dates within the campaign: {day(first)} – {day(last)}
        </Text>
      ) : null}
      {rangeError ? (
        <Text color="red" role="alert" size="2">
          {rangeError}
        </Text>
      ) : null}
      {revenue ? (
        <>
          <Text as="p" size="2">
            Total ({day(revenue.start)} – {day(revenue.end)}):{" "}
            <Text weight="bold" size="5" data-testid="revenue-total">
              {formatMoney(revenue.revenueTotal.total)}
            </Text>
          </Text>
          <ChartWithTable
            kind="bar"
            caption="Revenue by date"
            labelHeader="Date"
            rows={revenue.revenueDateWise.map((d) => ({ label: day(d._id.createdAt), value: d.revenue }))}
          />
        </>
      ) : null}
    </Panel>
  );
}

function TopList({
  title,
  testId,
  rows,
}: {
  title: string;
  testId: string;
  rows: { _id: string; name: string; image: string | null; note: string; sale: number }[];
}) {
  return (
    <Panel title={title} testId={testId}>
      <DashTable
        rows={rows}
        rowKey={(r) => r._id}
        columns={[
          {
            label: "Name",
            cell: (r) => (
              <Flex gap="2" align="center">
                {r.image ? <img src={r.image} alt="" width={32} height={32} loading="lazy" /> : null}
                <span>
                  {r.name}
                  <Text as="div" size="1" color="gray">
                    {r.note}
                  </Text>
                </span>
              </Flex>
            ),
          },
          { label: "Sale", num: true, cell: (r) => formatMoney(r.sale) },
        ]}
      />
    </Panel>
  );
}

function RecentOrders({ orders, campaignId }: { orders: OrderRow[]; campaignId: string }) {
  return (
    <Panel title="Recent Orders" testId="recent-orders">
      <DashTable
        rows={orders}
        rowKey={(o) => o._id}
        empty="No orders yet"
        columns={[
          { label: "Order", cell: (o) => `#${o.orderId}` },
          { label: "Customer", cell: (o) => `${o.buyerId.fName} ${o.buyerId.lName}`.trim() },
          { label: "Date", cell: (o) => formatDateTime(o.createdAt) },
          { label: "Type", cell: (o) => o.orderType },
          { label: "Total", num: true, cell: (o) => formatMoney(o.total) },
          {
            label: <span className="visually-hidden">Actions</span>,
            // the order page's Back returns here (spec 3 §2: a flag that it came from a campaign, and its id)
            cell: (o) => (
              <Button asChild size="1" variant="soft">
                <Link
                  to={`/app/order/${o._id}?from=campaign&campaign=${campaignId}`}
                  aria-label={`View order #${o.orderId}`}
                >
                  View
                </Link>
              </Button>
            ),
          },
        ]}
      />
    </Panel>
  );
}

/** spec 3 §4 Payout status: upper case; 'Pending' with a green tag, any other with a processing tag. */
function PayoutStatus({ status }: { status: string }) {
  return (
    <Badge color={status === "pending" ? "green" : "blue"} data-testid="payout-status">
      {status.toUpperCase()}
    </Badge>
  );
}

function Payouts({ payouts, hrefOf }: { payouts: PayoutRow[]; hrefOf: (influencerId: string) => string }) {
  const navigate = useNavigate();
  return (
    <Panel title="Payouts" testId="payouts">
      {payouts.length === 0 ? (
        <Empty>No payouts yet</Empty>
      ) : (
        <table className="dash-table">
          <thead>
            <tr>
              <th scope="col">Influencer</th>
              <th scope="col">Email</th>
              <th scope="col">Phone</th>
              <th scope="col" className="num">
                Total
              </th>
              <th scope="col" className="num">
                Paid
              </th>
              <th scope="col" className="num">
                Pending
              </th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {payouts.map((p) => (
              <tr
                key={p.influencerId}
                data-testid="payout-row"
                style={{ cursor: "pointer" }}
                onClick={() => navigate(hrefOf(p.influencerId), { preventScrollReset: true })}
              >
                <td>
                  <Link className="dash-row-link" to={hrefOf(p.influencerId)} preventScrollReset>
                    {p.influencer.fName}
                  </Link>
                </td>
                <td>{p.influencer.email ?? "--"}</td>
                <td>
                  {p.influencer.mobile ? `${p.influencer.countryCode ?? ""} ${p.influencer.mobile}`.trim() : "--"}
                </td>
                <td className="num">{formatMoney(p.Total)}</td>
                <td className="num">{formatMoney(p.Paid)}</td>
                <td className="num">{formatMoney(p.Pending)}</td>
                <td>
                  <PayoutStatus status={p.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}

function PayoutDrawer({
  drawer,
  payouts,
  closeHref,
}: {
  drawer: NonNullable<RevenueDashboardProps["drawer"]>;
  payouts: PayoutRow[];
  closeHref: string;
}) {
  const row = payouts.find((p) => p.influencerId === drawer.influencerId);
  const { detail, transactions } = drawer;
  return (
    <Drawer open title={row ? `${row.influencer.fName}'s Payout` : "Payout"} closeHref={closeHref} width={600}>
      <Flex direction="column" gap="4" data-testid="payout-drawer">
        <Heading as="h3" size="3">
          Payout detail
        </Heading>
        <DashTable
          rows={detail}
          rowKey={(d, i) => `${d.createdAt}-${i}`}
          empty="No payout yet"
          testId="payout-detail"
          columns={[
            { label: "Date", cell: (d) => formatDate(d.createdAt) },
            { label: "Stream", cell: (d) => d.streamId?.name ?? "--" },
            { label: "For", cell: (d) => (d.for === "fee" ? "Fee" : "Commission") },
            { label: "Amount", num: true, cell: (d) => formatMoney(d.amount) },
          ]}
        />
        <Heading as="h3" size="3">
          Transactions
        </Heading>
        <DashTable
          rows={transactions}
          rowKey={(t) => t._id}
          empty="No transactions yet"
          testId="payout-transactions"
          columns={[
            { label: "Date", cell: (t) => formatDate(t.createdAt) },
            { label: "Note", cell: (t) => t.note || "--" },
            { label: "Amount", num: true, cell: (t) => formatMoney(t.amount) },
          ]}
        />
      </Flex>
    </Drawer>
  );
}

export function RevenueDashboard(props: RevenueDashboardProps) {
  const { campaign, back, revenue, streams, top, categories, orders, payouts, drawer } = props;
  const location = useLocation();
  const withPayout = (influencerId: string | null) => {
    const params = new URLSearchParams(location.search);
    if (influencerId) params.set("payout", influencerId);
    else params.delete("payout");
    const search = params.toString();
    return `${location.pathname}${search ? `?${search}` : ""}`;
  };
  return (
    <Flex direction="column" gap="4">
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <div>
          <Heading as="h1" size="6">
            Revenue Dashboard
          </Heading>
          <HistoryLink recordType="campaign" recordId={campaign._id} />
          <Text as="p" size="2" color="gray">
            {campaign.title}
          </Text>
        </div>
        <Button asChild variant="soft" color="gray">
          <Link to={back}>Back</Link>
        </Button>
      </Flex>
      <div className="dash-grid">
        <Panel title="Summary" testId="summary-card">
          <Figures
            label="Summary"
            items={[
              ["Revenue", formatMoney(revenue?.revenueTotal.total ?? 0)],
              ["Sale", formatMoney(streams?.sale ?? 0)],
              ["Profit", formatMoney(streams?.profit ?? 0)],
              ["Orders", String(streams?.orders ?? 0)],
            ]}
          />
        </Panel>
        <Panel title="Streams and Products" testId="stream-stats-card">
          {streams ? (
            <Figures
              label="Streams and products"
              items={[
                ["Streams", String(streams.streams)],
                ["Live", String(streams.live)],
                ["Scheduled", String(streams.scheduled)],
                ["Finished", String(streams.finished)],
                ["Viewers", String(streams.viewers)],
                ["Likes", String(streams.likes)],
                ["Products Sold", String(streams.productsSold)],
              ]}
            />
          ) : (
            <Empty />
          )}
        </Panel>
      </div>
      <WeeklyRevenue {...props} />
      <div className="dash-grid">
        <TopList
          title="Top Products"
          testId="top-products"
          rows={top.topProductStream.map((p) => ({
            _id: p._id,
            name: p.item.name,
            image: p.item.defaultImage,
            note: `${p.quantity} sold, profit ${formatMoney(p.profit)}`,
            sale: p.sale,
          }))}
        />
        <TopList
          title="Top Streams"
          testId="top-streams"
          rows={top.topStreamData.map((s) => ({
            _id: s._id,
            name: s.item.name,
            image: s.item.image,
            note: `${s.item.viewersCount} viewers`,
            sale: s.sale,
          }))}
        />
        <Panel title="Sales by Category" testId="sales-by-category">
          {categories.length === 0 ? (
            <Empty />
          ) : (
            <ChartWithTable
              kind="donut"
              caption="Sales by category"
              labelHeader="Category"
              rows={categories.map((c) => ({ label: c.category.name, value: c.sale }))}
            />
          )}
        </Panel>
      </div>
      {orders ? <RecentOrders orders={orders} campaignId={campaign._id} /> : null}
      <Payouts payouts={payouts} hrefOf={withPayout} />
      {drawer ? <PayoutDrawer drawer={drawer} payouts={payouts} closeHref={withPayout(null)} /> : null}
    </Flex>
  );
}
