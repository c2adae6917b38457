import { and, eq, isNull, ne, or, sql } from "drizzle-orm";
import type { AddInfluencerInput, EditInfluencerInput, InfluencerStatusInput } from "#contract/people/influencers-api";
import { latestToday } from "#contract/people/influencers";
import type { InfluencerEntity } from "#contract/people/influencers-api";
import type { InfluencerMe } from "#contract/people/influencer-app-api";
import { MSG } from "#contract/core/messages";
import { parsePhone } from "#contract/phone/phone-rules";
import { splitFullName } from "#contract/people/users";
import { canChangeStatus } from "#contract/phone/verification";
import { reachesEveryShop } from "#contract/access/rights";
import { users } from "#api/db/schema";
import type { Actor } from "#api/platform/auth/actor";
import { isUniqueViolation } from "#api/platform/data/db-errors";
import type { Deps } from "#api/platform/deps";
import { ApiError, badRequest, fieldError, notFound, type FieldErrors } from "#api/platform/http/http";
import { newId } from "#api/platform/data/ids";
import { geoData } from "#api/platform/providers/geo-data";
import { checkLocation } from "#api/modules/geo";
import { ownImageUpload } from "#api/modules/uploads";
import { userEntity } from "#api/modules/users";

type UserRow = typeof users.$inferSelect;

/** spec 1 §3 User plus every Influencer extra; the country and state names are added for showing them. */
export async function toInfluencer(row: UserRow): Promise<InfluencerEntity> {
  const { Country, State } = await geoData();
  return {
    ...userEntity(row),
    role: { role: "influencer" },
    dob: row.dob,
    ethnicity: row.ethnicity,
    country: row.country,
    state: row.state,
    city: row.city,
    countryName: row.country ? (Country.getCountryByCode(row.country)?.name ?? null) : null,
    stateName: row.country && row.state ? (State.getStateByCodeAndCountry(row.state, row.country)?.name ?? null) : null,
    instaProfileId: row.instaProfileId,
    tiktokProfileId: row.tiktokProfileId,
    fbProfileId: row.fbProfileId,
    youtubeProfileId: row.youtubeProfileId,
    bio: row.bio,
    portfolio: row.portfolio ?? [],
  };
}

/** A live influencer (deletes are soft). */
const liveInfluencer = (id: string) => and(eq(users.id, id), eq(users.role, "influencer"), isNull(users.deletedAt));

async function influencerRow(deps: Deps, id: string) {
  const [row] = await deps.db.select().from(users).where(liveInfluencer(id));
  if (!row) throw notFound();
  return row;
}

/**
 * GET user/influencer/{id}: for admins any live influencer; for a shop (the invite view, spec 3 §2) only an Approved
 * one, whom it may invite, and not their phone number, which the shop has no use for.
 */
export async function influencerDetails(deps: Deps, id: string, actor: Actor) {
  const row = await influencerRow(deps, id);
  if (reachesEveryShop(actor)) return toInfluencer(row);
  if (row.status !== "Approved") throw notFound();
  return { ...(await toInfluencer(row)), mobile: null, countryCode: null };
}

/** GET influencer/me: the caller's own profile (the app door has checked the account is a live, Approved influencer). */
export async function ownProfile(deps: Deps, id: string): Promise<InfluencerMe> {
  const row = await influencerRow(deps, id);
  const { _id, fName, email, image, locations, countryFlag } = userEntity(row);
  return {
    _id,
    fName,
    email,
    image,
    bio: row.bio,
    dob: row.dob,
    locations,
    instaProfileId: row.instaProfileId,
    tiktokProfileId: row.tiktokProfileId,
    countryFlag,
    portfolio: row.portfolio ?? [],
  };
}

/** The constraint a write broke (PGlite says `constraint`, postgres-js `constraint_name`; drizzle wraps either). */
export function constraintOf(error: unknown): string | undefined {
  const e = error as {
    constraint?: string;
    constraint_name?: string;
    cause?: { constraint?: string; constraint_name?: string };
  } | null;
  return e?.constraint ?? e?.constraint_name ?? e?.cause?.constraint ?? e?.cause?.constraint_name;
}

/**
 * Everything the database and the files decide, checked before writing so the form gets every message at once:
 * the phone (libphonenumber-js), e-mail and phone unique among live accounts, the place, the date of birth, and
 * pictures that are this admin's own checked uploads (or the ones the influencer already has).
 */
