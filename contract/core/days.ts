/**
 * Calendar days of the marketplace (spec 1 §9, spec 2 §9: dates DD/MM/YYYY). It trades in Australia, so a "day" —
 * a coupon's first and last, an order list's date range, a sales statistic's point — is a Sydney day, and the console
 * writes dates in that zone too (one zone also keeps the server's HTML and hydration identical, ADR 0005).
 * Client-safe: the pages, the API and the schemas of both use these.
 */
export const MARKET_TIME_ZONE = "Australia/Sydney";

const dayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: MARKET_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
const clockFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: MARKET_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** A real calendar day written YYYY-MM-DD. */
export const isDay = (v: unknown): v is string => {
  if (typeof v !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  // month 13 or day 32 is no date at all (and toISOString would throw)
  const date = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === v;
};

/** Quarter hours: every zone's offset from UTC, and so every zone's midnight, falls on one. */
const QUARTER_HOUR = 15 * 60_000;
/** Days of the quarter hours seen: a list writes many dates, and formatting in a zone is slow (`npm run bench:ssr`). */
const daysSeen = new Map<number, string>();

/** The day (YYYY-MM-DD) an instant falls on in the marketplace's zone. */
export function zoneDay(instant: Date | string | number) {
  const time = new Date(instant).getTime();
  const quarter = Math.floor(time / QUARTER_HOUR);
  let day = daysSeen.get(quarter);
  if (day === undefined) {
    // an invalid instant is formatted (and throws) as before
    if (Number.isNaN(time)) return dayFormat.format(time);
    if (daysSeen.size >= 4096) daysSeen.clear();
    daysSeen.set(quarter, (day = dayFormat.format(time)));
  }
  return day;
}

/** DD/MM/YYYY of an instant in the marketplace's zone (spec 1 §9). */
export function formatDay(instant: Date | string | number) {
  const [year, month, day] = zoneDay(instant).split("-");
  return `${day}/${month}/${year}`;
}

/** YYYY-MM-DD `days` after (or before) another, as calendar arithmetic. */
export function addDays(day: string, days: number) {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Days from `start` to `end`, both counted. */
export const daysBetween = (start: string, end: string) =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;

/** The zone's offset from UTC at an instant, in milliseconds. */
function zoneOffset(instant: number) {
  const p = Object.fromEntries(clockFormat.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  return Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second) - Math.floor(instant / 1000) * 1000;
}

/** The instant the zone's wall clock shows `time` (HH:MM:SS, 00:00:00 by default) on `day` (YYYY-MM-DD). */
export function zoneInstant(day: string, time = "00:00:00"): Date {
  const wall = new Date(`${day}T${time}Z`).getTime();
  // two passes settle the offset across a daylight-saving change
  const first = wall - zoneOffset(wall);
  return new Date(wall - zoneOffset(first));
}

/** A day typed DD/MM/YYYY (spec 1 §9; D/M/YYYY too) as YYYY-MM-DD, or null when it is not a real day. */
export function dayFromDmy(text: string): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  const day = m ? `${m[3]}-${m[2].padStart(2, "0")}-${m[1].padStart(2, "0")}` : null;
  return day && isDay(day) ? day : null;
}

/** A YYYY-MM-DD day written DD/MM/YYYY for a date field; anything else as it is (what was typed stays shown). */
export const dmyOf = (value: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : value;
};

/**
 * A day as a form or an app sends it: DD/MM/YYYY (the console's date fields, spec 1 §9), YYYY-MM-DD, or an ISO
 * date-time taken as its day in the zone; null otherwise.
 */
export function toDay(value: string): string | null {
  const v = value.trim();
  if (v.length <= 40 && /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(new Date(v).getTime())) return zoneDay(v);
  return isDay(v) ? v : dayFromDmy(v);
}
