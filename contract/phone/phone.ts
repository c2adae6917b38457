import { z } from "../core/zod";
import { MSG } from "../core/messages";
import { DEFAULT_PHONE_COUNTRY, PHONE_MAX_LENGTH } from "./phone-basics";

export { DEFAULT_PHONE_COUNTRY, PHONE_COUNTRIES, PHONE_MAX_LENGTH, flagEmoji, type Phone } from "./phone-basics";

/**
 * The phone fields as forms send them (`countryFlag`, `mobile`): required and at most 18 characters here;
 * whether the number is a valid mobile number is checked on the server (phone-rules.ts: refinePhone).
 */
export function phoneFields(required: string = MSG.phoneRequired) {
  return {
    countryFlag: z.string().trim().length(2).catch(DEFAULT_PHONE_COUNTRY),
    mobile: z.string({ error: required }).trim().min(1, required).max(PHONE_MAX_LENGTH, MSG.invalidPhone),
  };
}
