import type { z } from "../core/zod";
import type { countryOptionSchema, stateOptionSchema } from "./geo-api";

/** spec 1 §3: Country option {code, name}; State option {state_code, name}; City option: a plain string. */
export type CountryOption = z.output<typeof countryOptionSchema>;
export type StateOption = z.output<typeof stateOptionSchema>;
export type CityOption = string;

/** The country the phone and address fields start on (spec 1 §9). */
export const DEFAULT_COUNTRY = "AU";
