import type { Context } from "hono";
import type { Database } from "../../db/client";
import { auditEntries } from "../../db/schema";
import type { Actor, AppCaller } from "../auth/actor";
import { clientIp } from "../auth/sessions";
import type { Deps } from "../deps";
import { ApiError, type Reply } from "../http/http";
import {
  COMMITS_ON_REFUSAL,
  READ_ONLY_POSTS,
  readRecord,
  recordTypeOf,
  replyRecordId,
  requestRecordId,
  withoutSecrets,
} from "./records";

// ADR 0071: every state-changing call runs in one transaction with its audit entry; a refusal or a failure rolls back
// both, so a change without its entry, or an entry without its change, cannot exist.

/** What mountRoutes knows of a call when it is about to run it. */
export interface AuditedCall {
  /** the call-table key (`PUT /product/:id`) */
  key: string;
  /** the OpenAPI operationId */
  operation: string;
  path: string;
  c: Context;
  actor: Actor | null;
  params: Record<string, string>;
  body: unknown;
}

/** Whether a call of this method and key changes state, and so is audited. */
export const isAudited = (method: string, key: string) => method !== "get" && !READ_ONLY_POSTS.has(key);

/** A reply that says the call did not succeed (a handler's raw Response with an error status) rolls back like a throw. */
class Unsuccessful extends Error {
  constructor(readonly reply: Response) {
    super("unsuccessful reply");
  }
}

const statusOf = (result: Reply | Response) => (result instanceof Response ? result.status : (result.status ?? 200));

function who(call: AuditedCall) {
  const app = call.c.get("appCaller") as AppCaller | undefined;
  const user = call.actor?.signedIn?.user;
  return {
    userId: call.actor?.id ?? app?.id ?? null,
    userName: user ? `${user.fName} ${user.lName}`.trim() || user.email : null,
    role: call.actor?.role ?? app?.role ?? null,
  };
}

async function writeEntry(
  db: Database,
  call: AuditedCall,
  record: { type: string; id: string | undefined },
  before: Record<string, unknown> | null,
  after: unknown,
) {
  const person = who(call);
  const rowShop = (row: unknown) =>
    row && typeof row === "object" && typeof (row as { shopId?: unknown }).shopId === "string"
      ? ((row as { shopId: string }).shopId as string)
      : null;
  const shopId =
    call.actor?.shopId ??
    rowShop(after) ??
    rowShop(before) ??
    (record.type === "shop" && record.id !== undefined ? record.id : null);
  await db.insert(auditEntries).values({
    ...person,
    shopId,
    operation: call.operation,
    recordType: record.type,
    recordId: record.id ?? null,
    before,
    after: after ?? null,
    ip: clientIp(call.c),
    userAgent: call.c.req.header("user-agent")?.slice(0, 500) ?? null,
  });
}

/**
 * One record's entry, its row read before and after `change` runs (in `db`, the change's own transaction or savepoint):
 * how a call that changes several records logs each of them (ADR 0074).
 */
export type AuditRecord = <T>(
  db: Database,
  record: { type: string; id: string },
  change: () => Promise<T>,
) => Promise<T>;

/**
 * Runs a state-changing call's handler and writes its entry in one transaction: the handler's `deps.db` is that
 * transaction (its own transactions become savepoints). The record is read before and after; a call without a record
 * that is read here keeps its request (secrets removed) as `after`. A handler that asks for `deps.auditEach()` writes
 * one entry per record it changes instead, and the call writes none of its own.
 */
export async function runAudited<R extends Reply | Response>(
  deps: Deps,
  call: AuditedCall,
  handler: (deps: Deps) => Promise<R>,
): Promise<R> {
  let refused: ApiError | undefined;
  let perRecord = false;
  const auditRecord: AuditRecord = async (db, record, change) => {
    const before = await readRecord(db, record.type, record.id);
    const done = await change();
    await writeEntry(db, call, record, before, await readRecord(db, record.type, record.id));
    return done;
  };
  const auditEach = () => {
    perRecord = true;
    return auditRecord;
  };
  let result: R;
  try {
    result = await deps.db.transaction(async (tx) => {
      const db: Database = tx;
      const type = recordTypeOf(call.path);
      const requested = requestRecordId(call.params, call.body);
      const before = await readRecord(db, type, requested);
      let reply: R;
      try {
        reply = await handler({ ...deps, db, auditEach });
      } catch (error) {
        // a refused attempt still counts (ADR 0025): commit the counters, write no entry
        if (error instanceof ApiError && error.status < 500 && COMMITS_ON_REFUSAL.has(call.key)) {
          refused = error;
          return undefined as never;
        }
        throw error;
      }
      if (statusOf(reply) >= 400) throw new Unsuccessful(reply as Response);
      if (perRecord) return reply;
      const id = requested ?? replyRecordId(reply instanceof Response ? null : reply.data);
      const after = (await readRecord(db, type, id)) ?? (before ? null : withoutSecrets(call.body ?? null));
      await writeEntry(db, call, { type, id }, before, after);
      return reply;
    });
  } catch (error) {
    if (error instanceof Unsuccessful) return error.reply as R;
    throw error;
  }
  if (refused) throw refused;
  return result;
}

/**
 * A byte transfer (a raw body streamed to storage) is not held in a transaction (a connection would wait on the
 * uploader): its entry is written once the handler succeeded.
 */
export async function auditAfter<R extends Reply | Response>(deps: Deps, call: AuditedCall, result: R): Promise<R> {
  if (statusOf(result) < 400) {
    const type = recordTypeOf(call.path);
    const id =
      requestRecordId(call.params, call.body) ?? replyRecordId(result instanceof Response ? null : result.data);
    await writeEntry(deps.db, call, { type, id }, null, { key: call.c.req.path });
  }
  return result;
}
