/**
 * Shop sales statistics (spec 1 §3 Shop statistics, §7 shop/stats, §9 statistics range). Client-safe: the Lifetime
 * Sales card fills its date fields with the same default range the API applies.
 */

/** Days are counted in the marketplace's zone, the one the console writes dates in (app/lib/format.ts). */
export const STATS_TIME_ZONE = "Australia/Sydney";
/** spec 1 §9: the last 30 days, from the start of the first day to the end of today. */
export const STATS_DEFAULT_DAYS = 30;
/** Ours: a range spans at most about three years (the graph has one point per day). */
export const STATS_MAX_DAYS = 1096;
export const STATS_TYPES = ["stats", "graph"] as const;
export type StatsType = (typeof STATS_TYPES)[number];

const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: STATS_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

/** The calendar day (YYYY-MM-DD) an instant falls on in the marketplace's zone. */
export const zoneDay = (instant: Date) => dayFormat.format(instant);

/** YYYY-MM-DD `days` after (or before) another, as calendar arithmetic. */
export function addDays(day: string, days: number) {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Days from `start` to `end`, both counted. */
export const daysBetween = (start: string, end: string) => Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;

/** spec 1 §9: the default range, ending today. */
export function defaultStatsRange(now: Date) {
  const end = zoneDay(now);
  return { start: addDays(end, -(STATS_DEFAULT_DAYS - 1)), end };
}
