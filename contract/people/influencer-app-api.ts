import { z } from "../core/zod";
import { MSG } from "../core/messages";
import { withPhone } from "../phone/otp-api";
import { otpField, phoneFields } from "../phone/otp";
import { REGISTRATION_OTP_TYPE } from "./registration";
import { influencerEntitySchema } from "./influencers-api";

// The influencers' app door (ADR 0057): the phone-code sign-in of the mobile app and the calls only an
// Approved influencer's bearer token opens. Server only (the numbers are checked with libphonenumber-js).

/** spec 1 §7 leaves the sign-in type open: the mobile app signs in with this one. */
export const INFLUENCER_LOGIN_OTP_TYPE = "influencer-login";

/**
 * `POST auth/verify-otp/influencer`: {otp, countryCode or countryFlag, mobile, type}. One path, two doors told apart by
 * `type`: 'influencer-web-registration' verifies a registration's phone, 'influencer-login' signs an influencer in.
 */
export const influencerVerifyOtpSchema = z
  .object({
    ...phoneFields(MSG.regMobileRequired, MSG.invalidPhone),
    otp: otpField,
    type: z.enum([REGISTRATION_OTP_TYPE, INFLUENCER_LOGIN_OTP_TYPE], { error: MSG.regOtpType }),
  })
  .transform(withPhone(MSG.invalidPhone));

/** What `auth/verify-otp/influencer` answers to 'influencer-login': the app's bearer token and whose it is. */
export const influencerSignedInSchema = z.object({
  token: z.string(),
  user: z.object({ _id: z.string(), fName: z.string(), lName: z.string(), role: z.literal("influencer") }),
});

/** `GET influencer/me`: the signed-in influencer's own profile, spec 3 §3 Influencer's fields. */
export const influencerMeSchema = influencerEntitySchema.pick({
  _id: true,
  fName: true,
  email: true,
  image: true,
  bio: true,
  dob: true,
  locations: true,
  instaProfileId: true,
  tiktokProfileId: true,
  countryFlag: true,
  portfolio: true,
});
export type InfluencerMe = z.output<typeof influencerMeSchema>;
