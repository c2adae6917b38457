import { PHONE_COUNTRY_CODES } from "./phone-countries";

// The phone shapes pages need, without zod (contract/phone/phone.ts re-exports them): PhoneField stays schema-free (ADR 0010).

export const DEFAULT_PHONE_COUNTRY = "AU";
export const PHONE_MAX_LENGTH = 18;

/** Every country with its dial code, for the phone input's country select (spec 1 §9: default Australia). */
export const PHONE_COUNTRIES = PHONE_COUNTRY_CODES.map(([iso2, dial]) => ({ iso2, dial }));

/** A flag drawn from regional-indicator letters: nothing is loaded from another host. */
export const flagEmoji = (iso2: string) =>
  iso2.toUpperCase().replace(/./g, (c) => String.fromCodePoint(0x1f1e6 + c.charCodeAt(0) - 65));

export interface Phone {
  /** ISO 3166 two-letter code, the spec's countryFlag */
  countryFlag: string;
  /** plus sign then dial code, the spec's countryCode */
  countryCode: string;
  /** national number, dial code stripped (spec 1 §5) */
  mobile: string;
}
