import Chart from "react-apexcharts";
import { MONEY_VALUES, STILL_CHART } from "~/lib/chart-options";

/** spec 3 §2 Sales by Category: five slices, red, green, yellow, blue, black. */
export const DONUT_COLORS = ["#e5484d", "#30a46c", "#ffc53d", "#0090ff", "#000000"];

/**
 * The revenue dashboard's charts (spec 3 §2), in the browser only (apexcharts touches window): a bar chart of revenue
 * by date, or the Sales by Category donut. The page's tables carry the same figures for screen readers.
 */
export default function RevenueChart({
  kind,
  labels,
  values,
  name,
}: {
  kind: "bar" | "donut";
  labels: string[];
  values: number[];
  name: string;
}) {
  return (
    <div className="dash-chart" aria-hidden="true" data-testid={`dash-chart-${kind}`}>
      {kind === "bar" ? (
        <Chart
          type="bar"
          height={260}
          series={[{ name, data: values }]}
          options={{
            chart: STILL_CHART,
            ...MONEY_VALUES,
            xaxis: { categories: labels, tickAmount: 6, labels: { rotate: 0, hideOverlappingLabels: true } },
          }}
        />
      ) : (
        <Chart
          type="donut"
          height={260}
          series={values}
          options={{
            chart: { fontFamily: "inherit", animations: { enabled: false } },
            labels,
            colors: DONUT_COLORS,
            legend: { position: "bottom" },
            tooltip: MONEY_VALUES.tooltip,
            dataLabels: { enabled: false },
          }}
        />
      )}
    </div>
  );
}
