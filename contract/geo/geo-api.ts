import { z } from "../core/zod";
import { MSG } from "../core/messages";

// The schemas of /api/geo (ARCHITECTURE §6: countries, states and cities from the country-state-city package)

const countryCode = z
  .string({ error: MSG.countryRequired })
  .trim()
  .regex(/^[A-Za-z]{2}$/, { error: MSG.countryRequired })
  .transform((v) => v.toUpperCase());
const stateCode = z
  .string({ error: MSG.stateRequired })
  .trim()
  .min(1, { error: MSG.stateRequired })
  .max(10, { error: MSG.geoStateUnknown });

export const statesQuerySchema = z.object({ country: countryCode });
export const citiesQuerySchema = z.object({ country: countryCode, state: stateCode });
/** The spec's countries service shapes (spec 1 §7): POST states {iso2}, POST cities {country, state}. */
export const statesBodySchema = z.object({ iso2: countryCode });
export const citiesBodySchema = citiesQuerySchema;

/** spec 1 §3: Country option {code, name}; State option {state_code, name}; City option: a plain string. */
export const countryOptionSchema = z.object({ code: z.string(), name: z.string() });
export const stateOptionSchema = z.object({ state_code: z.string(), name: z.string() });
export const cityOptionSchema = z.string();

/** One prediction as the maps service gives it (spec 1 §7): shown as `description`, chosen by `place_id`. */
export const placePredictionSchema = z.object({ description: z.string(), place_id: z.string() });
/** A place resolved by its id: where the shop's location comes from (spec 1 §3 Shop location). */
export const placeDetailsSchema = placePredictionSchema.extend({ latitude: z.number(), longitude: z.number() });

/** spec 1 §3: Country option {code, name}; State option {state_code, name}; City option: a plain string. */
export type CountryOption = z.output<typeof countryOptionSchema>;
export type StateOption = z.output<typeof stateOptionSchema>;

/** A place resolved by its id: where the shop's location comes from (spec 1 §3 Shop location). */
export type PlaceDetails = z.output<typeof placeDetailsSchema>;
/** One prediction as the maps service gives it (spec 1 §7): shown as `description`, chosen by `place_id`. */
export type PlacePrediction = z.output<typeof placePredictionSchema>;
