import { placeAutocompleteQuerySchema } from "#contract/shops/shops-api";
import { ANY_CONSOLE_USER } from "#api/platform/auth/actor";
import { notFound, ok } from "#api/platform/http/http";
import { PLACE_ID_PATTERN, placesProvider } from "#api/platform/providers/places";
import { route } from "#api/platform/http/router";
import { MSG } from "#contract/core/messages";

// Address search for the shop forms (ARCHITECTURE §6). Console users only: with Google every call costs money.
export const placeRoutes = [
  route({
    method: "get",
    path: "/geo/places/autocomplete",
    summary:
      "Address predictions for the text typed: query input; data [{description, place_id}] (offline places, or Google Places when configured)",
    policy: ANY_CONSOLE_USER,
    query: placeAutocompleteQuerySchema,
    handler: async ({ deps, query }) => ok(await placesProvider(deps.env).autocomplete(query.input)),
  }),
  route({
    method: "get",
    path: `/geo/places/:placeId{${PLACE_ID_PATTERN}}`,
    summary:
      "One place by its place_id: data {description, place_id, latitude, longitude}; 404/1004 when the id names no place",
    policy: ANY_CONSOLE_USER,
    handler: async ({ deps, params }) => {
      const place = await placesProvider(deps.env).details(params.placeId);
      if (!place) throw notFound(MSG.placeUnknown);
      return ok(place);
    },
  }),
];
