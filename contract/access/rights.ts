// Who may do what, and on which shop (ARCHITECTURE §4–§5): one answer for the API and the pages alike.
// The API's actor and the pages' logged user both fit `RightsHolder`, so neither side keeps its own copy of the rules.
import type { Permission, Role, StaffModule } from "./roles";

/** A permission, or any access type of a staff module (`product:any`: add, edit or discount). */
export type Right = Permission | `${StaffModule}:any`;

/** Whoever is asking: the API's actor (`role`, `shopId`, a set of permissions) or the pages' logged user (`role.role`, `shop`). */
export interface RightsHolder {
  role: Role | { role: Role };
  permissions: ReadonlySet<Permission> | readonly Permission[];
  shopId?: string | null;
  shop?: { _id: string } | null;
}

export const roleOf = (holder: Pick<RightsHolder, "role">): Role =>
  typeof holder.role === "string" ? holder.role : holder.role.role;

/**
 * Staff act within the access types their shop gave them (spec 1 §2, §6): they never touch the owner's entry and never
 * grant or remove beyond their own rights. Owners and admins hold every right within their reach.
 */
export const boundByGrantedRights = (holder: Pick<RightsHolder, "role">): boolean => roleOf(holder) === "staff";

/** An admin reaches every shop (ARCHITECTURE §4); everyone else at most the one shop they work in. */
export const reachesEveryShop = (holder: Pick<RightsHolder, "role">): boolean => roleOf(holder) === "admin";

/** An owner or a staff member: one who works in a shop of their own (its page is their home). */
export const worksInAShop = (holder: Pick<RightsHolder, "role">): boolean => {
  const role = roleOf(holder);
  return role === "shopOwner" || role === "staff";
};

/** A customer or an influencer: one who uses the mobile app as themselves, never for a shop. */
export const usesTheApp = (holder: Pick<RightsHolder, "role">): boolean => {
  const role = roleOf(holder);
  return role === "endUser" || role === "influencer";
};

/** A customer of the shops (the app's buyer). */
export const isCustomer = (holder: Pick<RightsHolder, "role">): boolean => roleOf(holder) === "endUser";

/** The one shop an owner or staff member works in; null for admins (who may work in any) and for everyone else. */
export const ownShopOf = (holder: Pick<RightsHolder, "shopId" | "shop">): string | null =>
  holder.shopId ?? holder.shop?._id ?? null;

/** Tenancy (ARCHITECTURE §4): admins reach every shop; owners and staff only their own; nobody else any. */
export function reachesShop(holder: Omit<RightsHolder, "permissions">, shopId: string): boolean {
  if (reachesEveryShop(holder)) return true;
  return worksInAShop(holder) && ownShopOf(holder) === shopId;
}

function holds(permissions: RightsHolder["permissions"], right: Right): boolean {
  const list = [...permissions];
  if (right.endsWith(":any")) return list.some((p) => p.startsWith(right.slice(0, -3)));
  return list.includes(right as Permission);
}

/**
 * Who may open a page or call a route (ARCHITECTURE §5): one of `roles`, and staff also need one of the `staff` rights,
 * or any access type of `module`.
 */
export interface Access<R extends Role = Role> {
  roles: readonly R[];
  module?: StaffModule;
  staff?: readonly Permission[];
}

/**
 * May `holder` do `right` (on `shopId`, when the action is about one shop), or pass `access` (a page's or a route's)?
 * Admins and owners hold every access type; staff the ones they were given (spec 1 §6); influencers and customers none
 * in the console. Passing an access narrows the pages' logged user to its roles.
 */
export function can<H extends { role: { role: Role } }, R extends Role>(
  holder: H & RightsHolder,
  access: Access<R>,
): holder is H & RightsHolder & { role: { role: R } };
export function can(holder: RightsHolder, what: Right | Access, shopId?: string): boolean;
export function can(holder: RightsHolder, what: Right | Access, shopId?: string): boolean {
  const role = roleOf(holder);
  if (typeof what !== "string") {
    if (!what.roles.includes(role)) return false;
    const rights: Right[] = [...(what.staff ?? []), ...(what.module ? [`${what.module}:any` as const] : [])];
    return rights.length === 0 || rights.some((right) => can(holder, right));
  }
  if (shopId !== undefined && !reachesShop(holder, shopId)) return false;
  if (role === "admin" || role === "shopOwner") return true;
  return role === "staff" && holds(holder.permissions, what);
}
