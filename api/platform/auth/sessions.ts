import { and, eq, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { getCookie } from "hono/cookie";
import type { Context } from "hono";
import { CONSOLE_ROLES, type ConsoleRole, type Permission } from "#contract/access/roles";
import { MSG } from "#contract/core/messages";
import { sessions, shopStaff, shops, staffPermissions, users } from "../../db/schema";
import { APP_ROLES, type Actor, type AppCaller, type AppRole, type SignedInRows } from "./actor";
import type { Deps } from "../deps";
import { secureCookies } from "../env";
import { randomToken, sha256 } from "../data/ids";

export const SESSION_COOKIE = "ls_session";
const DAY = 24 * 60 * 60 * 1000;
export const IDLE_EXPIRY_MS = 7 * DAY;
export const ABSOLUTE_EXPIRY_MS = 30 * DAY;
const TOUCH_EVERY_MS = 60 * 60 * 1000;

type UserRow = typeof users.$inferSelect;

type ShopOfUser = { id: string; status: string; name: string; designation: string | null };

/** The shop a console user belongs to: the one they own, or the one they staff. */
async function shopOf(deps: Deps, user: Pick<UserRow, "id" | "role">) {
  return (await shopsOf(deps, [user])).get(user.id) ?? null;
}

/** The shops of several console users, by user id, in one read per role whatever their number. */
async function shopsOf(deps: Deps, people: Pick<UserRow, "id" | "role">[]) {
  const idsOf = (role: UserRow["role"]) => people.filter((u) => u.role === role).map((u) => u.id);
  const [owners, staff] = [idsOf("shopOwner"), idsOf("staff")];
  const [owned, staffed] = await Promise.all([
    owners.length
      ? deps.db
          .select({
            userId: shops.ownerId,
            id: shops.id,
            status: shops.status,
            name: shops.name,
            designation: sql<string | null>`null`,
          })
          .from(shops)
          .where(and(inArray(shops.ownerId, owners), isNull(shops.deletedAt)))
      : [],
    staff.length
      ? deps.db
          .select({
            userId: shopStaff.userId,
            id: shops.id,
            status: shops.status,
            name: shops.name,
            designation: shopStaff.designation,
          })
          .from(shopStaff)
          .innerJoin(shops, and(eq(shops.id, shopStaff.shopId), isNull(shops.deletedAt)))
          .where(inArray(shopStaff.userId, staff))
      : [],
  ]);
  const byUser = new Map<string, ShopOfUser>();
  for (const { userId, ...shop } of [...owned, ...staffed]) if (!byUser.has(userId)) byUser.set(userId, shop);
  return byUser;
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
      ? await deps.db
          .select({ id: shops.id })
          .from(shops)
          .where(and(eq(shops.ownerId, user.id), deleted))
          .limit(1)
      : await deps.db
          .select({ id: shops.id })
          .from(shopStaff)
          .innerJoin(shops, and(eq(shops.id, shopStaff.shopId), deleted))
          .where(eq(shopStaff.userId, user.id))
          .limit(1);
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
  if (!token) return null;
  const id = sha256(token);
  return (await actorsOfSessions(deps, [id])).get(id) ?? null;
}

/**
 * The actors of sessions (`Actor.sessionId`) as they stand now, by session id, in at most four reads whatever their
 * number: a long-lived connection checks its session again this way (the live room, all its watchers on each event),
 * so that signing out, a deleted account or changed rights reach it too. A session missing from the answer is gone,
 * expired or no longer allowed; an expired one is ended.
 */
export async function actorsOfSessions(deps: Deps, ids: readonly string[]): Promise<Map<string, Actor>> {
  const actors = new Map<string, Actor>();
  if (!ids.length) return actors;
  const rows = await deps.db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(inArray(sessions.id, [...ids]));
  const now = deps.now();
  const ended: string[] = [];
  const open = rows.filter(({ session, user }) => {
    const idleOut = now.getTime() - session.lastSeenAt.getTime() > IDLE_EXPIRY_MS;
    // a customer's or influencer's session opens only the app's calls (appCallerFor); the console ignores it without ending it
    if (isAppRole(user.role) && !idleOut && session.expiresAt > now && !user.deletedAt) return false;
    if (
      idleOut ||
      session.expiresAt <= now ||
      user.deletedAt ||
      !(CONSOLE_ROLES as readonly string[]).includes(user.role)
    ) {
      ended.push(session.id);
      return false;
    }
    return true;
  });
  const staffIds = open.filter((r) => r.user.role === "staff").map((r) => r.user.id);
  const [shopsByUser, rights] = await Promise.all([
    shopsOf(
      deps,
      open.map((r) => r.user),
    ),
    // staff rights are read on every request, so a change applies to the very next one
    staffIds.length ? deps.db.select().from(staffPermissions).where(inArray(staffPermissions.userId, staffIds)) : [],
    ended.length ? deps.db.delete(sessions).where(inArray(sessions.id, ended)) : undefined,
  ]);
  const touched: string[] = [];
  for (const { session, user } of open) {
    let shop: SignedInRows["shop"] = null;
    if (user.role !== "admin") {
      const row = shopsByUser.get(user.id);
      if (!row || row.status === "Rejected") continue;
      shop = { id: row.id, name: row.name, designation: row.designation };
    }
    const permissions = new Set(rights.filter((p) => p.userId === user.id).map((p) => p.permission as Permission));
    if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) touched.push(session.id);
    actors.set(session.id, {
      id: user.id,
      role: user.role as ConsoleRole,
      shopId: shop?.id ?? null,
      permissions,
      sessionId: session.id,
      signedIn: { user, shop },
    });
  }
  if (touched.length) await deps.db.update(sessions).set({ lastSeenAt: now }).where(inArray(sessions.id, touched));
  return actors;
}

const isAppRole = (role: string): role is AppRole => (APP_ROLES as readonly string[]).includes(role);

/**
 * Who is signed in to the mobile app behind a bearer token (never a cookie, so no console page can act as them): a
 * live customer, or an influencer while they are Approved (ADR 0057); null when there is no such session, it has
 * expired, or its account may no longer use it (deleted; an influencer no longer Approved), and then the session ends.
 * Same expiry rules as console sessions. The route's policy decides which role it accepts.
 */
export async function appCallerFor(deps: Deps, c: Context): Promise<AppCaller | null> {
  const token = c.req.header("authorization")?.match(/^Bearer (.+)$/)?.[1];
  if (!token) return null;
  const id = sha256(token);
  const [row] = await deps.db
    .select({ session: sessions, role: users.role, status: users.status, deletedAt: users.deletedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id));
  if (!row || !isAppRole(row.role)) return null;
  const now = deps.now();
  if (
    row.deletedAt ||
    (row.role === "influencer" && row.status !== "Approved") ||
    row.session.expiresAt <= now ||
    now.getTime() - row.session.lastSeenAt.getTime() > IDLE_EXPIRY_MS
  ) {
    await deps.db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await deps.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }
  return { id: row.session.userId, role: row.role, sessionId: id };
}

export const endSession = (deps: Deps, sessionId: string) => deps.db.delete(sessions).where(eq(sessions.id, sessionId));

export const endOtherSessions = (deps: Deps, userId: string, keepSessionId: string) =>
  deps.db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));

export const endAllSessions = (deps: Deps, userId: string) =>
  deps.db.delete(sessions).where(eq(sessions.userId, userId));
