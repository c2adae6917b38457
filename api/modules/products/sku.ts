import { randomInt } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { MSG } from "#contract/core/messages";
import { skuPrefix } from "#contract/products/products";
import { productSkus } from "#api/db/schema";
import type { Database, Tx } from "#api/db/client";
import { badRequest } from "#api/platform/http/http";

/** The shape of a generated SKU (spec 2 §4): 3 letters, a dash, 3 or more digits. */
export const GENERATED_SKU = /^[A-Z]{3}-\d{3,}$/;
/** Past this width no SKU is generated (a shop would need 10^9 products with the same 3 letters). */
const MAX_DIGITS = 9;

type Db = Database | Tx;

/**
 * A free SKU for a product called `name` in the shop: the prefix, a dash and 3 random digits, drawn among those the
 * shop has not used; when every 3-digit number of the prefix is taken, 4 digits, and so on (ADR 0022).
 * `avoid` are SKUs of the same request (not yet in the registry).
 */
export async function generateSku(
  db: Db,
  shopId: string,
  name: string,
  avoid: readonly string[] = [],
): Promise<string> {
  const prefix = skuPrefix(name);
  for (let digits = 3; digits <= MAX_DIGITS; digits++) {
    const size = 10 ** digits;
    const pattern = `^${prefix}-[0-9]{${digits}}$`;
    const used = new Set(
      (
        await db
          .select({ sku: productSkus.sku })
          .from(productSkus)
          .where(and(eq(productSkus.shopId, shopId), sql`${productSkus.sku} ~ ${pattern}`))
      ).map((r) => r.sku),
    );
    for (const sku of avoid) used.add(sku.toUpperCase());
    const taken = [...used].filter((s) => new RegExp(pattern).test(s)).length;
    if (taken >= size) continue;
    // draw until a free one comes up; with at least one free number, a few draws, then a scan, always find one
    for (let tries = 0; tries < 50; tries++) {
      const sku = `${prefix}-${String(randomInt(0, size)).padStart(digits, "0")}`;
      if (!used.has(sku)) return sku;
    }
    const start = randomInt(0, size);
    for (let i = 0; i < size; i++) {
      const sku = `${prefix}-${String((start + i) % size).padStart(digits, "0")}`;
      if (!used.has(sku)) return sku;
    }
  }
  throw badRequest(MSG.productSkuUnavailable, { sku: [MSG.productSkuUnavailable] });
}

/** Which of `skus` (upper-cased) the shop already uses. */
export async function takenSkus(db: Db, shopId: string, skus: readonly string[]) {
  if (skus.length === 0) return new Set<string>();
  const rows = await db
    .select({ sku: productSkus.sku })
    .from(productSkus)
    .where(
      and(
        eq(productSkus.shopId, shopId),
        inArray(
          productSkus.sku,
          skus.map((s) => s.toUpperCase()),
        ),
      ),
    );
  return new Set(rows.map((r) => r.sku));
}
