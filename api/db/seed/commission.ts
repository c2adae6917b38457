import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../client";
import { categories, shopCategories, shopCommissions } from "../schema";

/** How many sub-categories of its departments each shop gets its own commission on. */
const PER_SHOP = 5;
const DAY = 24 * 60 * 60 * 1000;
/** A shop's own rate sits a few points from the sub-category's default, never on it. */
const OFFSETS = [-2, 3, -1, 5, 2];
/** Same date as the taxonomy seed's "now", so the demo reads the same every time. */
const SEEDED_AT = new Date("2026-11-01T09:00:00Z");

/**
 * Demo commissions (spec 1 §3 Commission): each shop gets a handful of its own percentages on sub-categories of its
 * departments, one at most per sub-category. Run after the taxonomy (the shops' departments must be set); rows that
 * exist already (the taxonomy seed's own) are kept as they are. The same every time: leaves by name, fixed percentages.
 */
export async function seedCommissions(db: Database, shopIds: string[]) {
  for (const [s, shopId] of shopIds.entries()) {
    const departments = await db
      .select({ id: shopCategories.categoryId })
      .from(shopCategories)
      .where(eq(shopCategories.shopId, shopId));
    if (!departments.length) continue;
    const middle = await db
      .select({ id: categories.id })
      .from(categories)
      .where(
        inArray(
          categories.parentId,
          departments.map((d) => d.id),
        ),
      );
    if (!middle.length) continue;
    const leaves = await db
      .select({ id: categories.id, commission: categories.commission })
      .from(categories)
      .where(
        and(
          eq(categories.level, 2),
          inArray(
            categories.parentId,
            middle.map((m) => m.id),
          ),
        ),
      )
      .orderBy(asc(categories.name), asc(categories.id));
    // every third leaf or so, starting at a different one per shop, so shops differ
    const chosen = leaves.filter((_, i) => (i + s) % 3 === 0).slice(0, PER_SHOP);
    const rows = chosen.map((leaf, i) => {
      const createdAt = new Date(SEEDED_AT.getTime() - (40 - i * 7 - s) * DAY);
      const percentage = Math.min(100, Math.max(1, (leaf.commission ?? 10) + OFFSETS[(i + s) % OFFSETS.length]));
      return { shopId, categoryId: leaf.id, percentage, createdAt, updatedAt: createdAt };
    });
    if (rows.length) await db.insert(shopCommissions).values(rows).onConflictDoNothing();
  }
}
