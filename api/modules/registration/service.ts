import { and, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Context } from "hono";
import { MSG } from "#contract/core/messages";
import { e164 } from "#contract/phone/otp-api";
import type { Phone } from "#contract/phone/phone";
import { SOCIAL_IDS } from "#contract/people/influencers";
import { PUBLIC_UPLOAD_PURPOSES } from "#contract/people/registration";
import type { RegistrationResult } from "#contract/people/registration-api";
import type { RegistrationInput } from "#contract/people/registration-api";
import { uploadRule, type UploadPurpose } from "#contract/uploads/uploads";
import { splitFullName } from "#contract/people/users";
import { uploads, users } from "#api/db/schema";
import { checkLocation } from "#api/modules/geo";
import { consumeCode, issueCode, sendInfluencerOtp, throttleCodeRequest } from "#api/modules/auth";
import { purposeOf } from "#api/modules/uploads";
import { isUniqueViolation } from "#api/platform/data/db-errors";
import type { Tx } from "#api/db/client";
import type { Deps } from "#api/platform/deps";
import { ApiError, badRequest, fieldError, type FieldErrors } from "#api/platform/http/http";
import { newId } from "#api/platform/data/ids";
import { pgLimit } from "#api/platform/http/rate-limit";
import { clientIp } from "#api/platform/auth/sessions";

type UserRow = typeof users.$inferSelect;

/** The constraint a write broke (PGlite says `constraint`, postgres-js `constraint_name`; drizzle wraps either). */
function constraintOf(error: unknown): string | undefined {
  const e = error as {
    constraint?: string;
    constraint_name?: string;
    cause?: { constraint?: string; constraint_name?: string };
  } | null;
  return e?.constraint ?? e?.constraint_name ?? e?.cause?.constraint ?? e?.cause?.constraint_name;
}
const HOUR = 60 * 60;
/** An unverified registration holds its e-mail against other phones for this long after its last submission or code. */
export const STALE_REGISTRATION_MS = 24 * HOUR * 1000;

/** Registrations and anonymous uploads are counted per address, in PostgreSQL (every instance sees the same count). */
export const registrationLimits = (deps: Deps) => ({
  register: pgLimit(deps.db, "register-ip", 20, HOUR),
  upload: pgLimit(deps.db, "public-upload-ip", 60, HOUR),
});

/** Refuses the caller's address once it has used up `limit` (one point per call). */
export async function spendPublicAllowance(deps: Deps, c: Context, which: "register" | "upload") {
  const over = await registrationLimits(deps)[which].hit(clientIp(c));
  if (over) throw new ApiError(429, which === "register" ? MSG.regThrottled : MSG.publicUploadThrottled);
}

/** The live account using a phone, or an e-mail (both are unique across live accounts, ARCHITECTURE §5). */
async function liveUserBy(deps: Deps, where: ReturnType<typeof and>) {
  const [row] = await deps.db
    .select()
    .from(users)
    .where(and(isNull(users.deletedAt), where));
  return row as UserRow | undefined;
}
const byPhone = (phone: Pick<Phone, "countryCode" | "mobile">) =>
  and(eq(users.countryCode, phone.countryCode), eq(users.mobile, phone.mobile));
const byEmail = (email: string) => sql`lower(${users.email}) = ${email.toLowerCase()}`;

/** A registration that still waits for its code (spec 1 §4: it counts, but may be submitted again from the same phone). */
const isPendingRegistration = (user: UserRow | undefined): user is UserRow =>
  !!user && user.role === "influencer" && user.phoneVerifiedAt === null;

/**
 * The registration's pictures must be files this page uploaded anonymously, that passed the checks, and that no other
 * registration claimed; the ones the same pending registration already holds stay valid when it is submitted again.
 * Returns the keys to claim, or the field errors.
 */
async function checkImages(deps: Deps, input: RegistrationInput, current: UserRow | undefined) {
  const held = new Set([current?.image, ...(current?.portfolio ?? [])].filter(Boolean) as string[]);
  const wanted: { field: string; location: string; purpose: UploadPurpose }[] = [
    ...(input.profileImage
      ? [{ field: "profileImage", location: input.profileImage, purpose: "profileImage" as const }]
      : []),
    ...input.portfolio.map((location) => ({ field: "portfolio", location, purpose: "portfolio" as const })),
  ];
  const keyed = wanted.map((w) => ({ ...w, key: deps.storage.keyOf(w.location) }));
  const keys = keyed.map((w) => w.key).filter((k): k is string => !!k);
  const rows = keys.length ? await deps.db.select().from(uploads).where(inArray(uploads.key, keys)) : [];
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const errors: FieldErrors = {};
  for (const w of keyed) {
    const row = w.key ? byKey.get(w.key) : undefined;
    const purpose = w.key ? purposeOf(w.key) : null;
    const fits =
      !!row &&
      row.status === "stored" &&
      row.userId === null &&
      purpose === w.purpose &&
      (PUBLIC_UPLOAD_PURPOSES as readonly string[]).includes(purpose) &&
      uploadRule(w.purpose).types.includes(row.contentType ?? "") &&
      (row.claimedAt === null || held.has(w.location));
    if (!fits) errors[w.field] = [MSG.regImageNotUploaded];
  }
  if (new Set(input.portfolio).size !== input.portfolio.length) errors.portfolio = [MSG.regImageNotUploaded];
  return { errors, keys };
}

