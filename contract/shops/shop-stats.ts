import { addDays, zoneDay } from "../core/days";

/**
 * Shop sales statistics (spec 1 §3 Shop statistics, §7 shop/stats, §9 statistics range). Client-safe: the Lifetime
 * Sales card fills its date fields with the same default range the API applies. Days are the marketplace's
 * (contract/core/days.ts).
 */

/** spec 1 §9: the last 30 days, from the start of the first day to the end of today. */
export const STATS_DEFAULT_DAYS = 30;
/** Ours: a range spans at most about three years (the graph has one point per day). */
export const STATS_MAX_DAYS = 1096;
export const STATS_TYPES = ["stats", "graph"] as const;
export type StatsType = (typeof STATS_TYPES)[number];

/** spec 1 §9: the default range, ending today. */
export function defaultStatsRange(now: Date) {
  const end = zoneDay(now);
  return { start: addDays(end, -(STATS_DEFAULT_DAYS - 1)), end };
}
