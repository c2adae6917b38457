import { z } from "../core/zod";
import { phoneFields } from "../phone/phone";
import { refinePhone } from "../phone/phone-rules";
import { fullNameField, genderField, imageField } from "./profile";

// The API's side of Edit Profile (server only: it validates the number with libphonenumber-js).

const profileSchema = z
  .object({ fName: fullNameField, ...phoneFields(), gender: genderField, image: imageField.optional() })
  .superRefine(refinePhone);
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
    const avatarOnly =
      raw.image !== undefined && raw.fName === undefined && raw.mobile === undefined && raw.gender === undefined;
    const parsed = avatarOnly ? avatarSchema.safeParse(raw) : profileSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
      return z.NEVER;
    }
    return avatarOnly
      ? { kind: "avatar", ...(parsed.data as AvatarUpdate) }
      : { kind: "profile", ...(parsed.data as ProfileUpdate) };
  });
