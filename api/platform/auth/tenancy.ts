// Tenancy in one place (ARCHITECTURE §4): which shops a call may touch. Admins reach every shop; an owner or a staff
// member only the shop of their session, never one named by the request. The rule itself is contract/access/rights.ts's, so
// the pages answer the same; this module turns it into the API's refusals and SQL conditions.
import { eq, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { reachesEveryShop, reachesShop, worksInAShop } from "#contract/access/rights";
import type { Actor } from "./actor";
import { notFound } from "../http/http";

export { reachesEveryShop, worksInAShop };

/** A shop user whose session names no shop reaches none (cannot happen for a signed-in owner or staff member). */
export const reachesNoShop = (actor: Actor) => !reachesEveryShop(actor) && !actor.shopId;

/**
 * The shop a call is about: owners and staff always get their own, an admin the one they name (or null: all shops).
 */
export function shopScope(actor: Actor, requested?: string | null): string | null {
  if (reachesEveryShop(actor)) return requested || null;
  return actor.shopId;
}

/** Another shop's id says nothing about that shop: the same 404/1004 as one that does not exist. */
export function requireShop(actor: Actor, shopId: string) {
  if (!reachesShop(actor, shopId)) throw notFound();
}

/**
 * The shop a call acts on, checked: owners and staff their own (naming another is 404), an admin the one they name or,
 * when they name none, `fallback` (e.g. the shop of the record they act on).
 */
export function actingShop(
  actor: Actor,
  requested: string | null | undefined,
  fallback?: string | null,
): string | null {
  if (requested) requireShop(actor, requested);
  return shopScope(actor, requested || fallback);
}

/**
 * The rows this actor may see, as a WHERE condition on the column naming each row's shop: for an admin every shop's
 * (or the shop they name), for owners and staff their own shop's. Works on records that span shops: on order lines of
 * shops A and B, the owner of A sees A's lines only (and sums them for A's part of the order).
 */
export function visibleTo(actor: Actor, shopColumn: PgColumn, requested?: string | null): SQL | undefined {
  const shopId = shopScope(actor, requested);
  if (shopId) return eq(shopColumn, shopId);
  return reachesEveryShop(actor) ? undefined : sql`false`;
}

/** The same rule on rows already read: the part of a record spanning shops that this actor may see. */
export function ownPart<T>(actor: Actor, rows: readonly T[], shopOf: (row: T) => string): T[] {
  return rows.filter((row) => reachesShop(actor, shopOf(row)));
}
