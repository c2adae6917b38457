import Chart from "react-apexcharts";
import type { ShopStatsRow } from "#contract/shops/shop-stats-api";
import { formatDate } from "~/lib/format";
import { MONEY_VALUES, STILL_CHART } from "~/lib/chart-options";

/** The Lifetime Sales chart (spec 1 §2): sales, earnings and commission per day, in the browser only. */
export default function SalesChart({ days }: { days: ShopStatsRow[] }) {
  const series = (["sales", "earnings", "commission"] as const).map((key) => ({
    name: key[0]!.toUpperCase() + key.slice(1),
    data: days.map((d) => d[key]),
  }));
  return (
    <div className="sales-chart" aria-hidden="true" data-testid="sales-chart">
      <Chart
        type="area"
        height={260}
        series={series}
        options={{
          chart: STILL_CHART,
          ...MONEY_VALUES,
          stroke: { curve: "smooth", width: 2 },
          xaxis: {
            categories: days.map((d) => formatDate(`${d._id}T12:00:00Z`)),
            tickAmount: 6,
            labels: { rotate: 0 },
          },
          legend: { position: "top", horizontalAlign: "left" },
        }}
      />
    </div>
  );
}
