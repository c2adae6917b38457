import { getCountries, getCountryCallingCode } from "libphonenumber-js";
import { describe, expect, it } from "vitest";
import { DEFAULT_PHONE_COUNTRY, PHONE_COUNTRIES } from "../../contract/phone/phone";
import { parsePhone } from "../../contract/phone/phone-rules";

describe("the phone input's country list", () => {
  it("is every country libphonenumber-js knows, with its dial code (else run node scripts/phone-countries.mjs)", () => {
    expect(PHONE_COUNTRIES).toEqual(getCountries().map((iso2) => ({ iso2, dial: `+${getCountryCallingCode(iso2)}` })));
    expect(PHONE_COUNTRIES.find((c) => c.iso2 === DEFAULT_PHONE_COUNTRY)).toEqual({ iso2: "AU", dial: "+61" });
  });

  it("parses numbers the way the forms send them and strips the dial code (spec 1 §5)", () => {
    expect(parsePhone("AU", "0412 345 678")).toEqual({ countryFlag: "AU", countryCode: "+61", mobile: "412345678" });
    expect(parsePhone("AU", "+33 6 12 34 56 78")).toEqual({
      countryFlag: "FR",
      countryCode: "+33",
      mobile: "612345678",
    });
    expect(parsePhone("AU", "12345")).toBeNull();
  });
});
