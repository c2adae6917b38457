import { and, eq, isNull, sql } from "drizzle-orm";
import type { ShopDetails } from "#contract/shops/shops-api";
import { shops } from "#api/db/schema";
import type { Actor } from "#api/platform/auth/actor";
import type { Deps } from "#api/platform/deps";
import { notFound } from "#api/platform/http/http";
import { requireShop } from "#api/platform/auth/tenancy";

/** The wire's "no image" and "no website" (ARCHITECTURE §4): the string 'null' and a single space; SQL NULL in the database. */
const NO_IMAGE = "null";
const NO_WEBSITE = " ";

/**
 * One shop as spec 1 §3 names it. An owner or staff member reads only their own shop (tenancy from the session);
 * anything else, like a shop that does not exist or was deleted, is 404/1004 so ids reveal nothing.
 */
export async function shopDetails(deps: Deps, actor: Actor, id: string): Promise<ShopDetails> {
  requireShop(actor, id);
  // one statement: the shop with its owner, staff and departments (a shop page's layout reads it on every tab)
  const [row] = await deps.db
    .select({
      shop: shops,
      // written out with aliases and the outer table named: in a one-table select Drizzle leaves column names
      // unqualified, and an inner table with the same column would take them
      owner: sql<
        ShopDetails["ownerId"]
      >`(select json_build_object('_id', o.id, 'fName', o.f_name, 'lName', o.l_name, 'image', o.image)
        from users o where o.id = "shops"."owner_id")`,
      staff: sql<
        ShopDetails["shopStaffs"]
      >`coalesce((select json_agg(json_build_object('_id', u.id, 'fName', u.f_name, 'lName', u.l_name, 'image', u.image, 'designation', ss.designation) order by ss.created_at, u.id)
        from shop_staff ss inner join users u on u.id = ss.user_id where ss.shop_id = "shops"."id" and u.deleted_at is null), '[]'::json)`,
      // a shop's categories are departments (ARCHITECTURE §5)
      departments: sql<
        ShopDetails["categories"]
      >`coalesce((select json_agg(json_build_object('_id', c.id, 'name', c.name) order by c.name)
        from shop_categories sc inner join categories c on c.id = sc.category_id where sc.shop_id = "shops"."id"), '[]'::json)`,
    })
    .from(shops)
    .where(and(eq(shops.id, id), isNull(shops.deletedAt)));
  if (!row) throw notFound();
  const { shop, owner, staff, departments } = row;
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
    ownerId: owner,
    // the staff members; the owner is `ownerId` and the page lists them first (spec 1 §2 Staff card)
    shopStaffs: staff,
    story: shop.story ?? "",
    timings: shop.timings ?? {},
  };
}
export type { ShopDetails } from "#contract/shops/shops-api";
