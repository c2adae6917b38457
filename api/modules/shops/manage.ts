import { and, asc, eq, exists, ilike, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { DEPARTMENT_LEVEL } from "#contract/catalogue/categories";
import { MSG } from "#contract/core/messages";
import { NO_IMAGE, SHOP_IMAGE_PURPOSE } from "#contract/shops/shop-profile";
import type { ShopListRow } from "#contract/shops/shops-api";
import type { AddShopInput, ShopListQuery, ShopVerificationInput } from "#contract/shops/shops-api";
import { canChangeStatus } from "#contract/phone/verification";
import { categories, sessions, shopCategories, shopStaff, shops, users } from "#api/db/schema";
import type { Actor } from "#api/platform/auth/actor";
import { isUniqueViolation } from "#api/platform/data/db-errors";
import type { Deps } from "#api/platform/deps";
import { badRequest, fieldError, notFound } from "#api/platform/http/http";
import { newId } from "#api/platform/data/ids";
import { likePattern, listPage, orderBy } from "#api/platform/data/list";
import { placesProvider } from "#api/platform/providers/places";
import { ownImageUpload } from "#api/modules/uploads";
import { createShopOwner } from "./owners";
import { sanitizeStory } from "#server-shared/story";

const live = () => isNull(shops.deletedAt);

/** Shop name or e-mail, or the owner's name (a subquery, so the count needs no join). */
function searchCondition(deps: Deps, term: string): SQL | undefined {
  const pattern = likePattern(term);
  const ownerMatches = deps.db
    .select({ one: sql`1` })
    .from(users)
    .where(
      and(
        eq(users.id, shops.ownerId),
        or(
          ilike(users.fName, pattern),
          ilike(users.lName, pattern),
          sql`(${users.fName} || ' ' || ${users.lName}) ilike ${pattern}`,
        ),
      ),
    );
  return or(ilike(shops.name, pattern), ilike(shops.email, pattern), exists(ownerMatches));
}

/** GET shop/list (spec 1 §7): live shops with their departments and owner; search, department filter (any of them), sort. */
export async function listShops(deps: Deps, q: ShopListQuery) {
  const where = and(
    live(),
    q.search ? searchCondition(deps, q.search) : undefined,
    q.category?.length
      ? exists(
          deps.db
            .select({ one: sql`1` })
            .from(shopCategories)
            .where(and(eq(shopCategories.shopId, shops.id), inArray(shopCategories.categoryId, q.category))),
        )
      : undefined,
  );
  const sorting = orderBy(q, { createdAt: shops.createdAt, name: shops.name, status: shops.status }, shops.id);
  const page = await listPage(
    q,
    ({ limit, offset }) =>
      deps.db
        .select({
          shop: shops,
          owner: {
            _id: users.id,
            fName: users.fName,
            lName: users.lName,
            image: users.image,
            countryCode: users.countryCode,
            mobile: users.mobile,
          },
        })
        .from(shops)
        .innerJoin(users, eq(users.id, shops.ownerId))
        .where(where)
        .orderBy(...sorting)
        .limit(limit)
        .offset(offset),
    // every shop has an owner, so counting shops alone counts the same rows
    { db: deps.db, from: shops, where },
  );
  const ids = page.data.map((r) => r.shop.id);
  const cats = ids.length
    ? await deps.db
        .select({ shopId: shopCategories.shopId, _id: categories.id, name: categories.name })
        .from(shopCategories)
        .innerJoin(categories, eq(categories.id, shopCategories.categoryId))
        .where(inArray(shopCategories.shopId, ids))
        .orderBy(asc(categories.name))
    : [];
  const data: ShopListRow[] = page.data.map(({ shop, owner }) => ({
    _id: shop.id,
    name: shop.name,
    email: shop.email ?? "",
    image: shop.image ?? NO_IMAGE,
    status: shop.status,
    createdAt: shop.createdAt.toISOString(),
    location: { address: shop.address ?? "" },
    categories: cats.filter((c) => c.shopId === shop.id).map(({ _id, name }) => ({ _id, name })),
    ownerId: owner,
  }));
  return { ...page, data };
}

/** A textarea's plain text as the story's HTML (paragraphs); HTML from an editor is left to the sanitiser. */
function storyHtml(story: string) {
  if (/<[a-z][\s\S]*>/i.test(story)) return story;
  const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return story
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escape(p).replace(/\r?\n/g, "<br>")}</p>`)
    .join("");
}

/**
 * POST shop/add (spec 1 §5 Add shop, §7): admins only. The owner comes as `ownerId` (made by POST user/add-user) or
 * inline as `owner`; then owner and shop are written in ONE transaction, so a refusal leaves neither. The images must be
 * the admin's own checked uploads; the place id is resolved to coordinates; categories must be departments.
 */
export async function addShop(deps: Deps, actor: Actor, input: AddShopInput) {
  const story = sanitizeStory(storyHtml(input.story));
  if (!story) throw fieldError("story", MSG.shopStoryRequired);
  if (!(await ownImageUpload(deps, actor, input.image, [SHOP_IMAGE_PURPOSE])))
    throw fieldError("image", MSG.shopImageNotUploaded);
  if (!(await ownImageUpload(deps, actor, input.coverImage, [SHOP_IMAGE_PURPOSE])))
    throw fieldError("coverImage", MSG.shopCoverNotUploaded);
  // resolved before the transaction: with Google this is a call out, which no transaction should wait on
  const place = await placesProvider(deps.env).details(input.location.placeId);
  if (!place) throw fieldError("location", MSG.placeUnknown);

  const now = deps.now();
  const shop = await deps.db.transaction(async (tx) => {
    let ownerId: string;
    if (input.owner) {
      ownerId = (await createShopOwner(tx, input.owner, now)).id;
    } else {
      const [owner] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, input.ownerId!), eq(users.role, "shopOwner"), isNull(users.deletedAt)));
      if (!owner) throw fieldError("ownerId", MSG.ownerUnknown);
      ownerId = owner.id;
    }
    let row: typeof shops.$inferSelect;
    try {
      [row] = await tx
        .insert(shops)
        .values({
          id: newId(),
          name: input.name,
          email: input.email,
          website: input.website,
          image: input.image,
          coverImage: input.coverImage,
          address: place.description,
          placeId: place.place_id,
          latitude: place.latitude,
          longitude: place.longitude,
          story,
          timings: input.timings,
          status: "Pending",
          ownerId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
    } catch (error) {
      // shops_owner_unique: one owner has one live shop
      if (isUniqueViolation(error)) throw fieldError("ownerId", MSG.ownerHasShop);
      throw error;
    }
    // a shop's categories are departments (ARCHITECTURE §5); checked in the transaction, so a refusal undoes the owner too
    const departments = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(and(inArray(categories.id, input.categories), eq(categories.level, DEPARTMENT_LEVEL)));
    if (departments.length !== input.categories.length) throw fieldError("categories", MSG.shopCategoryNotDepartment);
    await tx.insert(shopCategories).values(input.categories.map((categoryId) => ({ shopId: row.id, categoryId })));
    return row;
  });
  return { _id: shop.id, name: shop.name, status: shop.status, ownerId: shop.ownerId };
}

/** The owner and staff of a shop: the people who lose access when it is deleted or rejected. */
async function peopleOf(deps: Deps, shop: { id: string; ownerId: string }) {
  const staff = await deps.db.select({ id: shopStaff.userId }).from(shopStaff).where(eq(shopStaff.shopId, shop.id));
  return [shop.ownerId, ...staff.map((s) => s.id)];
}

/** Ends every session of these people at once (ARCHITECTURE §4: deletes and rejections take effect now). */
async function endSessionsOf(deps: Deps, userIds: string[]) {
  if (userIds.length) await deps.db.delete(sessions).where(inArray(sessions.userId, userIds));
}

/**
 * DELETE shop/{id}: soft (shops.deletedAt). The owner and staff can no longer sign in (signInRefusal) and their
 * sessions end now; the shop leaves every list, and its products are hidden with it (ADR 0014).
 */
export async function deleteShop(deps: Deps, id: string) {
  const now = deps.now();
  const [shop] = await deps.db
    .update(shops)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(shops.id, id), live()))
    .returning({ id: shops.id, name: shops.name, ownerId: shops.ownerId });
  if (!shop) throw notFound();
  await endSessionsOf(deps, await peopleOf(deps, shop));
  return shop;
}

/**
 * The shop verification call (spec 1 §4, §7: `_id`, `status`, `ownerId`): Pending → Approved or Rejected, Approved →
 * Rejected, Rejected → Approved; the same status is 'Please Change the Status'. One conditional UPDATE, so two admins
 * cannot both change it from the same status. A rejection ends the sessions of the shop's people.
 */
export async function changeShopStatus(deps: Deps, input: ShopVerificationInput) {
  const [shop] = await deps.db
    .select()
    .from(shops)
    .where(and(eq(shops.id, input._id), live()));
  if (!shop) throw notFound();
  const ownerId = typeof input.ownerId === "object" ? input.ownerId._id : input.ownerId;
  if (ownerId && ownerId !== shop.ownerId) throw notFound();
  if (input.status === shop.status) throw fieldError("status", MSG.statusUnchanged);
  if (!canChangeStatus(shop.status, input.status))
    throw fieldError("status", MSG.statusNotAllowed(shop.status, input.status));
  const [changed] = await deps.db
    .update(shops)
    .set({ status: input.status, updatedAt: deps.now() })
    .where(and(eq(shops.id, shop.id), eq(shops.status, shop.status), live()))
    .returning({ id: shops.id, status: shops.status });
  if (!changed) throw badRequest(MSG.statusUnchanged);
  if (changed.status === "Rejected") await endSessionsOf(deps, await peopleOf(deps, shop));
  return { ...changed, name: shop.name };
}
