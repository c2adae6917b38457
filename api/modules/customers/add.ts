import { and, eq, isNull, sql } from "drizzle-orm";
import type { Context } from "hono";
import { MSG } from "#contract/core/messages";
import { e164 } from "#contract/phone/otp-api";
import type { Phone } from "#contract/phone/phone";
import { CUSTOMER_IMAGE_PURPOSE } from "#contract/customers/customer-list";
import type { CustomerFound, RegisteredCustomer } from "#contract/customers/customer-list-api";
import type { RegisterCustomerInput } from "#contract/customers/customer-list-api";
import type { CustomerRecord } from "#contract/customers/customer-record-api";
import { splitFullName } from "#contract/people/users";
import { shops, users } from "#api/db/schema";
import { consumeCode, issueCode, throttleCodeRequest } from "#api/modules/auth";
import { checkNewImage } from "#api/modules/uploads";
import type { Actor } from "#api/platform/auth/actor";
import { isUniqueViolation } from "#api/platform/data/db-errors";
import type { Deps } from "#api/platform/deps";
import { ApiError, badRequest, fieldError, notFound, type FieldErrors } from "#api/platform/http/http";
import { newId } from "#api/platform/data/ids";
import { pgLimit } from "#api/platform/http/rate-limit";
import { actingShop, shopScope } from "#api/platform/auth/tenancy";
import { knowsCustomer, rememberCustomers } from "./known";
import { toCustomerRecord } from "./record";

// spec 2 §4 Customer add flow (ADR 0034, 0048): 1) search by phone; 2) found: a customer the shop knows shows whole, one
// it does not shows masked until they confirm with a texted code; not found: the form; 3) a code to the customer's
// phone; 4) the code verifies and registers them (role endUser) as the shop's customer; 5) a resent code. Codes are
// the project's (api/modules/auth/otp.ts): hashed, single use, 10 minutes, 5 tries, send limits; a code belongs to the
// console user who asked for it (its requester), so only they can spend its tries.

const PURPOSE = "customerRegistration" as const;
const CONFIRMATION = "customerConfirmation" as const;

/** A shop may look up at most this many numbers an hour (a search reveals whether a number has an account). */
const searchLimit = (deps: Deps) => pgLimit(deps.db, "customer-search", 120, 60 * 60);

const byPhone = (phone: Pick<Phone, "countryCode" | "mobile">) =>
  and(eq(users.countryCode, phone.countryCode), eq(users.mobile, phone.mobile), isNull(users.deletedAt));
const byEmail = (email: string) => and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt));
const liveCustomer = and(eq(users.role, "endUser"), isNull(users.deletedAt));

/** "******678": the last three digits, enough for the customer to recognise the number. */
export const maskMobile = (mobile: string) => "*".repeat(Math.max(mobile.length - 3, 0)) + mobile.slice(-3);
/** "a***@l***.test": the first letters and the top-level domain, not the address. */
export function maskEmail(email: string | null) {
  const [local, domain] = (email ?? "").split("@");
  if (!local || !domain) return null;
  const dot = domain.lastIndexOf(".");
  return `${local[0]}***@${domain[0]}***${dot > 0 ? domain.slice(dot) : ""}`;
}

/** A customer the shop does not know yet: their name and masked contact only (ADR 0048). */
const maskedCustomer = (u: typeof users.$inferSelect): CustomerRecord => ({
  ...toCustomerRecord(u),
  email: maskEmail(u.email),
  mobile: u.mobile ? maskMobile(u.mobile) : null,
  image: null,
  gender: null,
});

/**
 * `POST user/search-customer`: the live customer using the number, if any. A customer the searching shop knows (or any,
 * for an admin) comes whole; another shop's customer comes as name and masked contact, and the shop counts them only
 * once they confirm with a texted code (`confirmCustomer`): a number alone opens nobody's record.
 */
export async function searchCustomer(deps: Deps, actor: Actor, phone: Phone): Promise<CustomerFound> {
  if (await searchLimit(deps).hit(actor.id)) throw new ApiError(429, MSG.customerSearchThrottled);
  const [person] = await deps.db
    .select()
    .from(users)
    .where(and(byPhone(phone), liveCustomer));
  if (!person) return { found: false, customer: null, alreadyCustomer: false, needsConfirmation: false };
  const shopId = shopScope(actor);
  const alreadyCustomer = shopId ? await knowsCustomer(deps.db, shopId, person.id) : false;
  const needsConfirmation = !!shopId && !alreadyCustomer;
  return {
    found: true,
    customer: needsConfirmation ? maskedCustomer(person) : toCustomerRecord(person),
    alreadyCustomer,
    needsConfirmation,
  };
}

/** The live customer `id` with a phone to text (anyone else is 404), and the shop asking. */
async function customerToConfirm(deps: Deps, actor: Actor, id: string) {
  const shopId = shopScope(actor);
  const [person] = await deps.db
    .select()
    .from(users)
    .where(and(eq(users.id, id), liveCustomer));
  if (!shopId || !person?.mobile || !person.countryCode) throw notFound();
  return {
    shopId,
    person,
    phone: e164({ countryFlag: person.countryFlag ?? "", countryCode: person.countryCode, mobile: person.mobile }),
  };
}

