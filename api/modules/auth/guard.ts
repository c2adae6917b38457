import { and, eq, sql } from "drizzle-orm";
import { signInAddresses } from "#api/db/schema";
import type { Deps } from "#api/platform/deps";
import { ApiError } from "#api/platform/http/http";
import { pgLimit } from "#api/platform/http/rate-limit";

/**
 * How guessing is bounded without letting anyone lock an owner out (ADR 0025). Every attempt spends its points
 * BEFORE it is evaluated, in one atomic upsert per counter, so under any concurrency at most the limit is evaluated.
 *
 * - per account and address: a password 10 wrong in 15 minutes; 5 code requests in 15 minutes;
 * - per address: 50 password attempts, 20 code requests in 15 minutes (one address trying many accounts);
 * - per account, from addresses the account has never signed in from: 100 password attempts, 10 code requests an
 *   hour. An address the account has signed in from (in the last 90 days) is never held by this one, so guesses from
 *   elsewhere cannot keep the owner out of their own address.
 */
export const GUARD = {
  password: { pair: 10, address: 50, account: 100 },
  code: { pair: 5, address: 20, account: 10 },
  window: 15 * 60,
  accountWindow: 60 * 60,
  knownFor: 90 * 24 * 60 * 60 * 1000,
} as const;

type Door = "password" | "code";

function limits(deps: Deps, door: Door) {
  const n = GUARD[door];
  const prefix = door === "password" ? "login" : "otp";
  return {
    pair: pgLimit(deps.db, `${prefix}-pair`, n.pair, GUARD.window),
    address: pgLimit(deps.db, `${prefix}-ip`, n.address, GUARD.window),
    account: pgLimit(deps.db, `${prefix}-account`, n.account, GUARD.accountWindow),
  };
}

/** Whether the account (by user id) has signed in from this address lately; asked for unknown accounts too (same time). */
export async function isKnownAddress(deps: Deps, userId: string | undefined, ip: string) {
  const since = new Date(deps.now().getTime() - GUARD.knownFor);
  const [row] = await deps.db
    .select({ ip: signInAddresses.ip })
    .from(signInAddresses)
    .where(
      and(
        eq(signInAddresses.userId, userId ?? ""),
        eq(signInAddresses.ip, ip),
        sql`${signInAddresses.lastSignInAt} > ${since.toISOString()}::timestamptz`,
      ),
    );
  return !!row;
}

/** Every successful sign-in (password, phone code, single sign-on) remembers its address for the account. */
export async function rememberAddress(deps: Deps, userId: string, ip: string) {
  const now = deps.now();
  await deps.db
    .insert(signInAddresses)
    .values({ userId, ip, lastSignInAt: now })
    .onConflictDoUpdate({ target: [signInAddresses.userId, signInAddresses.ip], set: { lastSignInAt: now } });
}

/**
 * Spends one attempt of `account` (an e-mail or a phone) from `ip` on a door, or throws 429 with `message` when a
 * counter is already used up. `userId` is the account's owner when one exists (unknown accounts are counted alike).
 * Returns `succeeded()`, to call when the attempt proves legitimate: it clears the address's failures for the account
 * and gives back the points the attempt spent.
 */
export async function spendAttempt(
  deps: Deps,
  door: Door,
  account: string,
  ip: string,
  userId: string | undefined,
  message: string,
) {
  const l = limits(deps, door);
  const pair = `${account}|${ip}`;
  const known = await isKnownAddress(deps, userId, ip);
  const over = (await l.pair.hit(pair)) || (await l.address.hit(ip)) || (!known && (await l.account.hit(account)));
  if (over) throw new ApiError(429, message);
  return {
    async succeeded() {
      await l.pair.reset(pair);
      await l.address.refund(ip);
      if (!known) await l.account.refund(account);
    },
  };
}
