import type { ApexOptions } from "apexcharts";
import { formatMoney } from "~/lib/format";

// The options every react-apexcharts island of the console shares (the shop's Lifetime Sales, the campaign's revenue):
// a still chart (no toolbar, zoom or animation) in the page's font, with money on the value axis and in the tooltip.

const money = (v: number) => formatMoney(v);

export const STILL_CHART: ApexOptions["chart"] = {
  toolbar: { show: false },
  zoom: { enabled: false },
  fontFamily: "inherit",
  animations: { enabled: false },
};

/** No labels on the bars or areas; dollars on the y axis and in the tooltip. */
export const MONEY_VALUES: Pick<ApexOptions, "dataLabels" | "yaxis" | "tooltip"> = {
  dataLabels: { enabled: false },
  yaxis: { labels: { formatter: money } },
  tooltip: { y: { formatter: money } },
};
