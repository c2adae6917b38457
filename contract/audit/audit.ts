// The audit log's shapes and words for the pages (ADR 0071); the call's schemas are in audit-api.ts.

/** The audit list's sorts: newest first by default. */
export const AUDIT_SORTS = ["at", "operation", "recordType"] as const;
export type AuditSort = (typeof AUDIT_SORTS)[number];

/** The record types a record's page links to its own history from, with the words the list shows. */
export const AUDIT_RECORD_LABELS: Record<string, string> = {
  attribute: "Attribute",
  brand: "Brand",
  campaign: "Campaign",
  category: "Category",
  chat: "Chat",
  coupon: "Coupon",
  geo: "Place",
  order: "Order",
  product: "Product",
  session: "Sign-in",
  shop: "Shop",
  stream: "Stream",
  upload: "Upload",
  user: "User",
};

/** One entry as the API returns it. */
export interface AuditEntry {
  _id: string;
  at: string;
  userId: string | null;
  userName: string | null;
  role: string | null;
  shopId: string | null;
  operation: string;
  recordType: string | null;
  recordId: string | null;
  before: Record<string, unknown> | null;
  after?: unknown;
  ip: string | null;
  userAgent: string | null;
}

/** One field of an entry's difference: its value before and after (undefined: absent). */
export interface AuditFieldChange {
  field: string;
  before: unknown;
  after?: unknown;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields an entry changed (all of `after` when there was no `before`), in field order; unchanged fields left out. */
export function auditChanges(entry: Pick<AuditEntry, "before" | "after">): AuditFieldChange[] {
  const before = entry.before ?? {};
  const after = entry.after && typeof entry.after === "object" ? (entry.after as Record<string, unknown>) : {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .filter((field) => !same(before[field], after[field]))
    .map((field) => ({ field, before: before[field], after: after[field] }));
}
