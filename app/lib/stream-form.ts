// Client-safe helpers of the stream form (spec 3 §5; ADR 0037): times are shown in the marketplace's zone.
import { MARKET_TIME_ZONE, addDays, zoneDay } from "#contract/core/days";

const parts = new Intl.DateTimeFormat("en-CA", {
  timeZone: MARKET_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** spec 3 §9: the form's stream date, YYYY-MM-DD HH:mm:ss in the marketplace's zone, whatever the browser's locale. */
export const STREAM_DATE_FORMAT = "YYYY-MM-DD HH:mm:ss";

/** An instant as the form's stream date (STREAM_DATE_FORMAT) in the marketplace's zone. */
export function zoneStreamDate(epochMs: number) {
  const p = Object.fromEntries(parts.formatToParts(new Date(epochMs)).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** spec 3 §5 (the modal): the first day its pickers offer; days before yesterday (in the marketplace's zone) are disabled. */
export const earliestStreamDay = (now = Date.now()) => addDays(zoneDay(now), -1);

/** The URL param value that opens the shop page's Add Stream modal (?dialog=add-stream), a page of its own without JavaScript. */
export const ADD_STREAM_DIALOG = "add-stream";