/** The four social ids, when INFLUENCER_SOCIAL_IDS_REQUIRED makes them required (spec 1 §5 gives both readings). */
function missingSocialIds(deps: Deps, input: RegistrationInput): FieldErrors {
  if (deps.env.INFLUENCER_SOCIAL_IDS_REQUIRED !== "true") return {};
  return Object.fromEntries(
    SOCIAL_IDS.filter((s) => !input[s.name]).map((s) => [s.name, [MSG.regSocialIdRequired(s.label)]]),
  );
}

/** Sends the registration's code; a failure is reported, not thrown: the person stays registered (spec 1 §4, §8). */
async function sendRegistrationCode(deps: Deps, c: Context, phone: Phone, resubmission: Resubmission | null) {
  try {
    await throttleCodeRequest(deps, c, e164(phone), "influencerRegistration");
    const { expiresAt } = await issueCode(deps, e164(phone), "influencerRegistration", clientIp(c), resubmission);
    return { otpSent: true, otpError: null, expiresAt: expiresAt.toISOString() };
  } catch (error) {
    const message = error instanceof ApiError ? error.message : MSG.somethingWrong;
    return {
      otpSent: false,
      otpError: message.startsWith("Failed to send OTP") ? message : MSG.otpSendFailed(message),
      expiresAt: null,
    };
  }
}

/**
 * `POST auth/register-influencer`: a new influencer, Pending, without password, phone not yet verified; or, for a phone
 * whose code was never verified, the same pending registration updated. Then the code is sent.
 */
export async function registerInfluencer(deps: Deps, c: Context, input: RegistrationInput) {
  await spendPublicAllowance(deps, c, "register");
  const errors: FieldErrors = { ...missingSocialIds(deps, input) };
  const location = await checkLocation(input);
  if (location) errors[location.field] = [location.message];

  const samePhone = await liveUserBy(deps, byPhone(input));
  const sameEmail = await liveUserBy(deps, byEmail(input.email));
  const pending = isPendingRegistration(samePhone) ? samePhone : undefined;
  // another phone's registration that was never verified holds an e-mail for a day at most: nobody can squat one
  const now = deps.now();
  const staleEmailHolder =
    sameEmail &&
    sameEmail.id !== pending?.id &&
    isPendingRegistration(sameEmail) &&
    sameEmail.updatedAt.getTime() < now.getTime() - STALE_REGISTRATION_MS
      ? sameEmail
      : undefined;
  // a verified account (or any console account) keeps its phone and e-mail
  if (samePhone && !pending) errors.mobile = [MSG.regPhoneTaken];
  if (sameEmail && sameEmail.id !== pending?.id && !staleEmailHolder) errors.email = [MSG.regEmailTaken];

  const images = await checkImages(deps, input, pending);
  Object.assign(errors, images.errors);
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first[0], errors);

  const name = splitFullName(input.fName);
  const fields = {
    ...name,
    email: input.email,
    countryFlag: input.countryFlag,
    countryCode: input.countryCode,
    mobile: input.mobile,
    gender: input.gender,
    customizeGender: null,
    dob: input.dob,
    ethnicity: input.ethnicity,
    country: input.country,
    state: input.state,
    city: input.city,
    instaProfileId: input.instaProfileId,
    tiktokProfileId: input.tiktokProfileId,
    fbProfileId: input.fbProfileId,
    youtubeProfileId: input.youtubeProfileId,
    bio: input.bio,
    image: input.profileImage,
    portfolio: input.portfolio,
    updatedAt: now,
  };

  let userId: string;
  try {
    userId = await deps.db.transaction(async (tx) => {
      if (staleEmailHolder) {
        // the stale registration goes (soft, still unverified and untouched since), and its pictures back to the sweep
        const [gone] = await tx
          .update(users)
          .set({ deletedAt: now, updatedAt: now })
          .where(
            and(
              eq(users.id, staleEmailHolder.id),
              isNull(users.phoneVerifiedAt),
              isNull(users.deletedAt),
              lt(users.updatedAt, new Date(now.getTime() - STALE_REGISTRATION_MS)),
            ),
          )
          .returning({ id: users.id });
        if (!gone) throw fieldError("email", MSG.regEmailTaken);
        const held = [staleEmailHolder.image, ...(staleEmailHolder.portfolio ?? [])]
          .map((l) => (l ? deps.storage.keyOf(l) : null))
          .filter((k): k is string => !!k);
        if (held.length)
          await tx
            .update(uploads)
            .set({ claimedAt: null })
            .where(and(inArray(uploads.key, held), isNull(uploads.userId)));
      }
      if (pending) {
        // the same phone submitted again before anyone verified it: nothing changes until the code sent to that phone
        // is verified, from the address that submitted (ADR 0027); the submission travels with the code
        return pending.id;
      }
      const id = newId();
      await tx.insert(users).values({
        id,
        ...fields,
        role: "influencer",
        status: "Pending",
        passwordHash: null,
        phoneVerifiedAt: null,
        createdAt: now,
      });
      if (images.keys.length)
        await tx
          .update(uploads)
          .set({ claimedAt: now })
          .where(and(inArray(uploads.key, images.keys), isNull(uploads.userId)));
      return id;
    });
  } catch (error) {
    // two submissions racing for the same phone or e-mail: the database's unique indexes decide
    if (isUniqueViolation(error)) {
      throw constraintOf(error) === "users_email_unique"
        ? fieldError("email", MSG.regEmailTaken)
        : fieldError("mobile", MSG.regPhoneTaken);
    }
    throw error;
  }

  const phone: Phone = { countryFlag: input.countryFlag, countryCode: input.countryCode, mobile: input.mobile };
  const resubmission: Resubmission | null = pending
    ? { fields: { ...fields, updatedAt: now.toISOString() }, imageKeys: images.keys }
    : null;
  const sent = await sendRegistrationCode(deps, c, phone, resubmission);
  const data: RegistrationResult = { _id: userId, ...phone, ...sent };
  return data;
}

