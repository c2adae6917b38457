import type { Context, Hono } from "hono";
import { z } from "zod";
import { MSG } from "#contract/core/messages";
import { can } from "#contract/access/rights";
import {
  CUSTOMER_ONLY,
  INFLUENCER_ONLY,
  type Actor,
  type AppCaller,
  type Buyer,
  type InfluencerCaller,
  type Policy,
} from "../auth/actor";
import type { CallData, JsonCallKey } from "#contract/core/calls";
import type { Deps } from "../deps";
import type { IdPath } from "../data/ids";
import { ApiError, badRequest, forbidden, unauthorized, zodErrors, type Reply } from "./http";
import { appCallerFor } from "../auth/sessions";
import { auditAfter, isAudited, runAudited } from "../audit/log";
import { operationId } from "./openapi";

/** `appCaller`: the mobile app's signed-in customer or influencer, found by mountRoutes for an app route. */
export type ApiEnv = { Variables: { actor: Actor | null; deps: Deps; appCaller?: AppCaller } };
type Method = "get" | "post" | "put" | "delete";

interface HandlerInput<B, Q, Public extends boolean> {
  c: Context<ApiEnv>;
  deps: Deps;
  actor: Public extends true ? Actor | null : Actor;
  body: B;
  query: Q;
  params: Record<string, string>;
}

/** The call-table key of a route declared with this method and path (an id-patterned path keys as it was written). */
type KeyOf<M extends Method, P extends string> = `${Uppercase<M>} ${P extends IdPath<infer Written> ? Written : P}`;
/**
 * What a route's handler may answer: a Reply whose data is the call's declared response (contract/core/calls.ts), so a
 * handler returning another shape does not compile; a raw Response (files, event streams) is checked by the contract test.
 */
export type ReplyOf<M extends Method, P extends string> =
  KeyOf<M, P> extends JsonCallKey ? Reply<CallData<KeyOf<M, P>>> | Response : Reply | Response;

export interface RouteDef<
  B = unknown,
  Q = unknown,
  Public extends boolean = boolean,
  M extends Method = Method,
  P extends string = string,
> {
  method: M;
  path: P;
  summary: string;
  policy: Policy;
  /** request shapes, validated before the handler runs and published in the OpenAPI document */
  body?: z.ZodType<B>;
  query?: z.ZodType<Q>;
  /** raw bodies (file uploads) are read by the handler itself */
  rawBody?: string;
  /** a larger body than BODY_LIMIT this call takes on purpose (a CSV file of products), and its refusal's message */
  bodyLimit?: { bytes: number; message: string };
  handler(input: HandlerInput<B, Q, Public>): Promise<ReplyOf<M, P>>;
}

/** Declares one route for signed-in callers; reads like a line in the area's table of contents. */
export function route<B = undefined, Q = undefined, M extends Method = Method, P extends string = string>(
  def: Omit<RouteDef<B, Q, false, M, P>, "policy"> & { policy: Exclude<Policy, { public: true }> },
): RouteDef<B, Q, false> {
  return def as RouteDef<B, Q, false>;
}

/** Declares a route anyone may call (sign-in, registration); the actor may be null. */
export function publicRoute<B = undefined, Q = undefined, M extends Method = Method, P extends string = string>(
  def: Omit<RouteDef<B, Q, true, M, P>, "policy">,
): RouteDef<B, Q, true> {
  return { ...def, policy: { public: true } } as RouteDef<B, Q, true>;
}

/** The policies of the mobile app's routes, each opened only by its own role's bearer token. */
type AppPolicy = typeof CUSTOMER_ONLY | typeof INFLUENCER_ONLY;
/** The role whose bearer token opens an app policy. */
const APP_POLICY_ROLE = (policy: AppPolicy) => ("customer" in policy ? "endUser" : "influencer");
const isAppPolicy = (policy: Policy): policy is AppPolicy => "customer" in policy || "influencer" in policy;

/** A mobile-app route's declaration: its handler gets the caller (as `as`) instead of a console actor. */
type AppRouteDef<B, Q, M extends Method, P extends string, As extends string, Caller> = Omit<
  RouteDef<B, Q, true, M, P>,
  "policy" | "handler"
> & {
  handler(input: Omit<HandlerInput<B, Q, true>, "actor"> & { [K in As]: Caller }): Promise<ReplyOf<M, P>>;
};

