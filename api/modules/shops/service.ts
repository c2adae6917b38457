import { and, asc, eq, isNull } from "drizzle-orm";
import type { ShopDetails } from "#contract/shops";
import { categories, shopCategories, shopStaff, shops, users } from "#api/db/schema";
import type { Actor } from "#api/platform/actor";
import type { Deps } from "#api/platform/deps";
import { notFound } from "#api/platform/http";
import { requireShop } from "#api/platform/tenancy";

/** The wire's "no image" and "no website" (ARCHITECTURE §4): the string 'null' and a single space; SQL NULL in the database. */
const NO_IMAGE = "null";
const NO_WEBSITE = " ";

/**
 * One shop as spec 1 §3 names it. An owner or staff member reads only their own shop (tenancy from the session);
 * anything else, like a shop that does not exist or was deleted, is 404/1004 so ids reveal nothing.
 */
export async function shopDetails(deps: Deps, actor: Actor, id: string): Promise<ShopDetails> {
  requireShop(actor, id);
  const [shop] = await deps.db.select().from(shops).where(and(eq(shops.id, id), isNull(shops.deletedAt)));
  if (!shop) throw notFound();
  const [[owner], staff, departments] = await Promise.all([
    deps.db.select({ _id: users.id, fName: users.fName, lName: users.lName, image: users.image }).from(users).where(eq(users.id, shop.ownerId)),
    deps.db
      .select({ _id: users.id, fName: users.fName, lName: users.lName, image: users.image, designation: shopStaff.designation })
      .from(shopStaff)
      .innerJoin(users, eq(users.id, shopStaff.userId))
      .where(and(eq(shopStaff.shopId, shop.id), isNull(users.deletedAt)))
      .orderBy(asc(shopStaff.createdAt), asc(users.id)),
    // a shop's categories are departments (ARCHITECTURE §5)
    deps.db
      .select({ _id: categories.id, name: categories.name })
      .from(shopCategories)
      .innerJoin(categories, eq(categories.id, shopCategories.categoryId))
      .where(eq(shopCategories.shopId, shop.id))
      .orderBy(asc(categories.name)),
  ]);
  return {
    _id: shop.id,
    name: shop.name,
    email: shop.email ?? "",
    website: shop.website || NO_WEBSITE,
    image: shop.image ?? NO_IMAGE,
    coverImage: shop.coverImage ?? NO_IMAGE,
    countryCode: shop.countryCode ?? "",
    mobile: shop.mobile ?? "",
    location: {
      address: shop.address ?? "",
      placeId: shop.placeId ?? "",
      type: "Point" as const,
      // GeoJSON order: longitude, then latitude (spec 1 §3)
      coordinates: shop.longitude !== null && shop.latitude !== null ? [shop.longitude, shop.latitude] : [],
    },
    categories: departments,
    status: shop.status,
    ownerId: owner ?? null,
    // the staff members; the owner is `ownerId` and the page lists them first (spec 1 §2 Staff card)
    shopStaffs: staff,
    story: shop.story ?? "",
    timings: shop.timings ?? {},
  };
}
export type { ShopDetails } from "#contract/shops";
