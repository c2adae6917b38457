import { MSG } from "../core/messages";
import { otpField, phoneShape } from "./otp";
import { DEFAULT_PHONE_COUNTRY, type Phone } from "./phone";
import { parsePhone } from "./phone-rules";
import { z } from "../core/zod";

// The API's side of the phone-code calls (server only: numbers are checked with libphonenumber-js).

/** The normalised phone, or null when it is not a valid mobile number. */
export function otpPhone(value: { countryFlag?: string; countryCode?: string; mobile: string }): Phone | null {
  if (value.countryFlag || !value.countryCode || value.mobile.startsWith("+")) {
    return parsePhone(value.countryFlag ?? DEFAULT_PHONE_COUNTRY, value.mobile);
  }
  // a dial code with a national number: drop the trunk 0 some people type (0400… in Australia)
  return parsePhone(
    DEFAULT_PHONE_COUNTRY,
    `+${value.countryCode.replace(/\D/g, "")}${value.mobile.replace(/^0+/, "")}`,
  );
}

/** E.164, the form codes are stored and texts are sent under. */
export const e164 = (phone: Phone) => `${phone.countryCode}${phone.mobile}`;

function invalidPhone(ctx: z.RefinementCtx) {
  ctx.addIssue({ code: "custom", path: ["mobile"], message: MSG.invalidPhone });
  return z.NEVER;
}

/**
 * A transform for an object holding `phoneFields`: its countryFlag, countryCode and mobile become the normalised phone
 * (libphonenumber-js, dial code stripped, spec 1 §5), or `invalid` on `mobile`.
 */
export const withPhone =
  (invalid: string) =>
  <T extends { countryFlag?: string; countryCode?: string; mobile: string }>(
    value: T,
    ctx: z.RefinementCtx,
  ): Omit<T, "countryFlag" | "countryCode" | "mobile"> & Phone => {
    const phone = otpPhone(value);
    if (!phone) {
      ctx.addIssue({ code: "custom", path: ["mobile"], message: invalid });
      return z.NEVER;
    }
    const { countryFlag: _flag, countryCode: _code, mobile: _mobile, ...rest } = value;
    return { ...rest, ...phone };
  };

/** `POST auth/send-otp/shopOwner`; also the first step of /auth/shopkeeper/login. */
export const sendOtpSchema = z.object(phoneShape).transform((value, ctx) => otpPhone(value) ?? invalidPhone(ctx));

/** `POST auth/verify-otp/shopOwner`; also the code step of /auth/shopkeeper/login. */
export const verifyOtpSchema = z.object({ ...phoneShape, otp: otpField }).transform((value, ctx) => {
  const phone = otpPhone(value);
  return phone ? { ...phone, otp: value.otp } : invalidPhone(ctx);
});

/** What sending a code answers: the phone it went to and when the code expires. */
export const otpSentSchema = z.object({
  countryFlag: z.string(),
  countryCode: z.string(),
  mobile: z.string(),
  expiresAt: z.string(),
});
