import { can } from "#contract/access/rights";
import { BULK_LIMIT, type BulkResult } from "#contract/core/bulk";
import { bulkRequestSchema } from "#contract/core/bulk-api";
import { MSG } from "#contract/core/messages";
import type { z } from "#contract/core/zod";
import { recordTypeOf } from "../audit/records";
import type { Actor, Policy } from "../auth/actor";
import { ID_PATTERN } from "../data/ids";
import type { Deps } from "../deps";
import { EXPORT_BATCH } from "./csv-export";
import { ApiError, badRequest, forbidden, notFound, ok, zodErrors, type Reply } from "./http";
import { route, type RouteDef } from "./router";

// The bulk actions kit (ADR 0074): a list's single action becomes `POST <path>` on many rows. Each row runs the single
// route's own handler, with its body checked by the single route's schema, in a savepoint of the call's transaction: a
// refused row rolls back only itself and is reported with the single action's message. The policy is the single
// route's; tenancy is each row's, decided by the single action. The whole filtered list is read through the list's own
// handler (as the CSV export kit reads it, ADR 0068), so its rows are the list's by construction.

/** The shape every id of a path parameter has (idPath): any other names no record, as the single route would answer. */
const ID = new RegExp(`^${ID_PATTERN}$`);

type ConsolePolicy = Exclude<Policy, { public: true }>;

export interface BulkSpec<F extends z.ZodRawShape> {
  /** the bulk call's path, e.g. `/user/bulk/delete` */
  path: string;
  summary: string;
  /** the list whose rows `{ all: true, query }` acts on: its handler reads them with that query (its policy applies too) */
  list: RouteDef<any, any, false>;
  /** the action's own fields, sent once for every row (e.g. the new status), taken from the single route's schema */
  fields?: F;
  /** the single call's path params and body for one row */
  request: (id: string, fields: z.output<z.ZodObject<F>>) => { params?: Record<string, string>; body?: unknown };
  /** a row's name for the summary, as the caller may see it (a refusal, such as another shop's row, leaves it null) */
  name: (deps: Deps, actor: Actor, id: string) => Promise<string>;
}

/** The first message of a failed schema check, as mountRoutes words a refused body. */
function checked<T>(schema: z.ZodType<T> | undefined, value: unknown): T {
  if (!schema) return value as T;
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw badRequest(Object.values(zodErrors(parsed.error))[0]?.[0] ?? MSG.somethingWrong);
}

/** The ids of every row of the list the query filters, read batch by batch through the list's own handler. */
async function listedIds(
  list: RouteDef<any, any, false>,
  input: Parameters<RouteDef<any, any, false>["handler"]>[0],
  query: object,
) {
  if (!can(input.actor, list.policy as never)) throw forbidden();
  const ids: string[] = [];
  for (let skip = 0; ; skip += EXPORT_BATCH) {
    const reply = (await list.handler({
      ...input,
      body: undefined,
      query: { ...query, skip, limit: EXPORT_BATCH },
    })) as Reply<{ _id: string }[]>;
    ids.push(...(reply.data ?? []).map((row) => row._id));
    if (ids.length > BULK_LIMIT) throw badRequest(MSG.bulkTooMany(BULK_LIMIT));
    if (!reply.isNext) return ids;
  }
}

/**
 * `POST spec.path`: the single route's action on each row of `{ ids }` or `{ all: true, query }`, answering
 * `{ total, succeeded: [{ id, name }], failed: [{ id, name, message }] }`. Every row that changed gets its own audit
 * entry (its record before and after); the call itself gets none.
 */
export function bulkRoute<F extends z.ZodRawShape = Record<never, never>>(
  single: RouteDef<any, any, false>,
  spec: BulkSpec<F>,
): RouteDef<any, undefined, false> {
  const recordType = recordTypeOf(single.path);
  const idInPath = single.path.includes(":");
  const listQuery = spec.list.query;
  if (!listQuery) throw new Error(`${spec.path}: the list ${spec.list.path} declares no query`);
  return route({
    method: "post",
    path: spec.path,
    summary: `${spec.summary} (a bulk action: { ids } or { all: true, query } with the list's query; each row as the single call checks it, in its own savepoint; answers the rows changed and the rows refused with the single call's message)`,
    policy: single.policy as ConsolePolicy,
    body: bulkRequestSchema(listQuery, spec.fields),
    handler: async (input) => {
      const { deps, actor, body } = input;
      const { ids: chosen, all: _all, query, ...fields } = body as { ids?: string[]; all?: true; query?: object };
      const ids = chosen ?? (await listedIds(spec.list, input, query ?? checked(listQuery, {})));
      const audit = deps.auditEach?.();
      const result: BulkResult = { total: ids.length, succeeded: [], failed: [] };
      for (const id of ids) {
        const name = await spec.name(deps, actor, id).catch((error: unknown) => {
          if (error instanceof ApiError && error.status < 500) return null;
          throw error;
        });
        try {
          if (idInPath && !ID.test(id)) throw notFound();
          const { params = {}, body: rowBody } = spec.request(id, fields as z.output<z.ZodObject<F>>);
          // a savepoint per row: a refusal undoes this row's writes only
          await deps.db.transaction(async (tx) => {
            const rowDeps: Deps = { ...deps, db: tx, auditEach: undefined };
            const change = async () => {
              const reply = await single.handler({
                ...input,
                deps: rowDeps,
                body: checked(single.body, rowBody),
                query: undefined,
                params,
              });
              if (reply instanceof Response && reply.status >= 400) throw badRequest(MSG.somethingWrong);
            };
            await (audit ? audit(tx, { type: recordType, id }, change) : change());
          });
          result.succeeded.push({ id, name });
        } catch (error) {
          if (!(error instanceof ApiError) || error.status >= 500) throw error;
          result.failed.push({ id, name, message: error.message });
        }
      }
      return ok(result, MSG.bulkDone(result.succeeded.length, result.total));
    },
  });
}
