import { eq, inArray } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client";
import {
  attributes,
  brands,
  campaigns,
  categories,
  coupons,
  orders,
  products,
  shops,
  streams,
  users,
} from "../../db/schema";

// What an audit entry says a call changed (ADR 0071): the record's type, from the route's path, and its id, from the path,
// the body or the reply; and, for the record types read here, the row before and after the call.

/** The record type of a path's first segment where the path does not say it in the marketplace's word. */
const TYPE_OF_SEGMENT: Record<string, string> = {
  attr: "attribute",
  "live-stream": "stream",
  influencer: "campaign",
  auth: "session",
  payment: "order",
};

/** The record types whose row is read before and after a call (every column but the secrets, see `withoutSecrets`). */
export const RECORD_TABLES: Record<string, PgTable & { id: unknown }> = {
  attribute: attributes,
  brand: brands,
  campaign: campaigns,
  category: categories,
  coupon: coupons,
  order: orders,
  product: products,
  shop: shops,
  stream: streams,
  user: users,
};
export const AUDITED_RECORD_TYPES = Object.keys(RECORD_TABLES);

/**
 * POST calls that only read (lists and look-ups the spec writes as POST): they change nothing, so they get no entry and
 * no transaction.
 */
export const READ_ONLY_POSTS = new Set([
  "POST /geo/states",
  "POST /geo/cities",
  "POST /category/list",
  "POST /shop/stats",
  "POST /live-stream/list",
  "POST /chat/get-data",
  "POST /user/search-customer",
  "POST /upload/multipart/status",
  "POST /product/import/check",
]);

/**
 * Calls whose refusals must still leave their mark: wrong passwords, wrong codes and over-limit requests count
 * (ADR 0025); an upload refused on completion (not the type it claimed) is deleted (ADR 0006). When one of them is
 * refused (4xx) its transaction commits what the refusal did, and writes no entry, as before the log. Any other
 * refusal rolls back the whole call.
 */
export const COMMITS_ON_REFUSAL = new Set([
  "POST /auth/login",
  "POST /auth/send-otp/shopOwner",
  "POST /auth/verify-otp/shopOwner",
  "POST /auth/send-otp/customer",
  "POST /auth/verify-otp/customer",
  "POST /auth/send-otp/influencer",
  "POST /auth/verify-otp/influencer",
  "POST /auth/register-influencer",
  "POST /auth/register/send-otp",
  "POST /auth/register/:id",
  "POST /upload/complete",
  "POST /upload/multipart/complete",
  "POST /upload/public/sign",
  "POST /upload/public/complete",
  "POST /upload/public/file",
  "POST /user/change-password",
  "POST /user/customer/:id/send-otp",
  "POST /user/customer/:id/verify-otp",
]);

/** Keys whose values are secrets or one-time codes: never stored in an entry, whatever record or body holds them. */
const SECRET_KEY = /pass(word)?|otp|token|secret|hash|credential|signature|^code$|api_?key/i;

/** A value with every secret key's value replaced by "[removed]" (the key stays, so the entry shows it was sent). */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value instanceof Date) return value.toISOString();
  if (value === null || typeof value !== "object" || value instanceof Blob) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) ? "[removed]" : withoutSecrets(v)]),
  );
}

/** The record type a route's path names: its first segment, in the marketplace's word. */
export function recordTypeOf(path: string): string {
  const first = path.split("/").find(Boolean) ?? "";
  return TYPE_OF_SEGMENT[first] ?? first;
}

const idIn = (value: unknown): string | undefined => {
  if (value === null || typeof value !== "object") return undefined;
  const v = value as Record<string, unknown>;
  const id = v._id ?? v.id;
  return typeof id === "string" || typeof id === "number" ? String(id) : undefined;
};

/** The record's id as the request names it: the path's id, else the body's `_id`/`id` (spec-style calls). */
export function requestRecordId(params: Record<string, string>, body: unknown): string | undefined {
  return params.id ?? params.userId ?? params.campaignId ?? params.transactionId ?? idIn(body);
}

/** The id of the record a reply carries (a created record), when the request named none. */
export const replyRecordId = (data: unknown): string | undefined => idIn(data);

/** The record's row, its secrets removed; null when the type is not read here or the row does not exist. */
export async function readRecord(db: Database, type: string, id: string | undefined) {
  const table = RECORD_TABLES[type];
  if (!table || id === undefined) return null;
  const [row] = await db
    .select()
    .from(table)
    .where(eq(table.id as never, id));
  return row ? (withoutSecrets(row) as Record<string, unknown>) : null;
}

/** Several records' rows of one type (secrets removed); those that do not exist are left out. */
export async function readRecords(db: Database, type: string, ids: string[]) {
  const table = RECORD_TABLES[type];
  if (!table || ids.length === 0) return [];
  const rows = await db
    .select()
    .from(table)
    .where(inArray(table.id as never, ids));
  return rows.map((row) => withoutSecrets(row) as Record<string, unknown>);
}
