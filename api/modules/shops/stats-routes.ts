import { shopStatsBodySchema, shopStatsQuerySchema } from "#contract/shops/shop-stats-api";
import { ok } from "#api/platform/http/http";
import { route, type RouteDef } from "#api/platform/http/router";
import { shopStats } from "./stats";

// spec 1 §7 Shops: POST shop/stats?type=stats|graph, the owner's Lifetime Sales card (spec 1 §2)
export const shopStatsRoutes: RouteDef[] = [
  route({
    method: "post",
    path: "/shop/stats",
    summary:
      "A shop's sales: ?type=stats answers [{orderCount, commission, earnings, sales}], ?type=graph the same per day with _id (YYYY-MM-DD, " +
      "Australia/Sydney days, days without sales included). Body {start, end} (YYYY-MM-DD or ISO date-times; default the last 30 days, " +
      "whole days; at most 3 years). Refunded lines do not count. The owner their own shop; an admin the shop named by shopId, or every shop",
    policy: { roles: ["admin", "shopOwner"] },
    query: shopStatsQuerySchema,
    body: shopStatsBodySchema,
    handler: async ({ deps, actor, query, body }) => ok(await shopStats(deps, actor, query.type, body)),
  }),
];
