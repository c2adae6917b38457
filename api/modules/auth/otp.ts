import { createHmac } from "node:crypto";
import { and, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Context } from "hono";
import { MSG } from "#contract/core/messages";
import { e164 } from "#contract/phone/otp-api";
import type { Phone } from "#contract/phone/phone";
import { otpCodes, users } from "#api/db/schema";
import type { Deps } from "#api/platform/deps";
import { ApiError, fieldError, forbidden } from "#api/platform/http/http";
import { newId, sixDigitCode } from "#api/platform/data/ids";
import { log } from "#api/platform/log";
import { clientIp, signInRefusal, startSession } from "#api/platform/auth/sessions";
import { rememberAddress, spendAttempt } from "./guard";
import { signIn } from "./service";

// ARCHITECTURE §5: 10-minute life, 5 wrong tries; requests bounded per phone and address (ADR 0025)
export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;

/** What a code is for; a code issued for one purpose never verifies another. */
export type OtpPurpose =
  "shopOwner" | "customer" | "influencer" | "influencerRegistration" | "customerRegistration" | "customerConfirmation";

/** What the texted message calls the code, so the person knows what they are asked to confirm. */
const CODE_KIND: Record<OtpPurpose, string> = {
  shopOwner: "sign-in",
  customer: "sign-in",
  influencer: "sign-in",
  influencerRegistration: "registration",
  customerRegistration: "registration",
  // spec 2 §4 Customer add flow: a shop asks to see a customer another shop registered (ADR 0048)
  customerConfirmation: "shop confirmation",
};

/** Codes are kept only as a keyed hash bound to the phone and purpose: a database leak reveals no code. */
const codeHash = (deps: Deps, phone: string, purpose: OtpPurpose, code: string) =>
  createHmac("sha256", deps.env.SESSION_SECRET).update(`${purpose}:${phone}:${code}`).digest("hex");

/**
 * Every request for a code spends one point of the phone's and of the caller's address's allowances (ADR 0025),
 * unknown numbers included, so the form can neither flood a phone nor be used to list accounts. `userId` is the
 * account using the phone, if any: an address it has signed in from is never held by the phone-wide limit.
 */
export async function throttleCodeRequest(deps: Deps, c: Context, phone: string, purpose: OtpPurpose, userId?: string) {
  await spendAttempt(deps, "code", `${ALLOWANCE[purpose] ?? purpose}:${phone}`, clientIp(c), userId, MSG.otpThrottled);
}

/**
 * Purposes whose codes one call texts share a phone's allowance: `auth/send-otp/influencer` sends a registration's
 * code or a sign-in code (ADR 0057), and switching between them must not double what a phone can be sent.
 */
const ALLOWANCE: Partial<Record<OtpPurpose, OtpPurpose>> = { influencerRegistration: "influencer" };

/**
 * Issues a fresh code for a phone and texts it. The code belongs to the address that asked (`requester`): only a
 * verify from there spends its tries, so nobody elsewhere can burn it with wrong guesses. That address's earlier
 * codes for the same phone and purpose die.
 */
export async function issueCode(deps: Deps, phone: string, purpose: OtpPurpose, requester: string, payload?: unknown) {
  const now = deps.now();
  const code = sixDigitCode();
  const expiresAt = new Date(now.getTime() + OTP_TTL_MS);
  const id = newId();
  // a resent code carries what the address's live code was for (its payload), unless a new one is given
  if (payload === undefined) {
    const [live] = await deps.db
      .select({ payload: otpCodes.payload })
      .from(otpCodes)
      .where(
        and(
          eq(otpCodes.phone, phone),
          eq(otpCodes.purpose, purpose),
          eq(otpCodes.requester, requester),
          isNull(otpCodes.consumedAt),
          gt(otpCodes.expiresAt, now),
        ),
      );
    payload = live?.payload ?? null;
  }
  // sending a new code kills the previous ones; long-dead codes of anyone are pruned on the way
  await deps.db
    .delete(otpCodes)
    .where(
      or(
        and(eq(otpCodes.phone, phone), eq(otpCodes.purpose, purpose), eq(otpCodes.requester, requester)),
        lt(otpCodes.expiresAt, new Date(now.getTime() - OTP_TTL_MS)),
      ),
    );
  await deps.db.insert(otpCodes).values({
    id,
    phone,
    purpose,
    requester,
    payload,
    codeHash: codeHash(deps, phone, purpose, code),
    expiresAt,
    createdAt: now,
  });
  try {
    await deps.sms.send(
      phone,
      `Your ${deps.env.BRAND_NAME} ${CODE_KIND[purpose]} code is ${code}. It expires in 10 minutes.`,
      expiresAt,
      id,
      deps.db,
    );
  } catch (error) {
    // a code nobody received must not stay usable
    await deps.db.delete(otpCodes).where(eq(otpCodes.id, id));
    log.error("SMS sending failed", error);
    throw new ApiError(500, MSG.otpSendFailed(error instanceof Error ? error.message : MSG.somethingWrong));
  }
  return { expiresAt };
}

