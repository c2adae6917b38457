import { eq, ilike } from "drizzle-orm";
import type { BrandEntity } from "#contract/catalogue/brands-api";
import { BRAND_IMAGE_PURPOSE } from "#contract/catalogue/brands";
import type { AddBrandInput, BrandListQuery, UpdateBrandInput } from "#contract/catalogue/brands-api";
import { MSG } from "#contract/core/messages";
import { brands } from "#api/db/schema";
import type { Actor } from "#api/platform/auth/actor";
import type { Deps } from "#api/platform/deps";
import { fieldError, notFound } from "#api/platform/http/http";
import { newId } from "#api/platform/data/ids";
import { likePattern, listPage, orderBy } from "#api/platform/data/list";
import { checkNewImage } from "#api/modules/uploads";
import { isUniqueViolation } from "#api/platform/data/db-errors";

type BrandRow = typeof brands.$inferSelect;

/** spec 2 §3 Brand on the wire. */
function toEntity(row: BrandRow): BrandEntity {
  return {
    _id: row.id,
    name: row.name,
    image: row.image,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Runs a write; the case-insensitive unique index on the name decides a clash (no read-then-write). */
async function uniqueName<T>(write: () => Promise<T>) {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError("name", MSG.brandNameTaken);
    throw error;
  }
}

/** GET brand (spec 2 §7): name search, sorted by an indexed column. */
export async function listBrands(deps: Deps, q: BrandListQuery) {
  const where = q.search ? ilike(brands.name, likePattern(q.search)) : undefined;
  const sorting = orderBy(
    q,
    { createdAt: brands.createdAt, name: brands.name, updatedAt: brands.updatedAt },
    brands.id,
  );
  const page = await listPage(
    q,
    ({ limit, offset }) =>
      deps.db
        .select()
        .from(brands)
        .where(where)
        .orderBy(...sorting)
        .limit(limit)
        .offset(offset),
    { db: deps.db, from: brands, where },
  );
  return { ...page, data: page.data.map(toEntity) };
}

async function brandRow(deps: Deps, id: string) {
  const [row] = await deps.db.select().from(brands).where(eq(brands.id, id));
  if (!row) throw notFound();
  return row;
}

/** GET brand/{id}. */
export async function brandDetails(deps: Deps, id: string) {
  return toEntity(await brandRow(deps, id));
}

/** POST brand: admins, shop owners and staff who add or edit products (the product form adds a missing brand). */
export async function addBrand(deps: Deps, actor: Actor, input: AddBrandInput) {
  await checkNewImage(deps, actor, input.image, null, [BRAND_IMAGE_PURPOSE]);
  const now = deps.now();
  const [row] = await uniqueName(() =>
    deps.db
      .insert(brands)
      .values({ id: newId(), name: input.name, image: input.image, createdAt: now, updatedAt: now })
      .returning(),
  );
  return toEntity(row);
}

/** PUT brand/{id}: a new name, a new image, or both. */
export async function updateBrand(deps: Deps, actor: Actor, id: string, input: UpdateBrandInput) {
  const current = await brandRow(deps, id);
  if (input.image !== undefined) await checkNewImage(deps, actor, input.image, current.image, [BRAND_IMAGE_PURPOSE]);
  const [row] = await uniqueName(() =>
    deps.db
      .update(brands)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.image !== undefined ? { image: input.image } : {}),
        updatedAt: deps.now(),
      })
      .where(eq(brands.id, id))
      .returning(),
  );
  if (!row) throw notFound();
  return toEntity(row);
}
