import { callApiList } from "~/lib/api.client";

// GeoFields imports this module only when a choice changes, so the call helper stays out of the first load of the
// pages with the fields (the registration page's lean budget, ADR 0010); nothing imports it statically.

/** The states of a country. */
export const fetchStates = (country: string) => callApiList("GET", "geo/states", { query: { country } });

/** The cities of a country's state. */
export const fetchCities = (country: string, state: string) =>
  callApiList("GET", "geo/cities", { query: { country, state } });