/**
 * Spends one try of the live code the address asked for, in ONE conditional UPDATE ... RETURNING (ARCHITECTURE §3):
 * the right code is consumed (and what it was for, its payload, returned), a wrong one counts an attempt; dead,
 * expired or exhausted codes match nothing (null).
 */
export async function consumeCode(
  deps: Deps,
  phone: string,
  purpose: OtpPurpose,
  code: string,
  requester: string,
): Promise<{ payload: unknown } | null> {
  const now = deps.now();
  const matches = sql`${otpCodes.codeHash} = ${codeHash(deps, phone, purpose, code)}`;
  const rows = await deps.db
    .update(otpCodes)
    .set({
      attempts: sql`${otpCodes.attempts} + case when ${matches} then 0 else 1 end`,
      consumedAt: sql`case when ${matches} then ${now.toISOString()}::timestamptz else null end`,
    })
    .where(
      and(
        eq(otpCodes.phone, phone),
        eq(otpCodes.purpose, purpose),
        eq(otpCodes.requester, requester),
        isNull(otpCodes.consumedAt),
        gt(otpCodes.expiresAt, now),
        lt(otpCodes.attempts, OTP_MAX_ATTEMPTS),
      ),
    )
    .returning({ consumedAt: otpCodes.consumedAt, payload: otpCodes.payload });
  const consumed = rows.find((r) => r.consumedAt !== null);
  return consumed ? { payload: consumed.payload } : null;
}

/** The live shop owner or staff account using a phone (phones are unique across live accounts). */
async function shopAccountByPhone(deps: Deps, phone: Phone) {
  const [user] = await deps.db
    .select()
    .from(users)
    .where(
      and(
        eq(users.countryCode, phone.countryCode),
        eq(users.mobile, phone.mobile),
        isNull(users.deletedAt),
        inArray(users.role, ["shopOwner", "staff"]),
      ),
    );
  return user;
}

/**
 * A sign-in door's answer to a code request (ADR 0024): the same words for every well-formed number, and the same time,
 * so the door cannot be used to learn which numbers have accounts. The work done before answering (finding the
 * account, spending the allowances) is the same for every number; the code is issued and texted after the answer,
 * to whoever `mayReceive` finds (an account that may sign in). Whoever has no code simply finds that no code verifies.
 */
async function answerCodeRequest(
  deps: Deps,
  c: Context,
  phone: Phone,
  purpose: OtpPurpose,
  user: { id: string } | undefined,
  mayReceive: (deps: Deps) => Promise<boolean>,
) {
  await throttleCodeRequest(deps, c, e164(phone), purpose, user?.id);
  const requester = clientIp(c);
  deps.sms.afterAnswer(async (db) => {
    const answered = { ...deps, db };
    if (await mayReceive(answered)) await issueCode(answered, e164(phone), purpose, requester);
  });
  return { ...phone, expiresAt: new Date(deps.now().getTime() + OTP_TTL_MS).toISOString() };
}

/** `POST auth/send-otp/shopOwner`: only a shop account that may sign in gets a code. */
export async function sendShopOwnerOtp(deps: Deps, c: Context, phone: Phone) {
  const user = await shopAccountByPhone(deps, phone);
  return answerCodeRequest(
    deps,
    c,
    phone,
    "shopOwner",
    user,
    async (answered) => !!user && !(await signInRefusal(answered, user)),
  );
}

