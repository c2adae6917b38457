import { getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";
import { z } from "./zod";
import { MSG } from "./messages";

export const DEFAULT_PHONE_COUNTRY: CountryCode = "AU";
export const PHONE_MAX_LENGTH = 18;

/** Every country with its dial code, for the phone input's country select (spec 1 §9: default Australia). */
export const PHONE_COUNTRIES = getCountries().map((iso2) => ({ iso2, dial: `+${getCountryCallingCode(iso2)}` }));

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

/** Parses a number typed in a country's format (or international with +); null when not a valid mobile number. */
export function parsePhone(countryFlag: string, typed: string): Phone | null {
  const country = (getCountries() as string[]).includes(countryFlag?.toUpperCase()) ? (countryFlag.toUpperCase() as CountryCode) : DEFAULT_PHONE_COUNTRY;
  const parsed = parsePhoneNumberFromString(typed ?? "", country);
  if (!parsed || !parsed.isValid()) return null;
  return { countryFlag: parsed.country ?? country, countryCode: `+${parsed.countryCallingCode}`, mobile: parsed.nationalNumber };
}

/**
 * The phone fields as forms send them (`countryFlag`, `mobile`), validated with libphonenumber-js
 * and turned into `{ countryFlag, countryCode, mobile }`.
 */
export function phoneFields(required = MSG.phoneRequired) {
  return {
    countryFlag: z.string().trim().length(2).catch(DEFAULT_PHONE_COUNTRY),
    mobile: z
      .string({ error: required })
      .trim()
      .min(1, required)
      .max(PHONE_MAX_LENGTH, MSG.invalidPhone),
  };
}

/** Refinement for an object holding phoneFields(): adds the invalid-number message on `mobile`. */
export function refinePhone<T extends { countryFlag: string; mobile: string }>(value: T, ctx: z.RefinementCtx) {
  if (value.mobile && !parsePhone(value.countryFlag, value.mobile)) {
    ctx.addIssue({ code: "custom", path: ["mobile"], message: MSG.invalidPhone });
  }
}