/** `POST user/customer/{id}/send-otp`: a code to the customer's phone, to confirm the shop may see them (and 'Resend OTP'). */
export async function sendConfirmationCode(deps: Deps, c: Context, actor: Actor, id: string) {
  const { person, phone } = await customerToConfirm(deps, actor, id);
  await throttleCodeRequest(deps, c, phone, CONFIRMATION, person.id);
  const { expiresAt } = await issueCode(deps, phone, CONFIRMATION, actor.id);
  return {
    countryFlag: person.countryFlag,
    countryCode: person.countryCode!,
    mobile: maskMobile(person.mobile!),
    expiresAt: expiresAt.toISOString(),
  };
}

/**
 * `POST user/customer/{id}/verify-otp`: the code the customer read out confirms them; the shop now counts them
 * ('confirmed') and gets their record. A wrong, expired or used code changes nothing but the code's tries.
 */
export async function confirmCustomer(deps: Deps, actor: Actor, id: string, otp: string): Promise<CustomerRecord> {
  const { shopId, person, phone } = await customerToConfirm(deps, actor, id);
  if (!(await consumeCode(deps, phone, CONFIRMATION, otp, actor.id))) throw fieldError("otp", MSG.otpInvalid);
  await rememberCustomers(deps.db, shopId, [person.id], "confirmed", actor.id);
  return toCustomerRecord(person);
}

/** A phone or e-mail another live account uses (both are unique across live accounts), as field errors. */
async function takenFields(deps: Deps, phone: Phone, email: string | undefined): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const [samePhone] = await deps.db.select({ id: users.id }).from(users).where(byPhone(phone));
  if (samePhone) errors.mobile = [MSG.customerPhoneTaken];
  if (email) {
    const [sameEmail] = await deps.db.select({ id: users.id }).from(users).where(byEmail(email));
    if (sameEmail) errors.email = [MSG.regEmailTaken];
  }
  return errors;
}

async function refuseTaken(deps: Deps, phone: Phone, email: string | undefined) {
  const errors = await takenFields(deps, phone, email);
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first[0], errors);
}

/**
 * `POST auth/register/send-otp`: a code to a number no account uses yet (and, when the form's e-mail comes along, an
 * e-mail no account uses), within the project's send limits. Sending again is 'Resend OTP': the earlier code dies.
 */
export async function sendRegistrationCode(deps: Deps, c: Context, actor: Actor, input: Phone & { email?: string }) {
  const phone: Phone = { countryFlag: input.countryFlag, countryCode: input.countryCode, mobile: input.mobile };
  await refuseTaken(deps, phone, input.email);
  await throttleCodeRequest(deps, c, e164(phone), PURPOSE);
  const { expiresAt } = await issueCode(deps, e164(phone), PURPOSE, actor.id);
  return { ...phone, expiresAt: expiresAt.toISOString() };
}

/** The live shop a customer is registered for: owners and staff their own (another is 404); admins any live shop. */
async function registeringShop(deps: Deps, actor: Actor, shopId: string) {
  const id = actingShop(actor, shopId);
  const [shop] = id
    ? await deps.db
        .select({ id: shops.id })
        .from(shops)
        .where(and(eq(shops.id, id), isNull(shops.deletedAt)))
    : [];
  if (!shop) throw notFound();
  return shop.id;
}

/**
 * `POST auth/register/{shopId}`: the code sent to the number verifies it, and the customer is created (role endUser,
 * phone verified, no password: they sign in to the mobile app by phone code) as a customer of the shop. Taken phone or
 * e-mail and a foreign picture are refused before the code is spent; a wrong, expired or used code changes nothing
 * but the code's tries.
 */
export async function registerCustomer(
  deps: Deps,
  actor: Actor,
  shopIdParam: string,
  input: RegisterCustomerInput,
): Promise<RegisteredCustomer> {
  const shopId = await registeringShop(deps, actor, shopIdParam);
  const phone: Phone = { countryFlag: input.countryFlag, countryCode: input.countryCode, mobile: input.mobile };
  await refuseTaken(deps, phone, input.email);
  await checkNewImage(deps, actor, input.image, null, [CUSTOMER_IMAGE_PURPOSE]);
  const code = await consumeCode(deps, e164(phone), PURPOSE, input.otp, actor.id);
  if (!code) throw fieldError("otp", MSG.otpInvalid);
  const now = deps.now();
  const id = newId();
  const name = splitFullName(input.fName);
  try {
    await deps.db.transaction(async (tx) => {
      await tx.insert(users).values({
        id,
        ...name,
        email: input.email,
        gender: input.gender,
        ...phone,
        image: input.image,
        role: "endUser",
        status: "Approved",
        passwordHash: null,
        phoneVerifiedAt: now,
        createdAt: now,
        updatedAt: now,
      });
      await rememberCustomers(tx, shopId, [id], "registered", actor.id, now);
    });
  } catch (error) {
    // the number or e-mail was taken between the check and the insert: the database's unique indexes decide
    if (isUniqueViolation(error)) {
      const errors = await takenFields(deps, phone, input.email);
      const first = Object.values(errors)[0] ?? [MSG.customerPhoneTaken];
      throw badRequest(first[0], Object.keys(errors).length ? errors : { mobile: first });
    }
    throw error;
  }
  return {
    _id: id,
    ...name,
    email: input.email,
    gender: input.gender,
    ...phone,
    image: input.image,
    role: { role: "endUser" },
  };
}