/** `POST auth/verify-otp/shopOwner`: the right code opens a session like a password would. */
export async function verifyShopOwnerOtp(deps: Deps, c: Context, phone: Phone & { otp: string }) {
  const valid = await consumeCode(deps, e164(phone), "shopOwner", phone.otp, clientIp(c));
  const user = valid ? await shopAccountByPhone(deps, phone) : undefined;
  if (!user) throw fieldError("otp", MSG.otpInvalid);
  return signIn(deps, c, user.id);
}

/** The live account of an app role (a customer, an influencer) using a phone. */
async function appAccountByPhone(deps: Deps, phone: Phone, role: "endUser" | "influencer") {
  const [user] = await deps.db
    .select({
      id: users.id,
      fName: users.fName,
      lName: users.lName,
      status: users.status,
      phoneVerifiedAt: users.phoneVerifiedAt,
    })
    .from(users)
    .where(
      and(
        eq(users.countryCode, phone.countryCode),
        eq(users.mobile, phone.mobile),
        isNull(users.deletedAt),
        eq(users.role, role),
      ),
    );
  return user;
}

/**
 * The mobile app's sign-in (customers, influencers): the right code of the role's door starts a session and answers
 * its bearer token (no cookie: the console never sees an app session, and the app's calls accept only the bearer
 * header). `refusal` says why a proven account may not sign in (asked only after the code proved the phone).
 */
async function appSignIn<R extends "endUser" | "influencer">(
  deps: Deps,
  c: Context,
  phone: Phone & { otp: string },
  purpose: OtpPurpose,
  role: R,
  refusal: (user: NonNullable<Awaited<ReturnType<typeof appAccountByPhone>>>) => string | null = () => null,
) {
  const valid = await consumeCode(deps, e164(phone), purpose, phone.otp, clientIp(c));
  const user = valid ? await appAccountByPhone(deps, phone, role) : undefined;
  if (!user) throw fieldError("otp", MSG.otpInvalid);
  const refused = refusal(user);
  if (refused) throw forbidden(refused);
  const token = await startSession(deps, user.id, c);
  await rememberAddress(deps, user.id, clientIp(c));
  return { token, user: { _id: user.id, fName: user.fName, lName: user.lName, role } };
}

/**
 * `POST auth/send-otp/customer` (the mobile app): the shop owners' rules, throttles and enumeration-proof answer, for
 * customers' phones. A code issued here only ever verifies at `auth/verify-otp/customer` (its purpose).
 */
export async function sendCustomerOtp(deps: Deps, c: Context, phone: Phone) {
  const user = await appAccountByPhone(deps, phone, "endUser");
  return answerCodeRequest(deps, c, phone, "customer", user, async () => !!user);
}

/** `POST auth/verify-otp/customer`: the right code answers a customer's bearer token. */
export const verifyCustomerOtp = (deps: Deps, c: Context, phone: Phone & { otp: string }) =>
  appSignIn(deps, c, phone, "customer", "endUser");

/**
 * `POST auth/send-otp/influencer` for sign-in (ADR 0057): the customers' enumeration-proof answer, for influencers'
 * phones. An influencer whose phone is verified gets a code whatever their status, so that a Pending or Rejected one
 * learns why at verify time, once the code has proven the phone is theirs; nobody else gets one.
 */
export async function sendInfluencerOtp(deps: Deps, c: Context, phone: Phone) {
  const user = await appAccountByPhone(deps, phone, "influencer");
  return answerCodeRequest(deps, c, phone, "influencer", user, async () => !!user?.phoneVerifiedAt);
}

/** `POST auth/verify-otp/influencer` with type 'influencer-login': an Approved influencer's bearer token. */
export const verifyInfluencerOtp = (deps: Deps, c: Context, phone: Phone & { otp: string }) =>
  appSignIn(deps, c, phone, "influencer", "influencer", (user) =>
    user.status === "Pending" ? MSG.influencerPending : user.status === "Rejected" ? MSG.influencerRejected : null,
  );
