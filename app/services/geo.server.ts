import type { CityOption } from "#contract/geo/geo";
import type { CountryOption, StateOption } from "#contract/geo/geo-api";
import type { ApiClient } from "./api.server";

/** What the country, state and city fields show: the lists for the chosen country and state, and the choices that still fit. */
export interface GeoOptions {
  countries: CountryOption[];
  states: StateOption[];
  cities: CityOption[];
  values: { country: string; state: string; city: string };
}

const text = (value: FormDataEntryValue | string | null | undefined) => (typeof value === "string" ? value.trim() : "");

/**
 * Loads the lists for a form's location fields (spec 1 §4: choosing a country loads its states, choosing a state its cities).
 * A state that is not in the chosen country, or a city not in the chosen state, is dropped (spec 1 §4: a new country clears both).
 * A failed call leaves that list empty, as the spec's fallback does.
 */
export async function geoOptions(
  api: ApiClient,
  chosen: { country?: string | null; state?: string | null; city?: string | null },
): Promise<GeoOptions> {
  const country = text(chosen.country).toUpperCase();
  let state = text(chosen.state);
  let city = text(chosen.city);
  const [countries, states] = await Promise.all([
    api.get("geo/countries"),
    country ? api.get("geo/states", { country }) : null,
  ]);
  const stateList = states?.success ? states.data : [];
  // a country without states takes free text for state and city (they are kept as typed)
  if (stateList.length && !stateList.some((s) => s.state_code === state)) state = "";
  const cities = country && state && stateList.length ? await api.get("geo/cities", { country, state }) : null;
  const cityList = cities?.success ? cities.data : [];
  if (cityList.length && !cityList.includes(city)) city = "";
  if (stateList.length && !state) city = "";
  return {
    countries: countries.success ? countries.data : [],
    states: stateList,
    cities: cityList,
    values: {
      country: countries.success && countries.data.some((c) => c.code === country) ? country : "",
      state,
      city,
    },
  };
}

/** The location fields as a form posted them (for re-rendering the form after "Show states" without JavaScript). */
export const postedLocation = (form: FormData) => ({
  country: text(form.get("country")),
  state: text(form.get("state")),
  city: text(form.get("city")),
});
