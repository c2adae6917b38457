import { ANY_CONSOLE_USER } from "#api/platform/auth/actor";
import { ok } from "#api/platform/http/http";
import { route } from "#api/platform/http/router";
import { idPath } from "#api/platform/data/ids";
import { shopDetails } from "./service";
import { shopManageRoutes } from "./manage-routes";
import { shopProfileRoutes } from "./profile-routes";
import { shopStatsRoutes } from "./stats-routes";

// spec 1 §7 Shops
export const shopRoutes = [
  route({
    method: "get",
    path: idPath("/shop/getdetails/:id"),
    summary:
      "One shop: profile, location, status, owner and staff; an owner or staff member may read only their own (else 404/1004)",
    policy: ANY_CONSOLE_USER,
    handler: async ({ deps, actor, params }) => ok(await shopDetails(deps, actor, params.id)),
  }),
  ...shopManageRoutes,
  ...shopProfileRoutes,
  ...shopStatsRoutes,
];
