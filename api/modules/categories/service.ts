import { and, asc, eq, ilike, inArray, isNotNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AttributeType } from "#contract/catalogue/attributes";
import type { CategoryLevel } from "#contract/catalogue/categories";
import type { CategoryDetails, CategoryRef, CategoryRow, SubcategoryOption } from "#contract/catalogue/categories-api";
import { DEPARTMENT_LEVEL, LEAF_LEVEL } from "#contract/catalogue/categories";
import type {
  CategoryListBody,
  CategoryListQuery,
  CreateCategoryInput,
  UpdateCategoryInput,
} from "#contract/catalogue/categories-api";
import { nameIssue } from "#contract/catalogue/categories-api";
import type { ListQuery } from "#contract/core/list";
import { MSG } from "#contract/core/messages";
import {
  attributes,
  categories,
  categoryAttributes,
  products,
  shopCategories,
  shopCommissions,
  shops,
} from "#api/db/schema";
import type { Actor } from "#api/platform/auth/actor";
import type { Deps } from "#api/platform/deps";
import { isForeignKeyViolation, isUniqueViolation } from "#api/platform/data/db-errors";
import { badRequest, fieldError, notFound } from "#api/platform/http/http";
import { newId } from "#api/platform/data/ids";
import { likePattern, listPage, orderBy } from "#api/platform/data/list";
import { checkNewImage } from "#api/modules/uploads";

type CategoryRecord = typeof categories.$inferSelect;

// counted per row: a handful of rows per page, each an index lookup. Written out in SQL because drizzle leaves a
// column of the outer table unqualified inside a subquery, where it would name the inner table's column.
const childCount = sql<number>`(select count(*)::int from "categories" as "child" where "child"."parent_id" = "categories"."id")`;
const shopCount = sql<number>`(select count(*)::int from "shop_categories" as "sc" join "shops" as "s" on "s"."id" = "sc"."shop_id" where "sc"."category_id" = "categories"."id" and "s"."deleted_at" is null)`;
const rowColumns = { category: categories, childCount, shopCount };

function toRow({
  category,
  childCount,
  shopCount,
}: {
  category: CategoryRecord;
  childCount: number;
  shopCount: number;
}): CategoryRow {
  return {
    _id: category.id,
    name: category.name,
    image: category.image,
    level: category.level as CategoryLevel,
    isLeaf: category.level === LEAF_LEVEL,
    parent: category.parentId,
    childCount: Number(childCount),
    shopCount: Number(shopCount),
    createdAt: category.createdAt.toISOString(),
  };
}

/** POST category/list: one level (departments are 0) or the children of one category; searchable, sorted, paged. */
export async function listCategories(deps: Deps, body: CategoryListBody, q: CategoryListQuery) {
  const where = and(
    body.parent ? eq(categories.parentId, body.parent) : eq(categories.level, body.level ?? 0),
    q.search ? ilike(categories.name, likePattern(q.search)) : undefined,
  );
  const sorting = orderBy(q, { createdAt: categories.createdAt, name: categories.name }, categories.id);
  const page = await listPage(
    q,
    ({ limit, offset }) =>
      deps.db
        .select(rowColumns)
        .from(categories)
        .where(where)
        .orderBy(...sorting)
        .limit(limit)
        .offset(offset),
    { db: deps.db, from: categories, where },
  );
  return { ...page, data: page.data.map(toRow) };
}

async function findCategory(deps: Deps, id: string) {
  const [category] = await deps.db.select().from(categories).where(eq(categories.id, id));
  return category ?? null;
}

/** GET category/{id}: the category, its ancestors, its children and, for a leaf, its attributes and variations. */
export async function categoryDetails(deps: Deps, id: string): Promise<CategoryDetails> {
  const [row] = await deps.db.select(rowColumns).from(categories).where(eq(categories.id, id));
  if (!row) throw notFound();
  const category = row.category;
  const [ancestors, children, links] = await Promise.all([
    ancestorsOf(deps, category),
    deps.db
      .select(rowColumns)
      .from(categories)
      .where(eq(categories.parentId, id))
      .orderBy(asc(categories.name), asc(categories.id)),
    deps.db
      .select({ link: categoryAttributes, attribute: attributes })
      .from(categoryAttributes)
      .innerJoin(attributes, eq(attributes.id, categoryAttributes.attributeId))
      .where(eq(categoryAttributes.categoryId, id))
      .orderBy(asc(categoryAttributes.position)),
  ]);
  return {
    ...toRow(row),
    ancestors,
    children: children.map(toRow),
    attr: links
      .filter(({ link }) => link.kind === "attr")
      .map(({ link, attribute }) => ({
        _id: attribute.id,
        name: attribute.name,
        label: attribute.label,
        type: attribute.type as AttributeType,
        list: attribute.list,
        unit: link.unit ?? attribute.unit,
      })),
    variations: links
      .filter(({ link }) => link.kind === "variation")
      .map(({ link, attribute }) => ({
        _id: attribute.id,
        name: attribute.name,
        label: attribute.label,
        dataType: attribute.type as AttributeType,
        list: attribute.list,
        map: attribute.map,
        isMainSelected: link.isMainSelected,
      })),
    tax: category.tax,
    commission: category.commission,
  };
}

