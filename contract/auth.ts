import { z } from "./zod";
import { MSG } from "./messages";

export { GENDERS } from "./roles";

export const loginSchema = z.object({
  email: z.string({ error: MSG.emailRequired }).trim().min(1, MSG.emailRequired).email(MSG.emailInvalid).max(254),
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(200),
});

export const PASSWORD_MIN = 8;

/** spec 1 §5 Change Password; the API takes oldPassword and newPassword, the form adds the confirmation. */
export const changePasswordApiSchema = z.object({
  oldPassword: z.string({ error: MSG.currentPasswordRequired }).min(1, MSG.currentPasswordRequired).max(200),
  newPassword: z
    .string({ error: MSG.newPasswordRequired })
    // one message at a time: an empty field is "required", not also "too short"
    .min(1, { message: MSG.newPasswordRequired, abort: true })
    .min(PASSWORD_MIN, MSG.passwordMin)
    .max(200),
});

export const changePasswordFormSchema = changePasswordApiSchema
  .extend({
    confirmPassword: z.string({ error: MSG.confirmPasswordRequired }).min(1, MSG.confirmPasswordRequired),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], message: MSG.passwordMismatch });
