import { changePasswordApiSchema } from "#contract/access/auth";
import { editProfileApiSchema } from "#contract/people/profile-api";
import { MSG } from "#contract/core/messages";
import { ADMIN_ONLY, ANY_CONSOLE_USER } from "#api/platform/auth/actor";
import { ok } from "#api/platform/http/http";
import { route } from "#api/platform/http/router";
import { changePassword, updateAvatar, updateProfile } from "./service";

// spec 1 §7 Auth: the signed-in user's own profile and password
export const profileRoutes = [
  route({
    method: "post",
    path: "/user/edit-profile",
    summary:
      "Edit the signed-in user's profile (fName as the full name, countryFlag, mobile, gender, image), or send image alone to change the avatar",
    policy: ANY_CONSOLE_USER,
    body: editProfileApiSchema,
    handler: async ({ deps, actor, body }) =>
      body.kind === "avatar"
        ? ok(await updateAvatar(deps, actor, body), MSG.profileImageUpdated)
        : ok(await updateProfile(deps, actor, body), MSG.profileSaved),
  }),
  route({
    method: "post",
    path: "/user/change-password",
    summary: "Change the signed-in admin's password (oldPassword, newPassword); ends every other session",
    policy: ADMIN_ONLY,
    body: changePasswordApiSchema,
    handler: async ({ deps, actor, body }) => {
      await changePassword(deps, actor, body);
      return ok(null, MSG.passwordChanged);
    },
  }),
];
