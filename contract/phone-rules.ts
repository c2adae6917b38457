import { getCountries, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";
import { MSG } from "./messages";
import { DEFAULT_PHONE_COUNTRY, PHONE_MAX_LENGTH, type Phone } from "./phone";
import type { z } from "./zod";

// The phone rules that need libphonenumber-js's metadata: used by /api and by actions on the server.
// Pages do not import this file, so the metadata stays out of the browser (forms show the API's verdict).

/** Parses a number typed in a country's format (or international with +); null when not a valid mobile number. */
export function parsePhone(countryFlag: string, typed: string): Phone | null {
  const country = (getCountries() as string[]).includes(countryFlag?.toUpperCase()) ? (countryFlag.toUpperCase() as CountryCode) : DEFAULT_PHONE_COUNTRY;
  const parsed = parsePhoneNumberFromString(typed ?? "", country);
  if (!parsed || !parsed.isValid()) return null;
  return { countryFlag: parsed.country ?? country, countryCode: `+${parsed.countryCallingCode}`, mobile: parsed.nationalNumber };
}

/**
 * Refinement for an object holding phoneFields(): adds the invalid-number message on `mobile`. Safe on the raw
 * input, so it can run with EVERY_TIME while other fields failed.
 */
export function refinePhone<T extends { countryFlag?: string; mobile?: string }>(value: T, ctx: z.RefinementCtx) {
  const mobile = typeof value?.mobile === "string" ? value.mobile.trim() : "";
  if (mobile && mobile.length <= PHONE_MAX_LENGTH && !parsePhone(String(value.countryFlag ?? ""), mobile)) {
    ctx.addIssue({ code: "custom", path: ["mobile"], message: MSG.invalidPhone });
  }
}

/** For a cross-field rule: run it even when other fields failed (zod skips it otherwise), so a form reports every rule on the first submit. */
export const EVERY_TIME = { when: () => true } as const;

/** "+61 400 000 002", for showing a number back to its owner. */
export const formatPhone = (phone: Phone) => parsePhoneNumberFromString(`${phone.countryCode}${phone.mobile}`)?.formatInternational() ?? `${phone.countryCode} ${phone.mobile}`;
