import { ok } from "#api/platform/http/http";
import { influencerRoute, type RouteDef } from "#api/platform/http/router";
import { ownProfile } from "./service";

// The mobile app's influencer calls (ADR 0057): only an Approved influencer's bearer token opens them, and
// each answers about the caller alone (the influencer comes from the token, never from the request).
export const influencerAppRoutes: RouteDef[] = [
  influencerRoute({
    method: "get",
    path: "/influencer/me",
    summary:
      "The mobile app: the signed-in influencer's own profile (spec 3 §3 Influencer: _id, fName, email, image, bio, dob, locations, instaProfileId, tiktokProfileId, countryFlag, portfolio)",
    handler: async ({ deps, influencer }) => ok(await ownProfile(deps, influencer.id)),
  }),
];
