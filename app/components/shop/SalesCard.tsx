import { Form } from "~/components/remix";
import { Button, Card, Flex, Grid, Heading, Text } from "@radix-ui/themes";

import { Suspense, lazy } from "react";
import type { ShopStatsRow } from "#contract/shops/shop-stats-api";
import { formatDate, formatMoney } from "~/lib/format";
import { useHydrated } from "~/lib/hooks";
import { isDay } from "#contract/core/days";
import { STATS_DEFAULT_DAYS } from "#contract/shops/shop-stats";
import { DAY_FIELD, shownDay } from "~/components/form/day-field";

// the chart's code (react-apexcharts) is fetched only on this page, once scripts run; the table is the server's
const SalesChart = lazy(() => import("./SalesChart.client"));

/** What the Lifetime Sales card shows: the range asked for, its totals and its days, or why they could not be read. */
export interface SalesData {
  start: string;
  end: string;
  /** the range is the URL's, not the default (spec 1 §9: the last 30 days) */
  chosen: boolean;
  totals: ShopStatsRow | null;
  days: ShopStatsRow[];
  error?: string;
}

/** The URL parameters of the card's range (a GET form: the range is in the URL, so it can be bookmarked). */
export const SALES_PARAMS = { start: "salesStart", end: "salesEnd" } as const;

const FIGURES = [
  { key: "orderCount", label: "Orders" },
  { key: "sales", label: "Sales" },
  { key: "commission", label: "Commission" },
  { key: "earnings", label: "Earnings" },
] as const;

/** What the figures count: refunded lines are left out, so an order whose lines were all refunded is not among the orders. */
const COUNTED = "Orders: those with a line of this shop not refunded. Refunded lines are left out of every figure.";

/** The range the figures cover, under the card's title: "Last 30 days: 29/10/2026 – 27/11/2026", or the one chosen. */
function rangeTitle({ start, end, chosen }: Pick<SalesData, "start" | "end" | "chosen">) {
  if (!isDay(start) || !isDay(end)) return "";
  const range = `${formatDate(`${start}T12:00:00Z`)} – ${formatDate(`${end}T12:00:00Z`)}`;
  return chosen ? range : `Last ${STATS_DEFAULT_DAYS} days: ${range}`;
}

const show = (key: (typeof FIGURES)[number]["key"], row: ShopStatsRow) =>
  key === "orderCount" ? String(row.orderCount) : formatMoney(row[key]);

/**
 * spec 1 §2: the owner's Lifetime Sales card: stat cards (orders, commission, earnings, sales; $ with 2 decimals) and a
 * chart over a chosen date range. Without JavaScript the figures per day are a table; with it the chart shows them and
 * the table stays for screen readers.
 */
export function SalesCard({ sales }: { sales: SalesData }) {
  const hydrated = useHydrated();
  return (
    <Card size="3" data-testid="sales-card">
      <Flex direction="column" gap="4">
        <Flex justify="between" align="end" gap="3" wrap="wrap">
          <div>
            <Heading as="h2" size="4">
              Lifetime Sales
            </Heading>
            {/* spec 1 §9: the range shown (the last 30 days unless another is chosen) is said under the title */}
            <Text as="p" size="2" color="gray" data-testid="sales-range">
              {rangeTitle(sales)}
            </Text>
          </div>
          <Form method="get" className="sales-range" aria-label="Sales date range" preventScrollReset>
            <Flex gap="2" align="end" wrap="wrap">
              {(
                [
                  ["From", SALES_PARAMS.start, sales.start],
                  ["To", SALES_PARAMS.end, sales.end],
                ] as const
              ).map(([label, name, day]) => (
                <label className="sales-range-field" key={name}>
                  <Text size="1" color="gray">
                    {label}
                  </Text>
                  <input
                    className="rt-reset sales-date"
                    name={name}
                    defaultValue={shownDay(day)}
                    required
                    {...DAY_FIELD}
                  />
                </label>
              ))}
              <Button type="submit" variant="soft">
                Show
              </Button>
            </Flex>
          </Form>
        </Flex>
        {sales.error ? (
          <Text color="red" role="alert" size="2">
            {sales.error}
          </Text>
        ) : null}
        {sales.totals ? (
          <>
            <Grid
              columns={{ initial: "2", sm: "4" }}
              gap="3"
              aria-label={`Totals from ${formatDate(`${sales.start}T12:00:00Z`)} to ${formatDate(`${sales.end}T12:00:00Z`)}`}
              role="group"
            >
              {FIGURES.map((f) => (
                <Card key={f.key} variant="surface" data-testid={`sales-${f.key}`}>
                  <Text as="p" size="1" color="gray" id={`sales-label-${f.key}`}>
                    {f.label}
                  </Text>
                  <Text as="p" size="5" weight="bold">
                    {show(f.key, sales.totals!)}
                  </Text>
                </Card>
              ))}
            </Grid>
            <Text as="p" size="1" color="gray" data-testid="sales-counted">
              {COUNTED}
            </Text>
            {hydrated ? (
              <Suspense fallback={<div className="sales-chart" />}>
                <SalesChart days={sales.days} />
              </Suspense>
            ) : (
              <div className="sales-chart" />
            )}
            <div className="sales-table">
              <table className="shop-hours">
                <caption className="visually-hidden">Sales per day</caption>
                <thead>
                  <tr>
                    <th scope="col">Day</th>
                    {FIGURES.map((f) => (
                      <th key={f.key} scope="col">
                        {f.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {sales.days.map((d) => (
                    <tr key={d._id}>
                      <th scope="row">{formatDate(`${d._id}T12:00:00Z`)}</th>
                      {FIGURES.map((f) => (
                        <td key={f.key}>{show(f.key, d)}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ) : null}
      </Flex>
    </Card>
  );
}
