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
  | { public: true }
  | { customer: true }
  | { influencer: true }
  | { anySignedIn: true }
  | { roles: readonly ConsoleRole[]; staff?: readonly Permission[] };

export const PUBLIC: Policy = { public: true };
/** The mobile app's customer-facing calls: only a customer's (endUser's) bearer token opens them, never a console session. */
export const CUSTOMER_ONLY = { customer: true } as const satisfies Policy;

/** The mobile app's influencer calls: only an Approved influencer's bearer token opens them (ADR 0057). */
export const INFLUENCER_ONLY = { influencer: true } as const satisfies Policy;

/** Calls for everyone signed in: a console user (session) or the mobile app's customer or influencer (bearer token). */
export const ANY_SIGNED_IN = { anySignedIn: true } as const satisfies Policy;

/** The roles of the mobile app: each signs in by phone code and gets a bearer token that opens only its own calls. */
export const APP_ROLES = ["endUser", "influencer"] as const;
export type AppRole = (typeof APP_ROLES)[number];

/** Someone signed in to the mobile app, decided from the bearer token like an Actor. */
export interface AppCaller {
  id: string;
  role: AppRole;
  sessionId: string;
}
/** A signed-in customer (endUser) of the mobile app. */
export type Buyer = AppCaller & { role: "endUser" };
/** A signed-in, Approved influencer of the mobile app. */
export type InfluencerCaller = AppCaller & { role: "influencer" };
export const ANY_CONSOLE_USER = { roles: ["admin", "shopOwner", "staff"] } as const satisfies Policy;
export const ADMIN_ONLY = { roles: ["admin"] } as const satisfies Policy;

/** For rules finer than a route's policy (e.g. delete needs `product:edit`). */
export function requirePermission(actor: Actor, permission: Permission) {
  if (!can(actor, permission)) throw forbidden();
}