/** From the department down to the parent (at most two steps: the tree has three levels). */
async function ancestorsOf(deps: Deps, category: CategoryRecord): Promise<CategoryRef[]> {
  const chain: CategoryRef[] = [];
  let parentId = category.parentId;
  while (parentId) {
    const [parent] = await deps.db
      .select({ _id: categories.id, name: categories.name, parentId: categories.parentId })
      .from(categories)
      .where(eq(categories.id, parentId));
    if (!parent) break;
    chain.unshift({ _id: parent._id, name: parent.name });
    parentId = parent.parentId;
  }
  return chain;
}

/** POST category: a department without a parent; below a parent one level down, and only below level 2 (spec 2 §5). */
export async function createCategory(deps: Deps, actor: Actor, input: CreateCategoryInput) {
  let level = 0;
  if (input.parent) {
    const parent = await findCategory(deps, input.parent);
    if (!parent) throw fieldError("parent", MSG.categoryParentMissing);
    if (parent.level >= LEAF_LEVEL) throw fieldError("parent", MSG.categoryLevel);
    level = parent.level + 1;
  }
  // spec 2 §5: a department's and a category's name say 'Please Enter Category Name', a sub-category's its own
  const issue = nameIssue(input.name, level);
  if (issue) throw fieldError("name", issue);
  await checkNewImage(deps, actor, input.image, null, ["catalogueImage"]);
  const id = newId();
  try {
    await deps.db.insert(categories).values({
      id,
      name: input.name,
      image: input.image,
      level,
      parentId: input.parent,
      createdAt: deps.now(),
      updatedAt: deps.now(),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError("name", MSG.categoryNameTaken);
    // the parent was deleted meanwhile
    if (isForeignKeyViolation(error)) throw fieldError("parent", MSG.categoryParentMissing);
    throw error;
  }
  return categoryDetails(deps, id);
}

/** The managed attributes named, all of them, or a refusal. */
async function attributesById(deps: Deps, ids: string[]) {
  const rows = ids.length ? await deps.db.select().from(attributes).where(inArray(attributes.id, ids)) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  if (ids.some((id) => !byId.has(id))) throw badRequest(MSG.attributeUnknown, { attr: [MSG.attributeUnknown] });
  return byId;
}

/** PUT category/{id}: the name or image of any category; attributes, variations, tax and commission of a leaf. */
export async function updateCategory(deps: Deps, actor: Actor, id: string, input: UpdateCategoryInput) {
  if (input.id !== undefined && input.id !== id) throw badRequest(MSG.notFound);
  const category = await findCategory(deps, id);
  if (!category) throw notFound();
  const leafFields = input.attr ?? input.variations ?? input.tax ?? input.commission;
  if (leafFields !== undefined && category.level !== LEAF_LEVEL) throw badRequest(MSG.leafOnly);
  let name: string | undefined;
  if (input.name !== undefined) {
    const issue = nameIssue(input.name, category.level);
    if (issue) throw fieldError("name", issue);
    name = String(input.name).trim();
  }
  await checkNewImage(deps, actor, input.image, category.image, ["catalogueImage"]);

  // no duplicates: the last mention of an attribute wins
  const attr = input.attr ? [...new Map(input.attr.map((a) => [a._id, a])).values()] : undefined;
  const variations = input.variations ? [...new Map(input.variations.map((v) => [v._id, v])).values()] : undefined;
  const known = await attributesById(
    deps,
    [...(attr ?? []), ...(variations ?? [])].map((a) => a._id),
  );
  for (const v of variations ?? []) {
    const attribute = known.get(v._id)!;
    if (!attribute.isForVariation)
      throw badRequest(MSG.notForVariation(attribute.name), { variations: [MSG.notForVariation(attribute.name)] });
  }
  // the main variation: the one marked, else the first
  const main = variations?.find((v) => v.isMainSelected)?._id ?? variations?.[0]?._id;

  try {
    await deps.db.transaction(async (tx) => {
      const changes = {
        ...(name !== undefined ? { name } : {}),
        ...(input.image !== undefined ? { image: input.image } : {}),
        ...(input.tax !== undefined ? { tax: input.tax } : {}),
        ...(input.commission !== undefined ? { commission: input.commission } : {}),
      };
      await tx
        .update(categories)
        .set({ ...changes, updatedAt: deps.now() })
        .where(eq(categories.id, id));
      if (attr) {
        await tx
          .delete(categoryAttributes)
          .where(and(eq(categoryAttributes.categoryId, id), eq(categoryAttributes.kind, "attr")));
        await tx.insert(categoryAttributes).values(
          attr.map((a, position) => ({
            categoryId: id,
            kind: "attr" as const,
            attributeId: a._id,
            position,
            unit: a.unit || known.get(a._id)!.unit,
          })),
        );
      }
      if (variations) {
        await tx
          .delete(categoryAttributes)
          .where(and(eq(categoryAttributes.categoryId, id), eq(categoryAttributes.kind, "variation")));
        await tx.insert(categoryAttributes).values(
          variations.map((v, position) => ({
            categoryId: id,
            kind: "variation" as const,
            attributeId: v._id,
            position,
            isMainSelected: v._id === main,
          })),
        );
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError("name", MSG.categoryNameTaken);
    throw error;
  }
  return categoryDetails(deps, id);
}

/**
 * DELETE category/{id}: refused while anything still hangs on it (ADR 0013), so nothing is orphaned. Links left by
 * deleted shops are history nobody reads and are cleared; the foreign keys refuse whatever a check here missed.
 */
export async function deleteCategory(deps: Deps, id: string) {
  const category = await findCategory(deps, id);
  if (!category) throw notFound();
  try {
    await deps.db.transaction(async (tx) => {
      const [{ n: children }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(categories)
        .where(eq(categories.parentId, id));
      if (children > 0) throw badRequest(MSG.categoryHasChildren(Number(children), category.level));
      const deletedShops = tx.select({ id: shops.id }).from(shops).where(isNotNull(shops.deletedAt));
      await tx
        .delete(shopCategories)
        .where(and(eq(shopCategories.categoryId, id), inArray(shopCategories.shopId, deletedShops)));
      await tx
        .delete(shopCommissions)
        .where(and(eq(shopCommissions.categoryId, id), inArray(shopCommissions.shopId, deletedShops)));
      const [{ n: shopsUsing }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(shopCategories)
        .where(eq(shopCategories.categoryId, id));
      if (shopsUsing > 0) throw badRequest(MSG.categoryUsedByShops(Number(shopsUsing)));
      const [{ n: commissions }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(shopCommissions)
        .where(eq(shopCommissions.categoryId, id));
      if (commissions > 0) throw badRequest(MSG.categoryHasCommissions(Number(commissions)));
      // live products of live shops are named; deleted products and those of deleted shops keep the category
      // (orders name them), so the RESTRICT foreign keys refuse the delete below (categoryInUse, ADR 0022)
      const [{ n: live }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(products)
        .where(
          and(
            or(eq(products.departmentId, id), eq(products.categoryId, id), eq(products.subcategoryId, id)),
            sql`${products.deletedAt} is null`,
            sql`exists (select 1 from ${shops} where ${shops.id} = ${products.shopId} and ${shops.deletedAt} is null)`,
          ),
        );
      if (live > 0) throw badRequest(MSG.categoryHasProducts(Number(live)));
      await tx.delete(categories).where(eq(categories.id, id));
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw badRequest(MSG.categoryInUse);
    throw error;
  }
  return { _id: id, name: category.name, parent: category.parentId };
}

/**
 * GET category/departments: every department (level 0), A to Z, as the choices of the forms and filters that pick them
 * (a shop's categories, a product's or a stream's department, the shop list's filter). One read, without the counts
 * and paging of POST category/list.
 */
export async function departmentOptions(deps: Deps): Promise<CategoryRef[]> {
  const rows = await deps.db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(eq(categories.level, DEPARTMENT_LEVEL))
    .orderBy(asc(categories.name), asc(categories.id));
  return rows.map((r) => ({ _id: r.id, name: r.name }));
}

/** GET category/subcategory-list: leaves with their category and department, for look-ups (spec 1 §7). */
export async function subcategoryList(deps: Deps, q: ListQuery) {
  const parent = alias(categories, "parent");
  const department = alias(categories, "department");
  const where = and(
    eq(categories.level, LEAF_LEVEL),
    q.search ? or(ilike(categories.name, likePattern(q.search)), ilike(parent.name, likePattern(q.search))) : undefined,
  );
  const sorting = orderBy(q, { createdAt: categories.createdAt, name: categories.name }, categories.id);
  const page = await listPage(
    q,
    ({ limit, offset }) =>
      deps.db
        .select({
          id: categories.id,
          name: categories.name,
          parentId: parent.id,
          parentName: parent.name,
          departmentId: department.id,
          departmentName: department.name,
        })
        .from(categories)
        .innerJoin(parent, eq(parent.id, categories.parentId))
        .innerJoin(department, eq(department.id, parent.parentId))
        .where(where)
        .orderBy(...sorting)
        .limit(limit)
        .offset(offset),
    // a search may match the parent's name, so the count looks at it too (outer columns qualified by hand, as above)
    {
      db: deps.db,
      from: categories,
      where: q.search
        ? sql`"categories"."level" = ${LEAF_LEVEL} and exists (select 1 from "categories" as "p" where "p"."id" = "categories"."parent_id" and ("categories"."name" ilike ${likePattern(q.search)} or "p"."name" ilike ${likePattern(q.search)}))`
        : eq(categories.level, LEAF_LEVEL),
    },
  );
  const data: SubcategoryOption[] = page.data.map((r) => ({
    _id: r.id,
    name: r.name,
    parent: { _id: r.parentId, name: r.parentName, parent: { _id: r.departmentId, name: r.departmentName } },
  }));
  return { ...page, data };
}
