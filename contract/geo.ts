/** spec 1 §3: Country option {code, name}; State option {state_code, name}; City option: a plain string. */
export interface CountryOption {
  code: string;
  name: string;
}
export interface StateOption {
  state_code: string;
  name: string;
}
export type CityOption = string;

/** The country the phone and address fields start on (spec 1 §9). */
export const DEFAULT_COUNTRY = "AU";