/**
 * `POST auth/send-otp/influencer` (ADR 0057): a new code for a registration that still waits for one, told so
 * (the registration door's explicit answer); every other number gets the sign-in door's answer, the same for all of
 * them, and an influencer a sign-in code after it.
 */
export async function sendInfluencerCode(deps: Deps, c: Context, phone: Phone) {
  const user = await liveUserBy(deps, byPhone(phone));
  if (!isPendingRegistration(user))
    return { data: await sendInfluencerOtp(deps, c, phone), message: MSG.otpSentIfInfluencer };
  await throttleCodeRequest(deps, c, e164(phone), "influencerRegistration");
  // asking for a code is activity: the registration keeps its e-mail for another day
  await deps.db
    .update(users)
    .set({ updatedAt: deps.now() })
    .where(and(eq(users.id, user.id), isNull(users.phoneVerifiedAt)));
  const { expiresAt } = await issueCode(deps, e164(phone), "influencerRegistration", clientIp(c));
  return { data: { ...phone, expiresAt: expiresAt.toISOString() }, message: MSG.otpSent };
}

/** `POST auth/verify-otp/influencer`: the right code verifies the phone; the registration then waits for an admin (Pending). */
export async function verifyRegistrationOtp(deps: Deps, c: Context, phone: Phone & { otp: string }) {
  const code = await consumeCode(deps, e164(phone), "influencerRegistration", phone.otp, clientIp(c));
  if (!code) throw fieldError("otp", MSG.otpInvalid);
  const resubmission = code.payload as Resubmission | null;
  const now = deps.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(users)
        .where(
          and(byPhone(phone), eq(users.role, "influencer"), isNull(users.phoneVerifiedAt), isNull(users.deletedAt)),
        )
        .for("update");
      if (!before) throw fieldError("otp", MSG.otpInvalid);
      // the verified person's own submission takes effect now (a resubmission), then the phone counts as verified
      const fields = resubmission ? { ...resubmission.fields, updatedAt: now } : { updatedAt: now };
      const [user] = await tx
        .update(users)
        .set({ ...fields, phoneVerifiedAt: now })
        .where(eq(users.id, before.id))
        .returning({ id: users.id, status: users.status, image: users.image, portfolio: users.portfolio });
      if (resubmission) await swapClaimedPictures(deps, tx, before, user, resubmission.imageKeys, now);
      return {
        _id: user.id,
        status: user.status,
        countryFlag: phone.countryFlag,
        countryCode: phone.countryCode,
        mobile: phone.mobile,
      };
    });
  } catch (error) {
    // the resubmitted e-mail was taken by another account in the meantime
    if (isUniqueViolation(error)) throw fieldError("otp", MSG.regEmailTaken);
    throw error;
  }
}

/** What a resubmitted registration will change once its code is verified (kept with the code, ADR 0027). */
interface Resubmission {
  fields: Record<string, unknown>;
  imageKeys: string[];
}

/** Pictures the earlier submission used and the verified one dropped go back to the sweep; the new ones are claimed. */
async function swapClaimedPictures(
  deps: Deps,
  tx: Tx,
  before: UserRow,
  after: { image: string | null; portfolio: string[] | null },
  claim: string[],
  now: Date,
) {
  const kept = new Set([after.image, ...(after.portfolio ?? [])]);
  const dropped = [before.image, ...(before.portfolio ?? [])]
    .filter((l): l is string => !!l && !kept.has(l))
    .map((l) => deps.storage.keyOf(l))
    .filter((k): k is string => !!k);
  if (dropped.length)
    await tx
      .update(uploads)
      .set({ claimedAt: null })
      .where(and(inArray(uploads.key, dropped), isNull(uploads.userId)));
  if (claim.length)
    await tx
      .update(uploads)
      .set({ claimedAt: now })
      .where(and(inArray(uploads.key, claim), isNull(uploads.userId)));
}
