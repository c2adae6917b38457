import { can } from "#contract/access/rights";
import type { ConsoleRole, Permission } from "#contract/access/roles";
import type { users } from "../../db/schema";
import { forbidden } from "../http/http";

/** Who is calling: decided from the session, never from the request (ARCHITECTURE §4). */
export interface Actor {
  id: string;
  role: ConsoleRole;
  /** the owner's or staff member's shop; null for admins */
  shopId: string | null;
  permissions: ReadonlySet<Permission>;
  sessionId: string;
  /**
   * The rows the session check read this actor from, so that `auth/isLoggedIn` (every page asks it) answers without
   * reading them again; absent for an actor made any other way.
   */
  readonly signedIn?: SignedInRows;
}

/** A console user's own row and their shop (the one they own or staff, with a staff member's designation). */
export interface SignedInRows {
  user: typeof users.$inferSelect;
  shop: { id: string; name: string; designation: string | null } | null;
}

/**
 * Who may call a route. `public` routes need no session; otherwise the actor's role must be listed,
 * and staff must hold at least one of `staff` when it is given.
 */
export type Policy =
  { public: true } | { customer: true } | { roles: readonly ConsoleRole[]; staff?: readonly Permission[] };

export const PUBLIC: Policy = { public: true };
/** The mobile app's customer-facing calls: only a customer's (endUser's) bearer token opens them, never a console session. */
export const CUSTOMER_ONLY = { customer: true } as const satisfies Policy;

/** A signed-in customer (endUser) of the mobile app, decided from the bearer token like an Actor. */
export interface Buyer {
  id: string;
  sessionId: string;
}
export const ANY_CONSOLE_USER = { roles: ["admin", "shopOwner", "staff"] } as const satisfies Policy;
export const ADMIN_ONLY = { roles: ["admin"] } as const satisfies Policy;

/** For rules finer than a route's policy (e.g. delete needs `product:edit`). */
export function requirePermission(actor: Actor, permission: Permission) {
  if (!can(actor, permission)) throw forbidden();
}
