import { ETHNICITY_VALUES, INFLUENCER_GENDERS, PORTFOLIO_MAX, SOCIAL_IDS } from "./influencers";
import { MSG } from "../core/messages";
import { otpPhone, withPhone } from "../phone/otp-api";
import { EVERY_TIME } from "../phone/phone-rules";
import { otpField, phoneFields } from "../phone/otp";
import { PHONE_MAX_LENGTH } from "../phone/phone";
import {
  REGISTRATION_OTP_TYPE,
  PUBLIC_UPLOAD_PURPOSES,
  REG_BIO_MAX,
  REG_NAME_MAX,
  REG_SOCIAL_ID_MAX,
  latestToday,
} from "./registration";
import { signUploadSchema } from "../uploads/uploads-api";
import { VERIFICATION_STATUSES } from "../phone/verification";
import { isDay } from "../core/days";
import { z } from "../core/zod";

// The schemas of the public registration calls (server only: the page's action and /api use them; pages ship none).

const required = (message: string, max: number, maxMessage: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, maxMessage);

const socialId = (label: string, isRequired: boolean) =>
  isRequired
    ? required(MSG.regSocialIdRequired(label), REG_SOCIAL_ID_MAX, MSG.max100)
    : z
        .string()
        .trim()
        .max(REG_SOCIAL_ID_MAX, MSG.max100)
        .nullish()
        .transform((v) => v || null);

/**
 * spec 1 §5 Public registration, field by field and word for word. `socialIdsRequired`: the spec gives two readings
 * of the four social ids; INFLUENCER_SOCIAL_IDS_REQUIRED chooses (default optional).
 */
export function registrationFields(socialIdsRequired: boolean, now?: Date) {
  return {
    fName: required(MSG.regNameRequired, REG_NAME_MAX, MSG.nameMax)
      .transform((v) => v.replace(/\s+/g, " "))
      .pipe(z.string().regex(/^[\p{L} ]+$/u, MSG.regNameInvalid)),
    email: required(MSG.regEmailRequired, 100, MSG.max100)
      .pipe(z.email(MSG.emailInvalid))
      .transform((v) => v.toLowerCase()),
    gender: z.enum(INFLUENCER_GENDERS, { error: MSG.genderRequired }),
    dob: z
      .string({ error: MSG.dobRequired })
      .trim()
      .transform((v) => v.slice(0, 10))
      .refine(isDay, MSG.dobRequired)
      .refine((v) => v <= latestToday(now ?? new Date()), MSG.regDobFuture),
    ethnicity: z.enum(ETHNICITY_VALUES, { error: MSG.ethnicityRequired }),
    country: required(MSG.countryRequired, 2, MSG.geoCountryUnknown).transform((v) => v.toUpperCase()),
    state: required(MSG.stateRequired, 100, MSG.geoStateUnknown),
    city: required(MSG.cityRequired, 100, MSG.cityRequired),
    instaProfileId: socialId(SOCIAL_IDS[0].label, socialIdsRequired),
    tiktokProfileId: socialId(SOCIAL_IDS[1].label, socialIdsRequired),
    fbProfileId: socialId(SOCIAL_IDS[2].label, socialIdsRequired),
    youtubeProfileId: socialId(SOCIAL_IDS[3].label, socialIdsRequired),
    bio: required(MSG.bioRequired, REG_BIO_MAX, MSG.regBioMax),
    // a picture upload is optional here (spec 1 §5 Public registration lists no rule for it)
    profileImage: z
      .string()
      .trim()
      .max(1000)
      .nullish()
      .transform((v) => v || null),
    portfolio: z.preprocess(
      (v) =>
        (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]).filter(
          (x) => typeof x !== "string" || x.trim() !== "",
        ),
      z
        .array(z.string().trim().max(1000), { error: MSG.portfolioRequired })
        .min(1, MSG.portfolioRequired)
        .max(PORTFOLIO_MAX, MSG.portfolioMax),
    ),
  };
}

const phoneInput = phoneFields(MSG.regMobileRequired, MSG.invalidPhone);

/** The phone of an object holding `phoneInput`, normalised (spec 1 §5), or 'Please enter a valid mobile number'. */
const toPhone = withPhone(MSG.invalidPhone);

/**
 * `POST auth/register-influencer` (spec 1 §3 registration payload; the phone as `countryCode` + `mobile`, or `countryFlag` + `mobile`),
 * and the page's form. The API checks the social ids against its setting after this (they are optional here).
 */
export const registrationSchema = (socialIdsRequired = false, now?: Date) =>
  z
    .object({ ...registrationFields(socialIdsRequired, now), ...phoneInput })
    // the number is checked with the other fields, not after them
    .superRefine((v, ctx) => {
      const mobile = typeof v?.mobile === "string" ? v.mobile.trim() : "";
      if (
        mobile &&
        mobile.length <= PHONE_MAX_LENGTH &&
        !otpPhone({ countryFlag: v.countryFlag, countryCode: v.countryCode, mobile })
      ) {
        ctx.addIssue({ code: "custom", path: ["mobile"], message: MSG.invalidPhone });
      }
    }, EVERY_TIME)
    .transform(toPhone);
export type RegistrationInput = z.output<ReturnType<typeof registrationSchema>>;

/** `POST auth/send-otp/influencer`: {countryCode, mobile}. */
export const registrationSendOtpSchema = z.object(phoneInput).transform(toPhone);

/** `POST auth/verify-otp/influencer`: {otp, countryCode, mobile, type: 'influencer-web-registration'}. */
export const registrationVerifyOtpSchema = z
  .object({
    ...phoneInput,
    otp: otpField,
    type: z.literal(REGISTRATION_OTP_TYPE, { error: MSG.regOtpType }),
  })
  .transform(toPhone);

/** `POST upload/public/sign`: the signed-upload call, for the registration page's two kinds of picture only. */
export const publicSignUploadSchema = signUploadSchema.refine(
  (v) => (PUBLIC_UPLOAD_PURPOSES as readonly string[]).includes(v.purpose),
  {
    path: ["purpose"],
    message: MSG.publicUploadPurpose,
  },
);

const phoneOut = { countryFlag: z.string(), countryCode: z.string(), mobile: z.string() };

/** What `POST auth/register-influencer` answers: the person is registered whether or not the code went out (spec 1 §4). */
export const registrationResultSchema = z.object({
  _id: z.string(),
  ...phoneOut,
  /** false when the code could not be sent; `otpError` then says why ('Failed to send OTP: …') */
  otpSent: z.boolean(),
  otpError: z.string().nullable(),
  expiresAt: z.string().nullable(),
});

/** What verifying the registration's code answers: the registrant, now awaiting approval. */
export const registrationVerifiedSchema = z.object({
  _id: z.string(),
  status: z.enum(VERIFICATION_STATUSES),
  ...phoneOut,
});

/** What `POST auth/register-influencer` answers: the person is registered whether or not the code went out (spec 1 §4). */
export type RegistrationResult = z.output<typeof registrationResultSchema>;
