import { z } from "../core/zod";
import { MSG } from "../core/messages";
import { PHONE_MAX_LENGTH } from "./phone";

/** spec 1 §9: OTP length 6. */
export const OTP_LENGTH = 6;

/**
 * The phone a code is for (spec 1 §7 leaves the shape open): the number with either `countryFlag`
 * (ISO two-letter, as our forms send it) or `countryCode` (plus sign and dial code, as the mobile apps send it).
 */
export const phoneFields = (required: string, invalid: string) => ({
  countryFlag: z.string().trim().length(2).optional().catch(undefined),
  countryCode: z
    .string()
    .trim()
    .regex(/^\+?\d{1,4}$/)
    .optional()
    .catch(undefined),
  mobile: z.string({ error: required }).trim().min(1, required).max(PHONE_MAX_LENGTH, invalid),
});
/** The phone of the sign-in calls, with their messages (`phoneFields` gives another form its own). */
export const phoneShape = phoneFields(MSG.missingPhone, MSG.invalidPhone);

/** The six digits, as one string (API) or as the six single-digit inputs of the form (joined in order). */
export const otpField = z
  .union([z.string(), z.array(z.string())], { error: MSG.otpLength })
  .transform((v) => (Array.isArray(v) ? v.join("") : v).replace(/\s/g, ""))
  .pipe(z.string().regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), MSG.otpLength));
