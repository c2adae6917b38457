/**
 * How the console writes dates and money (spec 1 §9): dates DD/MM/YYYY, stream times DD/MM/YYYY, hh:mm A,
 * money `$` with 2 decimals. Client-safe: the server and the browser produce the same text.
 */
import { MARKET_TIME_ZONE, formatDay } from "#contract/core/days";

/** The marketplace's zone (contract/core/days.ts): one display zone keeps server HTML and hydration identical (ADR 0005). */
export const DISPLAY_TIME_ZONE = MARKET_TIME_ZONE;

type DateInput = string | number | Date | null | undefined;

const timeFormat = new Intl.DateTimeFormat("en-AU", {
  timeZone: DISPLAY_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  hour12: true,
});
const moneyFormat = new Intl.NumberFormat("en-AU", {
  style: "currency",
  currency: "AUD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const part = (parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes) =>
  parts.find((p) => p.type === type)?.value ?? "";

/** DD/MM/YYYY; an empty string when there is no valid date. */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  if (!date) return "";
  return formatDay(date);
}

/** DD/MM/YYYY, hh:mm A (stream times, spec 1 §9). */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  if (!date) return "";
  const parts = timeFormat.formatToParts(date);
  return `${formatDate(date)}, ${part(parts, "hour")}:${part(parts, "minute")} ${part(parts, "dayPeriod").toUpperCase()}`;
}

/** `$` with 2 decimals and thousands separators, e.g. $1,234.50 or -$5.00; the API speaks dollars (ARCHITECTURE §3). */
export function formatMoney(dollars: number | string | null | undefined): string {
  const amount = typeof dollars === "string" ? Number(dollars) : dollars;
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return "";
  return moneyFormat.format(amount);
}

/** A plural noun in the singular: `attributes` → `attribute`, `categories` → `category`, `staff members` → `staff member`. */
export function singular(noun: string): string {
  if (/ies$/.test(noun)) return noun.replace(/ies$/, "y");
  if (/ss$/.test(noun) || !/s$/.test(noun)) return noun;
  return noun.replace(/s$/, "");
}

/** The plural noun, or its singular for exactly one: `1 shop`, `2 shops`, `about 1,200 users`. */
export const nounFor = (count: number, plural: string) => (count === 1 ? singular(plural) : plural);
