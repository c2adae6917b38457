import { and, eq, gt, ilike, inArray, isNull, lte, notExists, or, sql, type SQL } from "drizzle-orm";
import { zoneDay } from "#contract/core/days";
import { MSG } from "#contract/core/messages";
import { LISTED_ROLES, type ListedRole } from "#contract/people/users";
import type { UserDetails, UserEntity } from "#contract/people/users-api";
import type { UserListQuery } from "#contract/people/users-api";
import { shopStaff, shops, users } from "#api/db/schema";
import type { Actor } from "#api/platform/auth/actor";
import type { Deps } from "#api/platform/deps";
import { forbidden, notFound } from "#api/platform/http/http";
import { likePattern, listPage, orderBy, phoneMatch } from "#api/platform/data/list";
import { endAllSessions } from "#api/platform/auth/sessions";
import { geoData } from "#api/platform/providers/geo-data";

type UserRow = typeof users.$inferSelect;

/** spec 1 §3 User: the wire shape shared by the list, the drawer, and the influencer and owner calls. */
export function userEntity(row: UserRow): UserEntity {
  return {
    _id: row.id,
    fName: row.fName,
    lName: row.lName,
    email: row.email,
    image: row.image,
    mobile: row.mobile,
    countryCode: row.countryCode,
    countryFlag: row.countryFlag,
    gender: row.gender,
    customizeGender: row.customizeGender,
    createdAt: row.createdAt.toISOString(),
    locations: row.address ? [{ address: row.address }] : [],
    role: { role: row.role as ListedRole },
    status: row.status,
  };
}

/** Live, non-admin accounts: admins are not managed here and deletes are soft (ARCHITECTURE §4). */
const listedUser = () => and(isNull(users.deletedAt), inArray(users.role, [...LISTED_ROLES]));

/** A person's number with its dial code, as the phone trigram index holds it (users_phone_trgm_idx). */
const dialled = sql`(coalesce(${users.countryCode}, '') || ${users.mobile})`;

/** A phone search on people: the list helper's one rule (phoneMatch) on their number with its dial code. */
export const phoneCondition = (term: string) => phoneMatch(term, dialled);

/**
 * Full name, e-mail or phone: the three that users' trigram indexes hold (ADR 0033), for searches that must stay fast on
 * every customer (the orders list's and the search box's).
 */
export const indexedSearchCondition = (term: string) =>
  or(
    sql`(${users.fName} || ' ' || ${users.lName}) ilike ${likePattern(term)}`,
    sql`${users.email} ilike ${likePattern(term)}`,
    phoneCondition(term),
  );

/**
 * Name (first, last or full), e-mail, or phone with or without its dial code, or with the trunk 0 typed at home (0413…).
 * A first or a last name containing the term is in the full name too, so this is the indexed search: the planner reads
 * the three trigram indexes instead of every user.
 */
export const searchCondition = (term: string): SQL | undefined => indexedSearchCondition(term);

/** The day `years` before `day` (YYYY-MM-DD); 29 February falls back to the 28th in a year without it. */
function yearsBefore(day: string, years: number) {
  const [y, m, d] = day.split("-").map(Number);
  const year = y - years;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const date = m === 2 && d === 29 && !leap ? 28 : d;
  return `${String(year).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(date).padStart(2, "0")}`;
}

/** An influencer's Instagram or TikTok id containing the term. */
function socialCondition(term: string) {
  const pattern = likePattern(term);
  return or(ilike(users.instaProfileId, pattern), ilike(users.tiktokProfileId, pattern));
}

/**
 * A place typed in the Location filter: part of the address (owners, customers) or of the city (influencers, who
 * give a country, state and city), or a country or state by its code or a country by (part of) its name.
 */
async function locationCondition(term: string) {
  const pattern = likePattern(term);
  const lower = term.toLowerCase();
  const { Country } = await geoData();
  const countries = Country.getAllCountries()
    .filter((c) => c.name.toLowerCase().includes(lower) || c.isoCode.toLowerCase() === lower)
    .map((c) => c.isoCode);
  return or(
    ilike(users.address, pattern),
    ilike(users.city, pattern),
    sql`lower(${users.state}) = ${lower}`,
    countries.length ? inArray(users.country, countries) : undefined,
  );
}

/** Where a person is, as the lists show it (spec 1 §3 locations): their address, else their city, state and country. */
export async function locationsOf(row: UserRow): Promise<{ address: string }[]> {
  if (row.address) return [{ address: row.address }];
  const { Country, State } = await geoData();
  const place = [
    row.city,
    row.country && row.state ? (State.getStateByCodeAndCountry(row.state, row.country)?.name ?? row.state) : null,
    row.country ? (Country.getCountryByCode(row.country)?.name ?? row.country) : null,
  ].filter(Boolean);
  return place.length ? [{ address: place.join(", ") }] : [];
}

