import { getCountries, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";
import { MSG } from "../core/messages";
import { DEFAULT_PHONE_COUNTRY, PHONE_MAX_LENGTH, type Phone } from "./phone";
import type { z } from "../core/zod";

// The phone rules that need libphonenumber-js's metadata: used by /api and by actions on the server.
// Pages do not import this file, so the metadata stays out of the browser (forms show the API's verdict).

/** Parses a number typed in a country's format (or international with +); null when not a valid mobile number. */
export function parsePhone(countryFlag: string, typed: string): Phone | null {
  const country = (getCountries() as string[]).includes(countryFlag?.toUpperCase())
    ? (countryFlag.toUpperCase() as CountryCode)
    : DEFAULT_PHONE_COUNTRY;
  const parsed = parsePhoneNumberFromString(typed ?? "", country);
  if (!parsed || !parsed.isValid()) return null;
  return {
    countryFlag: parsed.country ?? country,
    countryCode: `+${parsed.countryCallingCode}`,
    mobile: parsed.nationalNumber,
  };
}

/**
 * A refinement for an object holding phoneFields(): `invalid` on `mobile` when a number is typed (within its length) and
 * `valid` refuses it. Safe on the raw input, so it can run with EVERY_TIME while other fields failed.
 */
export const refinePhoneWith =
  (invalid: string, valid: (value: { countryFlag?: unknown; countryCode?: unknown; mobile: string }) => boolean) =>
  <T extends { countryFlag?: unknown; countryCode?: unknown; mobile?: unknown }>(value: T, ctx: z.RefinementCtx) => {
    const mobile = typeof value?.mobile === "string" ? value.mobile.trim() : "";
    if (
      mobile &&
      mobile.length <= PHONE_MAX_LENGTH &&
      !valid({ countryFlag: value.countryFlag, countryCode: value.countryCode, mobile })
    ) {
      ctx.addIssue({ code: "custom", path: ["mobile"], message: invalid });
    }
  };

/** The console forms' check: a valid mobile number in the chosen country's format (or international with +). */
export const refinePhone = refinePhoneWith(
  MSG.invalidPhone,
  (value) => !!parsePhone(String(value.countryFlag ?? ""), value.mobile),
);

/** For a cross-field rule: run it even when other fields failed (zod skips it otherwise), so a form reports every rule on the first submit. */
export const EVERY_TIME = { when: () => true } as const;

/** "+61 400 000 002", for showing a number back to its owner. */
export const formatPhone = (phone: Phone) =>
  parsePhoneNumberFromString(`${phone.countryCode}${phone.mobile}`)?.formatInternational() ??
  `${phone.countryCode} ${phone.mobile}`;
