import { and, eq, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { getCookie } from "hono/cookie";
import type { Context } from "hono";
import { CONSOLE_ROLES, type ConsoleRole, type Permission } from "#contract/roles";
import { MSG } from "#contract/messages";
import { sessions, shopStaff, shops, staffPermissions, users } from "../db/schema";
import type { Actor, Buyer, SignedInRows } from "./actor";
import type { Deps } from "./deps";
import { secureCookies } from "./env";
import { randomToken, sha256 } from "./ids";

export const SESSION_COOKIE = "ls_session";
const DAY = 24 * 60 * 60 * 1000;
export const IDLE_EXPIRY_MS = 7 * DAY;
export const ABSOLUTE_EXPIRY_MS = 30 * DAY;
const TOUCH_EVERY_MS = 60 * 60 * 1000;

type UserRow = typeof users.$inferSelect;

/** The shop a console user belongs to: the one they own, or the one they staff. */
async function shopOf(deps: Deps, user: Pick<UserRow, "id" | "role">) {
  if (user.role === "shopOwner") {
    const [shop] = await deps.db
      .select({ id: shops.id, status: shops.status, name: shops.name, designation: sql<string | null>`null` })
      .from(shops)
      .where(and(eq(shops.ownerId, user.id), isNull(shops.deletedAt)));
    return shop ?? null;
  }
  if (user.role === "staff") {
    const [shop] = await deps.db
      .select({ id: shops.id, status: shops.status, name: shops.name, designation: shopStaff.designation })
      .from(shopStaff)
      .innerJoin(shops, and(eq(shops.id, shopStaff.shopId), isNull(shops.deletedAt)))
      .where(eq(shopStaff.userId, user.id));
    return shop ?? null;
  }
  return null;
}

/**
 * Why this account may not use the console, or null when it may (ARCHITECTURE §5):
 * influencers and customers use the app; the people of a Rejected (or deleted) shop are out.
 */
export async function signInRefusal(deps: Deps, user: UserRow): Promise<string | null> {
  if (user.deletedAt) return MSG.loginFailed;
  if (!(CONSOLE_ROLES as readonly string[]).includes(user.role)) return MSG.appOnlyRole;
  if (user.role === "admin") return null;
  const shop = await shopOf(deps, user);
  if (!shop) return (await hadDeletedShop(deps, user)) ? MSG.shopClosed : MSG.shopRejected;
  if (shop.status === "Rejected") return MSG.shopRejected;
  return null;
}

/** Whether the owner's or staff member's shop was deleted (soft): they are told so rather than 'rejected'. */
async function hadDeletedShop(deps: Deps, user: Pick<UserRow, "id" | "role">) {
  const deleted = isNotNull(shops.deletedAt);
  const rows =
    user.role === "shopOwner"
      ? await deps.db.select({ id: shops.id }).from(shops).where(and(eq(shops.ownerId, user.id), deleted)).limit(1)
      : await deps.db.select({ id: shops.id }).from(shopStaff).innerJoin(shops, and(eq(shops.id, shopStaff.shopId), deleted)).where(eq(shopStaff.userId, user.id)).limit(1);
  return rows.length > 0;
}

/** A new session row for every sign-in; returns the cookie value. */
export async function startSession(deps: Deps, userId: string, c: Context) {
  const token = randomToken();
  const now = deps.now();
  await deps.db.insert(sessions).values({
    id: sha256(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + ABSOLUTE_EXPIRY_MS),
    ip: clientIp(c),
    userAgent: c.req.header("user-agent")?.slice(0, 300) ?? null,
  });
  return token;
}

export function sessionCookie(deps: Deps, token: string, maxAgeMs = ABSOLUTE_EXPIRY_MS) {
  const secure = secureCookies(deps.env) ? "; Secure" : "";
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${Math.floor(maxAgeMs / 1000)}${secure}`;
}
export const clearedSessionCookie = (deps: Deps) => sessionCookie(deps, "", 0);

export function sessionToken(c: Context): string | undefined {
  const bearer = c.req.header("authorization")?.match(/^Bearer (.+)$/)?.[1];
  return bearer ?? getCookie(c, SESSION_COOKIE);
}

export const clientIp = (c: Context) =>
  c.req.header("x-forwarded-for")?.split(",")[0]?.trim() || c.req.header("x-real-ip") || "local";

/**
 * What the in-process transport shares across the API calls of one page request (Hono's env, which no HTTP client can
 * set): the session's actor, looked up once for the page and its layout instead of once per call.
 */
export interface PageRequestEnv {
  actor?: Promise<Actor | null>;
}

/** The actor behind a session token, or null when the session is missing, expired or no longer allowed. */
export async function actorFor(deps: Deps, token: string | undefined): Promise<Actor | null> {
  return token ? actorOfSession(deps, sha256(token)) : null;
}

/**
 * The actor of a session row (`Actor.sessionId`) as it stands now: what a long-lived connection checks again, so that
 * signing out, a deleted account or changed rights reach it too. Null as for `actorFor`.
 */
export async function actorOfSession(deps: Deps, id: string): Promise<Actor | null> {
  const [row] = await deps.db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id));
  if (!row) return null;
  const now = deps.now();
  const { session, user } = row;
  const idleOut = now.getTime() - session.lastSeenAt.getTime() > IDLE_EXPIRY_MS;
  // a customer's session opens only the customer-facing calls (buyerFor); the console ignores it without ending it
  if (user.role === "endUser" && !idleOut && session.expiresAt > now && !user.deletedAt) return null;
  if (idleOut || session.expiresAt <= now || user.deletedAt || !(CONSOLE_ROLES as readonly string[]).includes(user.role)) {
    await deps.db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  let shop: SignedInRows["shop"] = null;
  if (user.role !== "admin") {
    const row = await shopOf(deps, user);
    if (!row || row.status === "Rejected") return null;
    shop = { id: row.id, name: row.name, designation: row.designation };
  }
  // staff rights are read on every request, so a change applies to the very next one
  const permissions =
    user.role === "staff"
      ? new Set((await deps.db.select().from(staffPermissions).where(eq(staffPermissions.userId, user.id))).map((p) => p.permission as Permission))
      : new Set<Permission>();
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await deps.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }
  return { id: user.id, role: user.role as ConsoleRole, shopId: shop?.id ?? null, permissions, sessionId: id, signedIn: { user, shop } };
}

/**
 * The customer behind a bearer token (the mobile app's; never a cookie, so no console page can act as a customer), or
 * null when there is none, it has expired, or its account is not a live customer. Same expiry rules as console sessions.
 */
export async function buyerFor(deps: Deps, c: Context): Promise<Buyer | null> {
  const token = c.req.header("authorization")?.match(/^Bearer (.+)$/)?.[1];
  if (!token) return null;
  const id = sha256(token);
  const [row] = await deps.db
    .select({ session: sessions, role: users.role, deletedAt: users.deletedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id));
  if (!row || row.role !== "endUser") return null;
  const now = deps.now();
  if (row.deletedAt || row.session.expiresAt <= now || now.getTime() - row.session.lastSeenAt.getTime() > IDLE_EXPIRY_MS) {
    await deps.db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await deps.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }
  return { id: row.session.userId, sessionId: id };
}

export const endSession = (deps: Deps, sessionId: string) => deps.db.delete(sessions).where(eq(sessions.id, sessionId));

export const endOtherSessions = (deps: Deps, userId: string, keepSessionId: string) =>
  deps.db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));

export const endAllSessions = (deps: Deps, userId: string) => deps.db.delete(sessions).where(eq(sessions.userId, userId));
