import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { MSG } from "#contract/core/messages";
import { parsePhone } from "#contract/phone/phone-rules";
import { boundByGrantedRights, can } from "#contract/access/rights";
import { ALL_PERMISSIONS, type Permission } from "#contract/access/roles";
import { accessModules, permissionsOf } from "#contract/people/staff";
import type { StaffMember } from "#contract/people/staff-api";
import type { AddStaffInput, EditStaffInput, RemoveStaffInput } from "#contract/people/staff-api";
import { splitFullName } from "#contract/people/users";
import type { Tx } from "#api/db/client";
import { shopStaff, shops, staffPermissions, users } from "#api/db/schema";
import type { Actor } from "#api/platform/auth/actor";
import { isUniqueViolation } from "#api/platform/data/db-errors";
import type { Deps } from "#api/platform/deps";
import { ApiError, badRequest, fieldError, forbidden, notFound } from "#api/platform/http/http";
import { newId } from "#api/platform/data/ids";
import { endAllSessions } from "#api/platform/auth/sessions";
import { actingShop } from "#api/platform/auth/tenancy";
import { checkNewImage } from "#api/modules/uploads";

const STAFF_IMAGE = ["staffImage"] as const;
type UserRow = typeof users.$inferSelect;

/** A live shop the actor may manage staff in; an owner or staff member naming another shop gets 404 (not yours). */
async function manageableShop(deps: Deps, actor: Actor, requested: string | undefined) {
  const shopId = actingShop(actor, requested);
  if (!shopId) throw fieldError("shopId", MSG.staffShopRequired);
  const [shop] = await deps.db
    .select({ id: shops.id, ownerId: shops.ownerId })
    .from(shops)
    .where(and(eq(shops.id, shopId), isNull(shops.deletedAt)));
  if (!shop) throw notFound();
  return shop;
}

interface Member {
  user: UserRow;
  shopId: string;
  isOwner: boolean;
  designation: string;
}

/** A live team member (the owner or a staff member) and their shop; null when there is none. */
async function findMember(deps: Deps, userId: string): Promise<Member | null> {
  const [staffRow] = await deps.db
    .select({ user: users, shopId: shopStaff.shopId, designation: shopStaff.designation })
    .from(shopStaff)
    .innerJoin(users, eq(users.id, shopStaff.userId))
    .innerJoin(shops, eq(shops.id, shopStaff.shopId))
    .where(
      and(eq(shopStaff.userId, userId), eq(users.role, "staff"), isNull(users.deletedAt), isNull(shops.deletedAt)),
    );
  if (staffRow) return { ...staffRow, isOwner: false };
  const [ownerRow] = await deps.db
    .select({ user: users, shopId: shops.id })
    .from(shops)
    .innerJoin(users, eq(users.id, shops.ownerId))
    .where(and(eq(shops.ownerId, userId), isNull(shops.deletedAt), isNull(users.deletedAt)));
  if (ownerRow) return { ...ownerRow, isOwner: true, designation: "Owner" };
  return null;
}

/**
 * The member `userId` as seen by the actor: an owner or staff member reaches only their own shop's team, an admin
 * any (and, when a shop is named, only that shop's). Anything else is 404 so ids reveal nothing.
 */
async function reachableMember(deps: Deps, actor: Actor, userId: string, requestedShop?: string) {
  const member = await findMember(deps, userId);
  if (!member || member.shopId !== actingShop(actor, requestedShop, member.shopId)) throw notFound();
  return member;
}

async function permissionsOfUser(deps: Deps | { db: Tx }, userId: string) {
  const rows = await deps.db
    .select({ permission: staffPermissions.permission })
    .from(staffPermissions)
    .where(eq(staffPermissions.userId, userId));
  return rows.map((r) => r.permission as Permission);
}

/** spec 1 §3 Staff with its access modules; the owner holds every access type. */
async function staffMember(deps: Deps, member: Member): Promise<StaffMember> {
  const { user } = member;
  const permissions = member.isOwner ? ALL_PERMISSIONS : await permissionsOfUser(deps, user.id);
  return {
    _id: user.id,
    userId: user.id,
    shopId: member.shopId,
    fName: user.fName,
    lName: user.lName,
    email: user.email ?? "",
    countryCode: user.countryCode ?? "",
    mobile: user.mobile ?? "",
    countryFlag: user.countryFlag ?? "",
    designation: member.designation,
    image: user.image ?? "",
    gender: user.gender ?? "",
    customizeGender: user.customizeGender ?? "",
    role: { role: member.isOwner ? "shopOwner" : "staff" },
    isOwner: member.isOwner,
    access_module: accessModules(permissions),
  };
}

