// Client-safe helpers of the stream form (spec 3 §5; ADR 0037): times are shown in the marketplace's zone.
import { MARKET_TIME_ZONE } from "#contract/days";

const parts = new Intl.DateTimeFormat("en-CA", { timeZone: MARKET_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/** An instant as a datetime-local input's value (YYYY-MM-DDTHH:mm) in the marketplace's zone. */
export function zoneDateTimeInput(epochMs: number) {
  const p = Object.fromEntries(parts.formatToParts(new Date(epochMs)).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** The URL param value that opens the shop page's Add Stream modal (?dialog=add-stream), a page of its own without JavaScript. */
export const ADD_STREAM_DIALOG = "add-stream";
