import { and, eq, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { LEAF_LEVEL } from "#contract/catalogue/categories";
import type { ShopCommission } from "#contract/shops/commission-api";
import type {
  AddCommissionInput,
  CommissionListQuery,
  DeleteCommissionInput,
  EditCommissionInput,
} from "#contract/shops/commission-api";
import { MSG } from "#contract/core/messages";
import { categories, shopCommissions, shops } from "#api/db/schema";
import type { Actor } from "#api/platform/auth/actor";
import type { Deps } from "#api/platform/deps";
import { isForeignKeyViolation, isUniqueViolation } from "#api/platform/data/db-errors";
import { fieldError, notFound } from "#api/platform/http/http";
import { likePattern, listPage, orderBy } from "#api/platform/data/list";
import { requireShop } from "#api/platform/auth/tenancy";

// spec 1 §3 Commission: a shop's own percentage on a sub-category, overriding the sub-category's default commission
// (spec 2 §3 Category) for that shop. One row per shop and sub-category (the primary key); admins alone change them.

const parent = alias(categories, "parent");
const rowColumns = {
  categoryId: categories.id,
  categoryName: categories.name,
  defaultPercentage: categories.commission,
  parentId: parent.id,
  parentName: parent.name,
  percentage: shopCommissions.percentage,
  createdAt: shopCommissions.createdAt,
  updatedAt: shopCommissions.updatedAt,
};
const joined = (deps: Deps, where: SQL | undefined) =>
  deps.db
    .select(rowColumns)
    .from(shopCommissions)
    .innerJoin(categories, eq(categories.id, shopCommissions.categoryId))
    .innerJoin(parent, eq(parent.id, categories.parentId))
    .where(where);
type Row = Awaited<ReturnType<typeof joined>>[number];

function toEntity(r: Row): ShopCommission {
  return {
    categoryId: { _id: r.categoryId, name: r.categoryName, parent: { _id: r.parentId, name: r.parentName } },
    percentage: r.percentage,
    defaultPercentage: r.defaultPercentage,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The shop a call is about, live (not deleted); anything else is 404/1004 so ids reveal nothing. */
async function liveShop(deps: Deps, shopId: string) {
  const [shop] = await deps.db
    .select({ id: shops.id })
    .from(shops)
    .where(and(eq(shops.id, shopId), isNull(shops.deletedAt)));
  if (!shop) throw notFound();
  return shop.id;
}

/** The commission of one shop on one sub-category, as the list shows it. */
async function commission(deps: Deps, shopId: string, categoryId: string) {
  const [row] = await joined(deps, and(eq(shopCommissions.shopId, shopId), eq(shopCommissions.categoryId, categoryId)));
  if (!row) throw notFound(MSG.commissionMissing);
  return toEntity(row);
}

/**
 * GET shop/commission/{shopId}: newest first, searched on the sub-category's or its category's name. An owner or staff
 * member reads only their own shop (tenancy from the session): another shop's id is 404/1004, like one that does not exist.
 */
export async function listCommissions(deps: Deps, actor: Actor, shopId: string, q: CommissionListQuery) {
  requireShop(actor, shopId);
  await liveShop(deps, shopId);
  const term = q.search ? likePattern(q.search) : null;
  const where = and(
    eq(shopCommissions.shopId, shopId),
    term ? or(ilike(categories.name, term), ilike(parent.name, term)) : undefined,
  );
  const sorting = orderBy(q, { createdAt: shopCommissions.createdAt }, shopCommissions.categoryId);
  const page = await listPage(
    q,
    ({ limit, offset }) =>
      joined(deps, where)
        .orderBy(...sorting)
        .limit(limit)
        .offset(offset),
    // the count reads shop_commissions alone; a search looks at the names through a subquery (outer column qualified by hand)
    {
      db: deps.db,
      from: shopCommissions,
      where: term
        ? sql`"shop_commissions"."shop_id" = ${shopId} and exists (select 1 from "categories" as "c" join "categories" as "p" on "p"."id" = "c"."parent_id" where "c"."id" = "shop_commissions"."category_id" and ("c"."name" ilike ${term} or "p"."name" ilike ${term}))`
        : eq(shopCommissions.shopId, shopId),
    },
  );
  return { ...page, data: page.data.map(toEntity) };
}

/** spec 1 §5 Commission: the category must be a sub-category (level 2); a missing one is 'Please Select Category'. */
async function subcategory(deps: Deps, categoryId: string) {
  const [category] = await deps.db
    .select({ id: categories.id, level: categories.level })
    .from(categories)
    .where(eq(categories.id, categoryId));
  if (!category) throw fieldError("categoryId", MSG.commissionCategoryRequired);
  if (category.level !== LEAF_LEVEL) throw fieldError("categoryId", MSG.commissionNotSubcategory);
  return category.id;
}

/** POST shop/commission: admins only; a sub-category at most once per shop (the primary key decides, no read-then-write). */
export async function addCommission(deps: Deps, input: AddCommissionInput) {
  const shopId = await liveShop(deps, input.shopId);
  const categoryId = await subcategory(deps, input.categoryId);
  const now = deps.now();
  try {
    await deps.db
      .insert(shopCommissions)
      .values({ shopId, categoryId, percentage: input.percentage, createdAt: now, updatedAt: now });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError("categoryId", MSG.commissionTaken);
    // the shop or the sub-category went away between the checks and the insert
    if (isForeignKeyViolation(error)) throw notFound();
    throw error;
  }
  return commission(deps, shopId, categoryId);
}

/** PUT shop/commission: a new percentage for a commission the shop has. */
export async function editCommission(deps: Deps, input: EditCommissionInput) {
  const shopId = await liveShop(deps, input.shopId);
  const [row] = await deps.db
    .update(shopCommissions)
    .set({ percentage: input.percentage, updatedAt: deps.now() })
    .where(and(eq(shopCommissions.shopId, shopId), eq(shopCommissions.categoryId, input.categoryId)))
    .returning({ categoryId: shopCommissions.categoryId });
  if (!row) throw notFound(MSG.commissionMissing);
  return commission(deps, shopId, row.categoryId);
}

/**
 * DELETE shop/commission: the shop goes back to the sub-category's default commission. The row is a setting, not a
 * record anything points at, so it is removed rather than marked deleted (a re-add must be possible).
 */
export async function deleteCommission(deps: Deps, input: DeleteCommissionInput) {
  const shopId = await liveShop(deps, input.shopId);
  const [row] = await deps.db
    .delete(shopCommissions)
    .where(and(eq(shopCommissions.shopId, shopId), eq(shopCommissions.categoryId, input.categoryId)))
    .returning({ categoryId: shopCommissions.categoryId, percentage: shopCommissions.percentage });
  if (!row) throw notFound(MSG.commissionMissing);
  return { shopId, categoryId: row.categoryId, percentage: row.percentage };
}
