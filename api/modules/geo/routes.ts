import { citiesBodySchema, citiesQuerySchema, statesBodySchema, statesQuerySchema } from "#contract/geo/geo-api";
import { ok } from "#api/platform/http/http";
import { publicRoute } from "#api/platform/http/router";
import { citiesOf, countries, statesOf } from "./service";
import { placeRoutes } from "./places-routes";

// public: the influencer registration page uses them before anyone signs in (spec 1 §2)
export const geoRoutes = [
  publicRoute({
    method: "get",
    path: "/geo/countries",
    summary: "Every country: data [{code, name}] (two-letter codes)",
    handler: async ({ c }) => {
      c.header("Cache-Control", "public, max-age=86400");
      return ok(await countries());
    },
  }),
  publicRoute({
    method: "get",
    path: "/geo/states",
    summary:
      "The states of a country: query country (two-letter code); data [{state_code, name}], empty when the country has none",
    query: statesQuerySchema,
    handler: async ({ c, query }) => {
      c.header("Cache-Control", "public, max-age=86400");
      return ok(await statesOf(query.country));
    },
  }),
  publicRoute({
    method: "get",
    path: "/geo/cities",
    summary: "The cities of a state: query country, state (state_code); data [name]",
    query: citiesQuerySchema,
    handler: async ({ c, query }) => {
      c.header("Cache-Control", "public, max-age=86400");
      return ok(await citiesOf(query.country, query.state));
    },
  }),
  publicRoute({
    method: "post",
    path: "/geo/states",
    summary: "The spec's countries-service shape (spec 1 §7): body {iso2}; data.states [{name, state_code}]",
    body: statesBodySchema,
    handler: async ({ body }) => ok({ states: await statesOf(body.iso2) }),
  }),
  publicRoute({
    method: "post",
    path: "/geo/cities",
    summary: "The spec's countries-service shape (spec 1 §7): body {country, state}; data [name]",
    body: citiesBodySchema,
    handler: async ({ body }) => ok(await citiesOf(body.country, body.state)),
  }),
  ...placeRoutes,
];
