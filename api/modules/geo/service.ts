import type { CountryOption, StateOption } from "#contract/geo/geo-api";
import { MSG } from "#contract/core/messages";
import { geoData } from "#api/platform/providers/geo-data";
import { fieldError } from "#api/platform/http/http";

/** GET geo/countries: {code, name} sorted by name. */
export async function countries(): Promise<CountryOption[]> {
  const { Country } = await geoData();
  return Country.getAllCountries().map((c) => ({ code: c.isoCode, name: c.name }));
}

/** GET geo/states: the states of a country, {state_code, name}; an unknown country is a 400 on `country`. */
export async function statesOf(country: string): Promise<StateOption[]> {
  const { Country, State } = await geoData();
  if (!Country.getCountryByCode(country)) throw fieldError("country", MSG.geoCountryUnknown);
  return State.getStatesOfCountry(country).map((s) => ({ state_code: s.isoCode, name: s.name }));
}

/** GET geo/cities: the city names of a state; an unknown state is a 400 on `state`. */
export async function citiesOf(country: string, state: string): Promise<string[]> {
  const { State, City } = await geoData();
  if (!(await statesOf(country)).length || !State.getStateByCodeAndCountry(state, country))
    throw fieldError("state", MSG.geoStateUnknown);
  return City.getCitiesOfState(country, state).map((c) => c.name);
}

/**
 * For the influencer forms: the country, state and city must exist and belong together. A country without
 * states (or a state without cities) takes what the user typed (spec 1 §2: State and City stay disabled there).
 * Returns the field and message of the first problem, or null.
 */
export async function checkLocation(loc: {
  country: string;
  state: string;
  city: string;
}): Promise<{ field: "country" | "state" | "city"; message: string } | null> {
  const { Country, State, City } = await geoData();
  if (!Country.getCountryByCode(loc.country)) return { field: "country", message: MSG.geoCountryUnknown };
  const states = State.getStatesOfCountry(loc.country);
  if (!states.length) return null;
  if (!states.some((s) => s.isoCode === loc.state)) return { field: "state", message: MSG.geoStateUnknown };
  const cities = City.getCitiesOfState(loc.country, loc.state);
  if (cities.length && !cities.some((c) => c.name === loc.city)) return { field: "city", message: MSG.cityRequired };
  return null;
}
