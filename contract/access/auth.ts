import { z } from "../core/zod";
import { MSG } from "../core/messages";

import { ALL_PERMISSIONS, ROLES, type Permission } from "./roles";
import { personFields } from "../people/person-api";

export { GENDERS } from "./roles";

export const loginSchema = z.object({
  // one message at a time: an empty e-mail is only 'Please Enter Your Email' (the format is checked once there is one)
  email: z
    .string({ error: MSG.emailRequired })
    .trim()
    .min(1, MSG.emailRequired)
    .pipe(z.email({ error: MSG.emailInvalid }).max(254, MSG.emailInvalid)),
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(200),
});

export const PASSWORD_MIN = 8;

/** spec 1 §4 Sign-out, §9: shop users (owners and staff) go to the login 1000 ms after signing out; admins at once. */
export const SHOP_SIGN_OUT_DELAY_MS = 1000;

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

/** The logged user as spec 1 §3 names it, plus what the console needs to shape itself (GET auth/isLoggedIn). */
export const loggedUserSchema = z.object({
  ...personFields,
  role: z.object({ role: z.enum(ROLES) }),
  /** an owner's or staff member's shop */
  shop: z.object({ _id: z.string(), name: z.string() }).nullable(),
  userType: z.string(),
  designation: z.string().nullable(),
  /** a staff member's granted access types; empty for every other role */
  permissions: z.array(z.enum(ALL_PERMISSIONS as [Permission, ...Permission[]])),
  hasPassword: z.boolean(),
});
export type LoggedUser = z.output<typeof loggedUserSchema>;

/** What a sign-in answers (password, phone code or single sign-on): the session token and the logged user. */
export const signedInSchema = z.object({ token: z.string(), user: loggedUserSchema });
