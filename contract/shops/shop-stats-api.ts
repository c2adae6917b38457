import { z } from "../core/zod";
import { MSG } from "../core/messages";
import { daysBetween, toDay } from "../core/days";
import { STATS_MAX_DAYS, STATS_TYPES } from "./shop-stats";

// The schemas of POST shop/stats (spec 1 §7 Shops).

/** A day (YYYY-MM-DD), or an ISO date-time as an app sends it, taken as the day it falls on in the marketplace's zone. */
const dayField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .transform((v, ctx) => {
      const day = toDay(v);
      if (day) return day;
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    });

/** `?type=stats` (the totals) or `?type=graph` (the same per day). */
export const shopStatsQuerySchema = z.object({ type: z.enum(STATS_TYPES, { error: MSG.statsType }) });

/**
 * {start, end}: the first and last day counted (the start of the first, the end of the last); both default to the
 * last 30 days. An admin names the shop (`shopId`; none: every shop); owners get their own.
 */
export const shopStatsBodySchema = z
  .object({
    start: dayField(MSG.statsStartInvalid).optional(),
    end: dayField(MSG.statsEndInvalid).optional(),
    shopId: z.string().trim().max(64).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.start && b.end && b.start > b.end)
      ctx.addIssue({ code: "custom", path: ["end"], message: MSG.statsRangeOrder });
    else if (b.start && b.end && daysBetween(b.start, b.end) > STATS_MAX_DAYS)
      ctx.addIssue({ code: "custom", path: ["end"], message: MSG.statsRangeMax });
  });
export type ShopStatsBody = z.infer<typeof shopStatsBodySchema>;

/** spec 1 §3 Shop statistics: money in dollars (ARCHITECTURE §3); a graph row adds its day as `_id` (YYYY-MM-DD). */
export const shopStatsRowSchema = z.object({
  _id: z.string().optional(),
  orderCount: z.number().int(),
  commission: z.number(),
  earnings: z.number(),
  sales: z.number(),
});
export type ShopStatsRow = z.infer<typeof shopStatsRowSchema>;
