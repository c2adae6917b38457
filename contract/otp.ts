import { z } from "./zod";
import { MSG } from "./messages";
import { DEFAULT_PHONE_COUNTRY, PHONE_MAX_LENGTH, parsePhone, type Phone } from "./phone";

/** spec 1 §9: OTP length 6. */
export const OTP_LENGTH = 6;

/**
 * The phone a code is for (spec 1 §7 leaves the shape open): the number with either `countryFlag`
 * (ISO two-letter, as our forms send it) or `countryCode` (plus sign and dial code, as the mobile apps send it).
 */
const phoneShape = {
  countryFlag: z.string().trim().length(2).optional().catch(undefined),
  countryCode: z
    .string()
    .trim()
    .regex(/^\+?\d{1,4}$/)
    .optional()
    .catch(undefined),
  mobile: z.string({ error: MSG.missingPhone }).trim().min(1, MSG.missingPhone).max(PHONE_MAX_LENGTH, MSG.invalidPhone),
};

/** The normalised phone, or null when it is not a valid mobile number. */
export function otpPhone(value: { countryFlag?: string; countryCode?: string; mobile: string }): Phone | null {
  if (value.countryFlag || !value.countryCode || value.mobile.startsWith("+")) {
    return parsePhone(value.countryFlag ?? DEFAULT_PHONE_COUNTRY, value.mobile);
  }
  // a dial code with a national number: drop the trunk 0 some people type (0400… in Australia)
  return parsePhone(DEFAULT_PHONE_COUNTRY, `+${value.countryCode.replace(/\D/g, "")}${value.mobile.replace(/^0+/, "")}`);
}

/** E.164, the form codes are stored and texts are sent under. */
export const e164 = (phone: Phone) => `${phone.countryCode}${phone.mobile}`;

function invalidPhone(ctx: z.RefinementCtx) {
  ctx.addIssue({ code: "custom", path: ["mobile"], message: MSG.invalidPhone });
  return z.NEVER;
}

/** The six digits, as one string (API) or as the six single-digit inputs of the form (joined in order). */
export const otpField = z
  .union([z.string(), z.array(z.string())], { error: MSG.otpLength })
  .transform((v) => (Array.isArray(v) ? v.join("") : v).replace(/\s/g, ""))
  .pipe(z.string().regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), MSG.otpLength));

/** `POST auth/send-otp/shopOwner`; also the first step of /auth/shopkeeper/login. */
export const sendOtpSchema = z.object(phoneShape).transform((value, ctx) => otpPhone(value) ?? invalidPhone(ctx));

/** `POST auth/verify-otp/shopOwner`; also the code step of /auth/shopkeeper/login. */
export const verifyOtpSchema = z
  .object({ ...phoneShape, otp: otpField })
  .transform((value, ctx) => {
    const phone = otpPhone(value);
    return phone ? { ...phone, otp: value.otp } : invalidPhone(ctx);
  });
