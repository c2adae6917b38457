import { z } from "../core/zod";
import { GENDERS } from "../access/roles";
import { MSG } from "../core/messages";
import { phoneFields } from "../phone/phone";

export const FULL_NAME_MAX = 25;

/** spec 1 §5 Edit Profile: one Full Name field, stored split at the first space into fName and lName. */
export const fullNameField = z
  .string({ error: MSG.nameRequired })
  .trim()
  .min(1, MSG.nameRequired)
  .max(FULL_NAME_MAX, MSG.nameMax);
export const genderField = z.enum(GENDERS, { error: MSG.genderRequired });
/** A picture's location; the spec's wire value 'null' (or nothing) removes it. */
export const imageField = z
  .string()
  .trim()
  .max(1000)
  .nullable()
  .transform((v) => (!v || v === "null" ? null : v));

/**
 * The Edit Profile form (name, phone, gender) as its action checks it; the avatar is its own form.
 * Whether the number is a valid mobile number is the API's verdict (profile-api.ts), shown beside the field.
 */
export const editProfileFormSchema = z.object({ fName: fullNameField, ...phoneFields(), gender: genderField });
