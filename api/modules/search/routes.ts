import { searchQuerySchema } from "#contract/search/search-api";
import { ANY_CONSOLE_USER } from "#api/platform/auth/actor";
import { ok } from "#api/platform/http/http";
import { route } from "#api/platform/http/router";
import { search } from "./service";

// The console's one search box (ADR 0069). Every console user may ask; each kind then answers only those
// whose list call it is (service.ts, KIND_ACCESS), within their shop.
export const searchRoutes = [
  route({
    method: "get",
    path: "/search",
    summary:
      "The console's search box: q (1–100 characters) across orders (number, customer's name, e-mail or phone), products (name), customers, shops, users and influencers (name, e-mail, phone), streams (name) and campaigns (title); a group per kind the caller's list calls open (owners and staff: their shop's records; shops, users and influencers: admins only), each with up to 5 records {_id, title, detail, shopId} and `more` when its list holds more",
    policy: ANY_CONSOLE_USER,
    query: searchQuerySchema,
    handler: async ({ deps, actor, query }) => ok(await search(deps, actor, query.q)),
  }),
];
