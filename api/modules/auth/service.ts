import { and, eq, isNull, sql } from "drizzle-orm";
import type { Context } from "hono";
import { MSG } from "#contract/core/messages";
import type { LoggedUser } from "#contract/access/auth";
import { USER_TYPE, type Permission, type Role } from "#contract/access/roles";
import { shopStaff, shops, staffPermissions, users } from "#api/db/schema";
import type { Actor, SignedInRows } from "#api/platform/auth/actor";
import type { Deps } from "#api/platform/deps";
import { badRequest, forbidden, unauthorized } from "#api/platform/http/http";
import { hashPassword, verifyPassword } from "#api/platform/auth/passwords";
import { rememberAddress, spendAttempt } from "./guard";
import { clientIp, sessionCookie, signInRefusal, startSession } from "#api/platform/auth/sessions";

// a hash to verify against when the e-mail is unknown, so timing does not reveal accounts
let dummyHash: Promise<string> | undefined;

export const findUserByEmail = async (deps: Deps, email: string) =>
  (
    await deps.db
      .select()
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt)))
  )[0];

/**
 * E-mail and password sign-in. The attempt is counted before the password is checked (ADR 0025), so under any
 * concurrency no more attempts are evaluated than the limits allow.
 */
export async function loginWithPassword(deps: Deps, c: Context, email: string, password: string) {
  const accountKey = email.toLowerCase();
  const ip = clientIp(c);
  const user = await findUserByEmail(deps, email);
  const attempt = await spendAttempt(deps, "password", accountKey, ip, user?.id, MSG.loginThrottled);
  dummyHash ??= hashPassword("not-a-real-password");
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyHash), password);
  if (!user || !valid) throw badRequest(MSG.loginFailed);
  await attempt.succeeded();
  return signIn(deps, c, user.id);
}

/** Opens a session for an account that has proven who it is (password, phone code or single sign-on). */
export async function signIn(deps: Deps, c: Context, userId: string) {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  const refusal = user ? await signInRefusal(deps, user) : MSG.loginFailed;
  if (refusal) throw forbidden(refusal);
  const token = await startSession(deps, userId, c);
  await rememberAddress(deps, userId, clientIp(c));
  c.header("Set-Cookie", sessionCookie(deps, token), { append: true });
  return { token, user: await loggedUser(deps, userId) };
}

/** The logged user as spec 1 §3 names it, plus what the console needs to shape itself. */
export async function loggedUser(deps: Deps, userId: string): Promise<LoggedUser> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  // a session whose user is gone is no sign-in
  if (!user) throw unauthorized();
  let shop: SignedInRows["shop"] = null;
  if (user.role === "shopOwner") {
    const [s] = await deps.db
      .select({ id: shops.id, name: shops.name })
      .from(shops)
      .where(and(eq(shops.ownerId, user.id), isNull(shops.deletedAt)));
    shop = s ? { ...s, designation: null } : null;
  } else if (user.role === "staff") {
    const [s] = await deps.db
      .select({ id: shops.id, name: shops.name, designation: shopStaff.designation })
      .from(shopStaff)
      .innerJoin(shops, eq(shops.id, shopStaff.shopId))
      .where(eq(shopStaff.userId, user.id));
    shop = s ?? null;
  }
  const permissions =
    user.role === "staff"
      ? (await deps.db.select().from(staffPermissions).where(eq(staffPermissions.userId, user.id))).map(
          (p) => p.permission as Permission,
        )
      : [];
  return asLoggedUser({ user, shop }, permissions);
}

function asLoggedUser({ user, shop }: SignedInRows, permissions: Permission[]): LoggedUser {
  const role = user.role as Role;
  return {
    _id: user.id,
    fName: user.fName,
    lName: user.lName,
    email: user.email,
    image: user.image,
    mobile: user.mobile,
    countryCode: user.countryCode,
    countryFlag: user.countryFlag,
    gender: user.gender,
    role: { role },
    shop: shop && { _id: shop.id, name: shop.name },
    userType: USER_TYPE[role],
    designation: shop?.designation ?? null,
    permissions,
    hasPassword: !!user.passwordHash,
  };
}
export type { LoggedUser } from "#contract/access/auth";

/** The signed-in user: from the rows the session check already read, when it did (every console request). */
export const currentUser = async (deps: Deps, actor: Actor) =>
  actor.signedIn ? asLoggedUser(actor.signedIn, [...actor.permissions]) : loggedUser(deps, actor.id);