/**
 * GET user/list (spec 1 §7): search, role and gender filters, sorted by an indexed column; `location` is a place
 * (locationCondition), `ageMin`/`ageMax` whole years of age today (Australia/Sydney) from the date of birth (none: not matched).
 * `scope` narrows it further (the invite list: Approved influencers only) and `social` searches the Instagram and
 * TikTok ids too; the page's rows are the users' rows.
 */
export async function userListPage(deps: Deps, q: UserListQuery, opts: { scope?: SQL; social?: boolean } = {}) {
  const today = zoneDay(deps.now());
  const where = and(
    listedUser(),
    opts.scope,
    q.search ? or(searchCondition(q.search), opts.social ? socialCondition(q.search) : undefined) : undefined,
    q.role?.length ? inArray(users.role, q.role) : undefined,
    // the profile form says "Others", the influencer form "Other" (spec 1 §5): one filter for both
    q.gender ? inArray(users.gender, q.gender === "Others" ? ["Others", "Other"] : [q.gender]) : undefined,
    q.location ? await locationCondition(q.location) : undefined,
    // ageMin years old today: born on or before that many years ago; at most ageMax: born after ageMax + 1 years ago
    q.ageMin !== undefined ? lte(users.dob, yearsBefore(today, q.ageMin)) : undefined,
    q.ageMax !== undefined ? gt(users.dob, yearsBefore(today, q.ageMax + 1)) : undefined,
  );
  const sorting = orderBy(
    q,
    { createdAt: users.createdAt, fName: users.fName, email: users.email, role: users.role, gender: users.gender },
    users.id,
  );
  return listPage(
    q,
    ({ limit, offset }) =>
      deps.db
        .select()
        .from(users)
        .where(where)
        .orderBy(...sorting)
        .limit(limit)
        .offset(offset),
    { db: deps.db, from: users, where },
  );
}

/** GET user/list (spec 1 §7): one page of users as the users list shows them. */
export async function listUsers(deps: Deps, q: UserListQuery) {
  const page = await userListPage(deps, q);
  return { ...page, data: page.data.map(userEntity) };
}

/** GET user/{id}: one listed user for the drawer, with their shop (owners, staff) and designation (staff). */
export async function userDetails(deps: Deps, id: string): Promise<UserDetails> {
  const [row] = await deps.db
    .select()
    .from(users)
    .where(and(eq(users.id, id), listedUser()));
  if (!row) throw notFound();
  let shop: UserDetails["shop"] = null;
  let designation: string | null = null;
  if (row.role === "shopOwner") {
    const [owned] = await deps.db
      .select({ _id: shops.id, name: shops.name })
      .from(shops)
      .where(and(eq(shops.ownerId, id), isNull(shops.deletedAt)));
    shop = owned ?? null;
  } else if (row.role === "staff") {
    const [staffed] = await deps.db
      .select({ _id: shops.id, name: shops.name, designation: shopStaff.designation })
      .from(shopStaff)
      .innerJoin(shops, eq(shops.id, shopStaff.shopId))
      .where(eq(shopStaff.userId, id));
    if (staffed) {
      shop = { _id: staffed._id, name: staffed.name };
      designation = staffed.designation;
    }
  }
  return { ...userEntity(row), shop, designation };
}

/** The live shop a user owns, if any (as a subquery, so the delete can re-check it atomically). */
const liveShopOf = (deps: Deps, ownerId: typeof users.id | string) =>
  deps.db
    .select({ id: shops.id })
    .from(shops)
    .where(and(eq(shops.ownerId, ownerId), isNull(shops.deletedAt)));

/**
 * DELETE user/{id}: a soft delete that ends every session of the account (ARCHITECTURE §4).
 * Refused for yourself and for the owner of a live shop, whose shop would be left without an owner.
 */
export async function deleteUser(deps: Deps, actor: Actor, id: string) {
  if (id === actor.id) throw forbidden(MSG.cannotDeleteSelf);
  const [target] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), listedUser()));
  if (!target) throw notFound();
  if ((await liveShopOf(deps, id)).length) throw forbidden(MSG.cannotDeleteShopOwner);
  const now = deps.now();
  // one conditional UPDATE, so a shop handed to this user meanwhile, or a second delete, changes nothing
  const deleted = await deps.db
    .update(users)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(users.id, id), listedUser(), notExists(liveShopOf(deps, users.id))))
    .returning({ id: users.id });
  if (!deleted.length) throw (await liveShopOf(deps, id)).length ? forbidden(MSG.cannotDeleteShopOwner) : notFound();
  await endAllSessions(deps, id);
  return { _id: id };
}