/**
 * What the actor may put in a staff member's grid (ARCHITECTURE §5): admins and the owner anything; a staff member
 * only what they hold. Access types outside the actor's own set are left as they were, so a staff member editing a
 * colleague neither grants nor silently removes rights they cannot see.
 */
function grantedAfterEdit(actor: Actor, requested: readonly Permission[], current: readonly Permission[]) {
  // admins and owners hold every access type, so they grant anything
  const holds = (p: Permission) => can(actor, p);
  const beyond = requested.filter((p) => !holds(p) && !current.includes(p));
  if (beyond.length)
    throw new ApiError(403, MSG.staffGrantBeyondOwn, { errors: { access_module: [MSG.staffGrantBeyondOwn] } });
  return [...new Set([...requested.filter(holds), ...current.filter((p) => !holds(p))])];
}

/** E-mail and phone are unique across live accounts (ARCHITECTURE §5): a readable message before the index decides. */
async function checkUnique(
  deps: Deps,
  input: { email?: string; phone?: { countryCode: string; mobile: string } },
  exceptUserId?: string,
) {
  const others = exceptUserId ? ne(users.id, exceptUserId) : undefined;
  if (input.email) {
    const [taken] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${input.email})`, isNull(users.deletedAt), others));
    if (taken) throw fieldError("email", MSG.emailTaken);
  }
  if (input.phone) {
    const [taken] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.countryCode, input.phone.countryCode),
          eq(users.mobile, input.phone.mobile),
          isNull(users.deletedAt),
          others,
        ),
      );
    if (taken) throw fieldError("mobile", MSG.phoneTaken);
  }
}

/** Two saves racing for the same e-mail or phone: the unique index decides, and the message names the field. */
async function uniqueRefusal(deps: Deps, input: Parameters<typeof checkUnique>[1], exceptUserId?: string) {
  await checkUnique(deps, input, exceptUserId);
  return badRequest(MSG.phoneTaken, { mobile: [MSG.phoneTaken] });
}

const nameAndGender = (input: { fName: string; gender?: string; customizeGender?: string }) => ({
  ...splitFullName(input.fName),
  gender: input.gender ?? null,
  customizeGender: input.customizeGender ?? null,
});

/**
 * POST user/add-shopstaff: a staff member of one shop, with no password (they sign in with a phone code or single
 * sign-on) and the phone counted as verified because the console made the account (ARCHITECTURE §5).
 */
export async function addStaff(deps: Deps, actor: Actor, input: AddStaffInput) {
  const shop = await manageableShop(deps, actor, input.shopId);
  const permissions = grantedAfterEdit(actor, permissionsOf(input.access_module), []);
  const phone = parsePhone(input.countryFlag, input.mobile);
  if (!phone) throw fieldError("mobile", MSG.invalidPhone);
  await checkNewImage(deps, actor, input.image, null, STAFF_IMAGE);
  await checkUnique(deps, { email: input.email, phone });
  const now = deps.now();
  const id = newId();
  try {
    await deps.db.transaction(async (tx) => {
      await tx.insert(users).values({
        id,
        ...nameAndGender(input),
        email: input.email,
        ...phone,
        image: input.image,
        role: "staff",
        status: "Approved",
        passwordHash: null,
        phoneVerifiedAt: now,
        createdAt: now,
        updatedAt: now,
      });
      await tx
        .insert(shopStaff)
        .values({ userId: id, shopId: shop.id, designation: input.designation, createdAt: now });
      if (permissions.length)
        await tx.insert(staffPermissions).values(permissions.map((permission) => ({ userId: id, permission })));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw await uniqueRefusal(deps, { email: input.email, phone });
    throw error;
  }
  return staffMember(deps, (await findMember(deps, id))!);
}

/**
 * POST user/edit-shopstaff. The owner's entry may be changed by the owner or an admin, except phone and role
 * (spec 1 §6; ignored when sent); staff never edit the owner, and never grant beyond their own rights.
 */
export async function editStaff(deps: Deps, actor: Actor, input: EditStaffInput) {
  const member = await reachableMember(deps, actor, input.userId, input.shopId);
  if (member.isOwner && boundByGrantedRights(actor)) throw forbidden(MSG.staffOwnerOffLimits);
  await checkNewImage(deps, actor, input.image, member.user.image, STAFF_IMAGE);

  let phone: { countryFlag: string; countryCode: string; mobile: string } | undefined;
  let permissions: Permission[] | undefined;
  if (!member.isOwner) {
    if (!input.mobile) throw fieldError("mobile", MSG.staffMobileRequired);
    if (!input.designation) throw fieldError("designation", MSG.staffRoleRequired);
    phone = parsePhone(input.countryFlag, input.mobile) ?? undefined;
    if (!phone) throw fieldError("mobile", MSG.invalidPhone);
    if (input.access_module) {
      permissions = grantedAfterEdit(
        actor,
        permissionsOf(input.access_module),
        await permissionsOfUser(deps, member.user.id),
      );
    }
  }
  const phoneChanged = phone && (phone.countryCode !== member.user.countryCode || phone.mobile !== member.user.mobile);
  const emailChanged = input.email.toLowerCase() !== (member.user.email ?? "").toLowerCase();
  if (boundByGrantedRights(actor))
    await checkStaffEditor(deps, actor, member, { phoneChanged: !!phoneChanged, emailChanged });
  await checkUnique(
    deps,
    { email: emailChanged ? input.email : undefined, phone: phoneChanged ? phone : undefined },
    member.user.id,
  );
  try {
    await deps.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          ...nameAndGender(input),
          email: input.email,
          ...(phoneChanged ? phone : {}),
          ...(input.image !== undefined ? { image: input.image } : {}),
          updatedAt: deps.now(),
        })
        .where(eq(users.id, member.user.id));
      if (member.isOwner) return;
      await tx.update(shopStaff).set({ designation: input.designation! }).where(eq(shopStaff.userId, member.user.id));
      if (permissions) {
        // the session reads these rows on every request, so the change applies to the member's next one
        await tx.delete(staffPermissions).where(eq(staffPermissions.userId, member.user.id));
        if (permissions.length)
          await tx
            .insert(staffPermissions)
            .values(permissions.map((permission) => ({ userId: member.user.id, permission })));
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw await uniqueRefusal(deps, { email: input.email, phone }, member.user.id);
    throw error;
  }
  // a sign-in identifier changed by someone else: whoever held the old one is signed out everywhere (ADR 0024)
  if ((phoneChanged || emailChanged) && member.user.id !== actor.id) await endAllSessions(deps, member.user.id);
  return staffMember(deps, (await findMember(deps, member.user.id))!);
}

/**
 * What a staff member holding 'staff:edit' may not do through the staff call (ADR 0024): change anyone's phone or
 * e-mail (their own included: those are sign-in identifiers, which only the owner or an admin changes), or edit a
 * colleague who holds an access type the editor lacks.
 */
async function checkStaffEditor(
  deps: Deps,
  actor: Actor,
  member: Member,
  changed: { phoneChanged: boolean; emailChanged: boolean },
) {
  if (changed.phoneChanged)
    throw new ApiError(403, MSG.staffIdentifierOffLimits, { errors: { mobile: [MSG.staffIdentifierOffLimits] } });
  if (changed.emailChanged)
    throw new ApiError(403, MSG.staffIdentifierOffLimits, { errors: { email: [MSG.staffIdentifierOffLimits] } });
  if (member.user.id !== actor.id) await checkNoWiderRights(deps, actor, member);
}

/** Staff never act on a colleague who holds an access type they lack: that would be a way into wider rights. */
async function checkNoWiderRights(deps: Deps, actor: Actor, member: Member) {
  const wider = (await permissionsOfUser(deps, member.user.id)).filter((p) => !can(actor, p));
  if (wider.length) throw forbidden(MSG.staffWiderRights);
}

/** POST user/remove-shopstaff: a soft delete that ends the member's sessions (ARCHITECTURE §4); never the owner. */
export async function removeStaff(deps: Deps, actor: Actor, input: RemoveStaffInput) {
  const member = await reachableMember(deps, actor, input.userId, input.shopId);
  if (member.isOwner) throw forbidden(MSG.staffOwnerNotRemovable);
  if (member.user.id === actor.id) throw forbidden(MSG.cannotDeleteSelf);
  if (boundByGrantedRights(actor)) await checkNoWiderRights(deps, actor, member);
  const now = deps.now();
  const removed = await deps.db
    .update(users)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(users.id, member.user.id), isNull(users.deletedAt)))
    .returning({ id: users.id });
  if (!removed.length) throw notFound();
  await endAllSessions(deps, member.user.id);
  return { _id: member.user.id, shopId: member.shopId };
}

/**
 * GET auth/user-permission/{id}: a team member with data.access_module (the owner: every module on). A staff member
 * outside the staff module sees a colleague's name, role and rights but not their e-mail or phone.
 */
export async function memberPermissions(deps: Deps, actor: Actor, userId: string) {
  const member = await staffMember(deps, await reachableMember(deps, actor, userId));
  const seesContacts =
    !boundByGrantedRights(actor) || actor.id === userId || can(actor, "staff:add") || can(actor, "staff:edit");
  return seesContacts ? member : { ...member, email: "", countryCode: "", mobile: "", countryFlag: "" };
}
