import { z } from "../core/zod";
import { MSG } from "../core/messages";
import { isDay, toDay } from "../core/days";
import { CAMPAIGN_REVENUE_TYPES } from "./campaigns";

// The schemas of the revenue dashboard's calls (spec 3 §2 Revenue dashboard, §3 Revenue, §7 Revenue; ADR 0060). A
// campaign's sales are the lines of its shop in the orders placed during its live streams, refunded lines left out:
// `sale` is what the customer paid for a line before tax (after its coupon share), `profit` what the shop keeps (the
// line's net, after the platform's commission). Dollars on the wire.

const dayField = z.preprocess(
  (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : (toDay(v) ?? v)) : v),
  z.string().refine(isDay, MSG.orderDateInvalid).optional(),
);

/** GET campaign/stats/{id}: start and end days (within the campaign; default the last 30 days), type. */
export const revenueQuerySchema = z
  .object({
    start: dayField,
    end: dayField,
    type: z.enum(CAMPAIGN_REVENUE_TYPES, { error: MSG.fieldChoose }).optional().default("total"),
  })
  .superRefine((q, ctx) => {
    if (q.start && q.end && q.start > q.end)
      ctx.addIssue({ code: "custom", path: ["end"], message: MSG.orderDateRange });
  });
export type RevenueQuery = z.infer<typeof revenueQuerySchema>;

/** spec 3 §3 Revenue: revenueDateWise (every day of the range, days without sales at 0) and revenueTotal. */
export const revenueSchema = z.object({
  type: z.enum(CAMPAIGN_REVENUE_TYPES),
  start: z.string(),
  end: z.string(),
  revenueDateWise: z.array(z.object({ _id: z.object({ createdAt: z.string() }), revenue: z.number() })),
  revenueTotal: z.object({ total: z.number() }),
});
export type Revenue = z.infer<typeof revenueSchema>;

/** The stream and product stats card: the campaign's streams by state, their audience, and what they sold. */
export const campaignStreamStatsSchema = z.object({
  streams: z.number(),
  live: z.number(),
  scheduled: z.number(),
  finished: z.number(),
  viewers: z.number(),
  likes: z.number(),
  orders: z.number(),
  productsSold: z.number(),
  sale: z.number(),
  profit: z.number(),
});
export type CampaignStreamStats = z.infer<typeof campaignStreamStatsSchema>;

/** Top Products and Top Streams (spec 3 §3: topProductStream, topStreamData), five each, by sale. */
export const campaignTopSchema = z.object({
  topProductStream: z.array(
    z.object({
      _id: z.string(),
      item: z.object({ name: z.string(), defaultImage: z.string().nullable() }),
      quantity: z.number(),
      sale: z.number(),
      profit: z.number(),
    }),
  ),
  topStreamData: z.array(
    z.object({
      _id: z.string(),
      item: z.object({ name: z.string(), image: z.string().nullable(), viewersCount: z.number() }),
      sale: z.number(),
    }),
  ),
});
export type CampaignTop = z.infer<typeof campaignTopSchema>;

/** Sales by Category (spec 3 §3 subcategoryBySale): the five sub-categories that sold most. */
export const campaignCategorySalesSchema = z.object({
  subcategoryBySale: z.array(
    z.object({ _id: z.string(), category: z.object({ name: z.string() }), sale: z.number(), profit: z.number() }),
  ),
});
export type CampaignCategorySales = z.infer<typeof campaignCategorySalesSchema>;
