import { and, eq, isNull, ne } from "drizzle-orm";
import { MSG } from "#contract/core/messages";
import { parsePhone } from "#contract/phone/phone-rules";
import { splitFullName } from "#contract/people/users";
import type { AvatarUpdate, ProfileUpdate } from "#contract/people/profile-api";
import { users } from "#api/db/schema";
import type { Actor } from "#api/platform/auth/actor";
import type { Deps } from "#api/platform/deps";
import { worksInAShop } from "#api/platform/auth/tenancy";
import { ApiError, badRequest, fieldError } from "#api/platform/http/http";
import { hashPassword, verifyPassword } from "#api/platform/auth/passwords";
import { pgLimit } from "#api/platform/http/rate-limit";
import { endOtherSessions } from "#api/platform/auth/sessions";
import { loggedUser } from "#api/modules/auth";
import { checkNewImage } from "#api/modules/uploads";
import { isUniqueViolation } from "#api/platform/data/db-errors";

async function currentRow(deps: Deps, actor: Actor) {
  const [user] = await deps.db.select().from(users).where(eq(users.id, actor.id));
  return user;
}

/** POST user/edit-profile with image alone: change or remove the avatar. */
export async function updateAvatar(deps: Deps, actor: Actor, input: AvatarUpdate) {
  const user = await currentRow(deps, actor);
  await checkNewImage(deps, actor, input.image, user.image, ["profileImage"]);
  await deps.db.update(users).set({ image: input.image, updatedAt: deps.now() }).where(eq(users.id, actor.id));
  return loggedUser(deps, actor.id);
}

/** POST user/edit-profile: name, phone (unique; fixed for shop users), gender, and optionally the image. */
export async function updateProfile(deps: Deps, actor: Actor, input: ProfileUpdate) {
  const user = await currentRow(deps, actor);
  const phone = parsePhone(input.countryFlag, input.mobile);
  if (!phone) throw fieldError("mobile", MSG.invalidPhone);
  const phoneChanged = phone.countryCode !== user.countryCode || phone.mobile !== user.mobile;
  // spec 1 §5: shop users (a shop id is stored) cannot change their phone in the profile
  if (phoneChanged && worksInAShop(actor) && user.mobile)
    throw new ApiError(403, MSG.phoneNotEditable, { errors: { mobile: [MSG.phoneNotEditable] } });
  if (phoneChanged) {
    const [taken] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.countryCode, phone.countryCode),
          eq(users.mobile, phone.mobile),
          isNull(users.deletedAt),
          ne(users.id, actor.id),
        ),
      );
    if (taken) throw fieldError("mobile", MSG.phoneTaken);
  }
  if (input.image !== undefined) await checkNewImage(deps, actor, input.image, user.image, ["profileImage"]);
  try {
    await deps.db
      .update(users)
      .set({
        ...splitFullName(input.fName),
        gender: input.gender,
        ...(phoneChanged ? phone : {}),
        ...(input.image !== undefined ? { image: input.image } : {}),
        updatedAt: deps.now(),
      })
      .where(eq(users.id, actor.id));
  } catch (error) {
    // two accounts claiming the same number at once: the unique index decides
    if (isUniqueViolation(error)) throw fieldError("mobile", MSG.phoneTaken);
    throw error;
  }
  return loggedUser(deps, actor.id);
}

const FIFTEEN_MINUTES = 15 * 60;

/**
 * POST user/change-password (admin only, spec 1 §6): checks the current password, stores the new one as
 * argon2id and ends every other session of the user, keeping this one (ARCHITECTURE §5).
 */
export async function changePassword(deps: Deps, actor: Actor, input: { oldPassword: string; newPassword: string }) {
  const user = await currentRow(deps, actor);
  if (!user.passwordHash) throw badRequest(MSG.noPasswordSet);
  // the current password is guessable through this form too: same limit as sign-in per account
  const limit = pgLimit(deps.db, "change-password", 10, FIFTEEN_MINUTES);
  if (await limit.exhausted(actor.id)) throw new ApiError(429, MSG.passwordThrottled);
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
    await limit.hit(actor.id);
    throw fieldError("oldPassword", MSG.currentPasswordWrong);
  }
  await limit.reset(actor.id);
  await deps.db
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: deps.now() })
    .where(eq(users.id, actor.id));
  await endOtherSessions(deps, actor.id, actor.sessionId);
}
