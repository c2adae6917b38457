import type { Database } from "../db/client";
import type { Env } from "./env";
import type { Storage } from "./providers/storage";
import type { SmsSender } from "./providers/sms";
import type { Events } from "./providers/events";
import type { PaymentProvider } from "./providers/payments";
import type { AuditRecord } from "./audit/log";

/** Everything a handler needs from outside; tests build their own. */
export interface Deps {
  env: Env;
  db: Database;
  storage: Storage;
  sms: SmsSender;
  payments: PaymentProvider;
  /** live updates across app instances (ADR 0040) */
  events: Events;
  now: () => Date;
  /**
   * Given to a state-changing call's handler (ADR 0071): takes the call's audit entry over and answers the writer of one
   * entry per record the call changes (a bulk call, ADR 0074). Absent where nothing is logged.
   */
  auditEach?: () => AuditRecord;
}

/**
 * Runs `work` in one transaction: every service it calls with the deps it is given commits or rolls back together
 * (an order placing stock, coupon and payment changes). A service's own transaction becomes a savepoint inside it.
 */
export function inTransaction<T>(deps: Deps, work: (deps: Deps) => Promise<T>): Promise<T> {
  return deps.db.transaction((tx) => work({ ...deps, db: tx }));
}
