import { MSG } from "#contract/core/messages";
import type { OwnerPayload } from "#contract/shops/shops-api";
import type { Database, Tx } from "#api/db/client";
import { users } from "#api/db/schema";
import { isUniqueViolation } from "#api/platform/data/db-errors";
import { fieldError } from "#api/platform/http/http";
import { newId } from "#api/platform/data/ids";

/**
 * A shop owner as an admin adds one (spec 1 §3 Owner payload): no password — they sign in with a phone code or
 * single sign-on — and the phone counts as verified because the console made the account (ARCHITECTURE §5).
 * `db` may be a transaction, so POST shop/add creates the owner and the shop together or not at all.
 * A phone already used by a live account is `mobile`'s error, decided by the users_phone_unique index.
 */
export async function createShopOwner(db: Database | Tx, input: OwnerPayload, now = new Date()) {
  try {
    const [owner] = await db
      .insert(users)
      .values({
        id: newId(),
        fName: input.fName,
        lName: input.lName,
        gender: input.gender,
        countryCode: input.countryCode,
        countryFlag: input.countryFlag,
        mobile: input.mobile,
        role: "shopOwner",
        status: "Approved",
        passwordHash: null,
        phoneVerifiedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return owner;
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError("mobile", MSG.phoneTaken);
    throw error;
  }
}