/** The one way an app route is made: mountRoutes has found the caller (or refused the call) before reading the body. */
function appRoute<B, Q>(policy: AppPolicy, as: "buyer" | "influencer", handler: (input: never) => Promise<unknown>) {
  return {
    policy,
    handler: (input: HandlerInput<B, Q, true>) => handler({ ...input, [as]: input.c.get("appCaller")! } as never),
  };
}

/**
 * Declares a customer-facing route (the mobile app's): only a customer's bearer token opens it; a console user or an
 * influencer is refused (403) and no token is 401. The handler gets the `buyer` instead of a console actor.
 */
export function customerRoute<B = undefined, Q = undefined, M extends Method = Method, P extends string = string>(
  def: AppRouteDef<B, Q, M, P, "buyer", Buyer>,
): RouteDef<B, Q, true> {
  return { ...def, ...appRoute(CUSTOMER_ONLY, "buyer", def.handler) } as RouteDef<B, Q, true>;
}

/**
 * Declares an influencer route (the mobile app's, ADR 0057): only an Approved influencer's bearer token opens it; a
 * console user or a customer is refused (403) and no token is 401. The handler gets the `influencer`.
 */
export function influencerRoute<B = undefined, Q = undefined, M extends Method = Method, P extends string = string>(
  def: AppRouteDef<B, Q, M, P, "influencer", InfluencerCaller>,
): RouteDef<B, Q, true> {
  return { ...def, ...appRoute(INFLUENCER_ONLY, "influencer", def.handler) } as RouteDef<B, Q, true>;
}

/** Every mounted route with its policy; the policy test and the OpenAPI document read it. */
export type RouteRegistry = Map<string, RouteDef>;
export const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;
/** A path parameter, `:name` or `:name{pattern}` (the pattern may hold `{n}` counts). */
export const PATH_PARAM = /:(\w+)(?:\{((?:[^{}]|\{[^{}]*\})*)\})?/g;
/** A route's key in the call table (contract/core/calls.ts): method and path without parameter patterns (`:id{…}` → `:id`). */
export const callKey = (def: Pick<RouteDef, "method" | "path">) =>
  routeKey(def.method, def.path.replace(PATH_PARAM, ":$1"));

/** Query string as an object; a repeated key becomes a list. */
function queryObject(c: Context) {
  const all = c.req.queries();
  return Object.fromEntries(Object.entries(all).map(([k, v]) => [k, v.length > 1 ? v : v[0]]));
}

/** Whether `test` holds for any text in a value, its keys included. */
const anyText = (v: unknown, test: (text: string) => boolean): boolean =>
  typeof v === "string"
    ? test(v)
    : Array.isArray(v)
      ? v.some((x) => anyText(x, test))
      : v !== null && typeof v === "object" && !(v instanceof Blob)
        ? Object.entries(v).some(([k, x]) => test(k) || anyText(x, test))
        : false;

/** Text that PostgreSQL cannot store (the NUL character) anywhere in a value, its keys included. */
export const hasNul = (v: unknown): boolean => anyText(v, (text) => text.includes("\u0000"));
/** Control characters (BEL, ESC, DEL …) other than tab and line breaks: no text field holds them; exports would carry them as-is. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** A request's values, refused with 400 when they hold a NUL or another control character (no text field may). */
function clean<T>(value: T): T {
  if (hasNul(value)) throw badRequest(MSG.nulCharacter);
  if (anyText(value, (text) => CONTROL.test(text))) throw badRequest(MSG.controlCharacter);
  return value;
}

/** The most a JSON or form body of an API call may hold; files go through the upload calls, limited per purpose. */
export const BODY_LIMIT = 1024 * 1024;

/**
 * The request body, read only up to BODY_LIMIT: a declared length over it is refused before a byte is read, and a
 * body without a length (chunked) stops being read as soon as it passes it (413).
 */
async function limitedBody(
  c: Context,
  limit = { bytes: BODY_LIMIT, message: MSG.bodyTooLarge },
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(c.req.header("content-length") ?? Number.NaN);
  if (declared > limit.bytes) throw new ApiError(413, limit.message);
  const reader = c.req.raw.body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit.bytes) {
      // not cancelled: cancelling destroys the socket before the 413 is sent; the server drops the rest (server.mjs)
      reader.releaseLock();
      throw new ApiError(413, limit.message);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** The deepest nesting of lists and objects a JSON body may have; no request shape comes near it. */
export const JSON_DEPTH_LIMIT = 32;

/** Whether JSON text nests lists and objects deeper than JSON_DEPTH_LIMIT, found in one pass over the text (brackets inside strings skipped). */
function nestsTooDeep(text: string): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // a backslash escapes the next character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) {
      if (++depth > JSON_DEPTH_LIMIT) return true;
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return false;
}

