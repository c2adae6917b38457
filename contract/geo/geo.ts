export type CityOption = string;

/** The country the phone and address fields start on (spec 1 §9). */
export const DEFAULT_COUNTRY = "AU";