async function checkInput(
  deps: Deps,
  actor: Actor,
  input: AddInfluencerInput | EditInfluencerInput,
  current: UserRow | null,
) {
  const errors: FieldErrors = {};
  const fail = (field: string, message: string) => (errors[field] ??= [message]);
  const phone = parsePhone(input.countryFlag, input.mobile);
  if (!phone) fail("mobile", MSG.invalidPhone);
  const others = current ? ne(users.id, current.id) : undefined;
  const taken = await deps.db
    .select({ email: users.email, countryCode: users.countryCode, mobile: users.mobile })
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        others,
        or(
          sql`lower(${users.email}) = ${input.email.toLowerCase()}`,
          phone ? and(eq(users.countryCode, phone.countryCode), eq(users.mobile, phone.mobile)) : sql`false`,
        ),
      ),
    );
  if (taken.some((u) => u.email?.toLowerCase() === input.email.toLowerCase())) fail("email", MSG.emailTaken);
  if (phone && taken.some((u) => u.countryCode === phone.countryCode && u.mobile === phone.mobile))
    fail("mobile", MSG.phoneTaken);
  // the schema checked against the clock it runs on; the API's own clock decides
  if (input.dob > latestToday(deps.now())) fail("dob", MSG.dobFuture);
  const place = await checkLocation({ country: input.country, state: input.state, city: input.city });
  if (place) {
    const missing = place.field === "state" ? !input.state : place.field === "city" ? !input.city : false;
    fail(place.field, missing ? (place.field === "state" ? MSG.stateRequired : MSG.cityRequired) : place.message);
  }
  if (
    input.image !== undefined &&
    input.image !== current?.image &&
    !(await ownImageUpload(deps, actor, input.image, ["profileImage"]))
  ) {
    fail("image", MSG.imageNotUploaded);
  }
  if (input.portfolio) {
    const kept = new Set(current?.portfolio ?? []);
    for (const picture of input.portfolio) {
      if (!kept.has(picture) && !(await ownImageUpload(deps, actor, picture, ["portfolio"]))) {
        fail("portfolio", MSG.portfolioNotUploaded);
        break;
      }
    }
  }
  const fields = Object.keys(errors);
  if (fields.length) throw badRequest(errors[fields[0]][0], errors);
  return phone!;
}

/** The row's columns from a valid input (the full name split at the first space, like the profile's). */
function columns(
  input: AddInfluencerInput | EditInfluencerInput,
  phone: { countryCode: string; countryFlag: string; mobile: string },
) {
  const countryHasNoStates = !input.state;
  return {
    ...splitFullName(input.fName),
    email: input.email,
    ...phone,
    gender: input.gender,
    customizeGender: input.customizeGender,
    dob: input.dob,
    ethnicity: input.ethnicity,
    country: input.country,
    state: countryHasNoStates ? null : input.state,
    city: input.city || null,
    bio: input.bio,
    ...(input.instaProfileId !== undefined ? { instaProfileId: input.instaProfileId } : {}),
    ...(input.tiktokProfileId !== undefined ? { tiktokProfileId: input.tiktokProfileId } : {}),
    ...(input.fbProfileId !== undefined ? { fbProfileId: input.fbProfileId } : {}),
    ...(input.youtubeProfileId !== undefined ? { youtubeProfileId: input.youtubeProfileId } : {}),
    ...(input.image !== undefined ? { image: input.image } : {}),
    ...(input.portfolio !== undefined ? { portfolio: input.portfolio } : {}),
  };
}

/** Two saves racing for the same e-mail or phone: the unique indexes decide, with the field's message. */
function uniqueRefusal(error: unknown): never {
  if (isUniqueViolation(error)) {
    const constraint = constraintOf(error);
    if (constraint === "users_email_unique") throw fieldError("email", MSG.emailTaken);
    throw fieldError("mobile", MSG.phoneTaken);
  }
  throw error;
}

/**
 * POST user/add-user with role influencer (spec 1 §5 Add Influencer): an influencer made by an admin starts
 * Pending (spec 1 §4), has no password (influencers use the mobile app), and the phone counts as verified.
 */
export async function addInfluencer(deps: Deps, actor: Actor, input: AddInfluencerInput) {
  const phone = await checkInput(deps, actor, input, null);
  const now = deps.now();
  try {
    const [row] = await deps.db
      .insert(users)
      .values({
        id: newId(),
        ...columns(input, phone),
        role: "influencer",
        status: "Pending",
        passwordHash: null,
        phoneVerifiedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return await toInfluencer(row);
  } catch (error) {
    uniqueRefusal(error);
  }
}

/** PUT user/edit-user/{userId}: the same rules; the picture and the portfolio stay unless new ones are sent. */
export async function editInfluencer(deps: Deps, actor: Actor, id: string, input: EditInfluencerInput) {
  const current = await influencerRow(deps, id);
  const phone = await checkInput(deps, actor, input, current);
  try {
    const [row] = await deps.db
      .update(users)
      .set({ ...columns(input, phone), updatedAt: deps.now() })
      .where(liveInfluencer(id))
      .returning();
    if (!row) throw notFound();
    return await toInfluencer(row);
  } catch (error) {
    uniqueRefusal(error);
  }
}

/**
 * PUT user/verification {userId, status} (spec 1 §4): Pending → Approved or Rejected, Approved → Rejected,
 * Rejected → Approved (ADR 0016); the same status is 'Please Change the Status'. One conditional UPDATE on the
 * status that was checked, so two admins cannot both change it from the same starting point.
 */
export async function changeInfluencerStatus(deps: Deps, input: InfluencerStatusInput) {
  const current = await influencerRow(deps, input.userId);
  if (current.status === input.status) throw fieldError("status", MSG.statusUnchanged);
  if (!canChangeStatus(current.status, input.status))
    throw fieldError("status", MSG.influencerStatusNotAllowed(current.status, input.status));
  const [row] = await deps.db
    .update(users)
    .set({ status: input.status, updatedAt: deps.now() })
    .where(and(liveInfluencer(input.userId), eq(users.status, current.status)))
    .returning();
  if (!row) {
    await influencerRow(deps, input.userId);
    throw new ApiError(409, MSG.influencerStatusRaced);
  }
  return toInfluencer(row);
}