async function bodyObject(c: Context, limit?: RouteDef["bodyLimit"]): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  if (type.includes("application/json")) {
    const text = new TextDecoder().decode(await limitedBody(c, limit));
    // refused before parsing: every later walk over the value (the NUL check, the schemas) recurses
    if (nestsTooDeep(text)) throw badRequest(MSG.bodyTooDeep);
    try {
      return JSON.parse(text);
    } catch {
      throw badRequest(MSG.bodyNotJson);
    }
  }
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    const bytes = await limitedBody(c, limit);
    let form: FormData;
    try {
      form = await new Response(bytes, { headers: { "content-type": type } }).formData();
    } catch {
      throw badRequest(MSG.bodyNotForm);
    }
    const out: Record<string, unknown> = {};
    for (const key of new Set(form.keys())) {
      const values = form.getAll(key);
      out[key] = values.length > 1 ? values : values[0];
    }
    return out;
  }
  return {};
}

/** `audit: false` only for `npm run bench:audit`, which measures what the log costs; the app always logs. */
export function mountRoutes(
  app: Hono<ApiEnv>,
  registry: RouteRegistry,
  defs: RouteDef[],
  opts: { audit?: boolean } = {},
) {
  for (const def of defs) {
    const key = routeKey(def.method, def.path);
    if (registry.has(key)) throw new Error(`Route declared twice: ${key}`);
    registry.set(key, def);
    const auditKey = callKey(def);
    const audited = opts.audit !== false && isAudited(def.method, auditKey);
    const operation = operationId(def);
    app.on(def.method.toUpperCase(), def.path, async (c) => {
      const actor = c.get("actor");
      const { policy } = def;
      if (isAppPolicy(policy)) {
        const caller = await appCallerFor(c.get("deps"), c);
        // signed in, but as someone else (a console user, or the app's other role): forbidden; nobody: 401
        if (caller?.role !== APP_POLICY_ROLE(policy)) throw actor || caller ? forbidden() : unauthorized();
        c.set("appCaller", caller);
      } else if ("anySignedIn" in policy) {
        // a console session, else the app's bearer token (a customer's or an approved influencer's)
        if (!actor) {
          const caller = await appCallerFor(c.get("deps"), c);
          if (!caller) throw unauthorized();
          c.set("appCaller", caller);
        }
      } else if (!("public" in policy)) {
        if (!actor) throw unauthorized();
        if (!can(actor, policy)) throw forbidden();
      }
      clean(c.req.param());
      const rawQuery = clean(queryObject(c));
      let query: unknown = undefined;
      if (def.query) {
        const parsed = def.query.safeParse(rawQuery);
        if (!parsed.success) {
          const errors = zodErrors(parsed.error);
          throw badRequest(Object.values(errors)[0]?.[0] ?? MSG.somethingWrong, errors);
        }
        query = parsed.data;
      }
      let body: unknown = undefined;
      if (def.body) {
        const parsed = def.body.safeParse(clean(await bodyObject(c, def.bodyLimit)));
        if (!parsed.success) {
          const errors = zodErrors(parsed.error);
          throw badRequest(Object.values(errors)[0]?.[0] ?? MSG.somethingWrong, errors);
        }
        body = parsed.data;
      }
      const params = c.req.param() as Record<string, string>;
      const run = (deps: Deps) => def.handler({ c, deps, actor: actor as Actor, body, query, params });
      const deps = c.get("deps");
      const call = { key: auditKey, operation, path: def.path, c, actor, params, body };
      // ADR 0071: a state-changing call and its audit entry commit together or not at all
      const result = !audited
        ? await run(deps)
        : def.rawBody
          ? await auditAfter(deps, call, await run(deps))
          : await runAudited(deps, call, run);
      if (result instanceof Response) return result;
      const { status = 200, message = "Success", data = null, ...rest } = result;
      return c.json({ success: true, message, data, ...rest }, status);
    });
  }
}

/** The envelope for a refusal: `{ success: false, message, status?, errors? }`. */
export function errorResponse(c: Context, error: unknown) {
  if (error instanceof ApiError) {
    const body: Record<string, unknown> = { success: false, message: error.message, data: null };
    if (error.extra.code) body.status = error.extra.code;
    if (error.extra.errors) body.errors = error.extra.errors;
    return c.json(body, error.status);
  }
  // never leak a stack trace to the client
  console.error(error);
  return c.json({ success: false, message: MSG.serverError, data: null }, 500);
}
