import { z } from "./zod";
import { GENDERS } from "./auth";
import { MSG } from "./messages";
import { phoneFields, refinePhone } from "./phone";

export const FULL_NAME_MAX = 25;

/** spec 1 §5 Edit Profile: one Full Name field, stored split at the first space into fName and lName. */
export const fullNameField = z.string({ error: MSG.nameRequired }).trim().min(1, MSG.nameRequired).max(FULL_NAME_MAX, MSG.nameMax);
export const genderField = z.enum(GENDERS, { error: MSG.genderRequired });
/** A picture's location; the spec's wire value 'null' (or nothing) removes it. */
export const imageField = z
  .string()
  .trim()
  .max(1000)
  .nullable()
  .transform((v) => (!v || v === "null" ? null : v));

export const splitFullName = (full: string) => {
  const name = full.trim().replace(/\s+/g, " ");
  const space = name.indexOf(" ");
  return space === -1 ? { fName: name, lName: "" } : { fName: name.slice(0, space), lName: name.slice(space + 1) };
};
export const joinName = (user: { fName: string; lName?: string | null }) => `${user.fName} ${user.lName ?? ""}`.trim();

/** The Edit Profile form (name, phone, gender); the avatar is its own form. */
export const editProfileFormSchema = z.object({ fName: fullNameField, ...phoneFields(), gender: genderField }).superRefine(refinePhone);

const profileSchema = z.object({ fName: fullNameField, ...phoneFields(), gender: genderField, image: imageField.optional() }).superRefine(refinePhone);
const avatarSchema = z.object({ image: imageField });
export type ProfileUpdate = z.infer<typeof profileSchema>;
export type AvatarUpdate = z.infer<typeof avatarSchema>;

/**
 * POST user/edit-profile: the profile fields (fName is the full name; countryCode is derived from the number),
 * or `image` alone to change or remove only the avatar.
 */
export const editProfileApiSchema = z
  .object({
    fName: z.string().nullable().optional(),
    countryFlag: z.string().nullable().optional(),
    countryCode: z.string().nullable().optional(),
    mobile: z.string().nullable().optional(),
    gender: z.string().nullable().optional(),
    image: z.string().nullable().optional(),
  })
  .transform((raw, ctx): ({ kind: "avatar" } & AvatarUpdate) | ({ kind: "profile" } & ProfileUpdate) => {
    const avatarOnly = raw.image !== undefined && raw.fName === undefined && raw.mobile === undefined && raw.gender === undefined;
    const parsed = avatarOnly ? avatarSchema.safeParse(raw) : profileSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
      return z.NEVER;
    }
    return avatarOnly ? { kind: "avatar", ...(parsed.data as AvatarUpdate) } : { kind: "profile", ...(parsed.data as ProfileUpdate) };
  });

// spec 1 §5 Demo card: checked by pattern only; Visa (4…) or Mastercard (51–55, 2221–2720)
const VISA = /^4\d{12}(\d{3}){0,2}$/;
const MASTER = /^(5[1-5]\d{2}|222[1-9]|22[3-9]\d|2[3-6]\d{2}|27[01]\d|2720)\d{12}$/;
export const cardType = (digits: string): "Visa" | "Master" => (digits.startsWith("4") ? "Visa" : "Master");

export const demoCardSchema = z.object({
  cardHolderName: z.string({ error: MSG.cardHolderRequired }).trim().min(1, MSG.cardHolderRequired).max(50),
  cardNumber: z
    .string({ error: MSG.cardNumber })
    .transform((v) => v.replace(/[\s-]/g, ""))
    .refine((v) => VISA.test(v) || MASTER.test(v), MSG.cardNumber),
  exp: z.string({ error: MSG.cardExpiry }).trim().regex(/^(0[1-9]|1[0-2])\/\d{2}$/, MSG.cardExpiry),
  cvv: z.string({ error: MSG.cardCvv }).trim().regex(/^\d{3,4}$/, MSG.cardCvv),
});
