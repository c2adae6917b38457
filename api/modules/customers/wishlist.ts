import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import type { WishlistEntry, WishlistWrite } from "#contract/customers/customer-record-api";
import type { ListQuery } from "#contract/core/list";
import { products, shops, wishlistItems } from "#api/db/schema";
import type { Actor } from "#api/platform/auth/actor";
import type { Deps } from "#api/platform/deps";
import { notFound } from "#api/platform/http/http";
import { listPage } from "#api/platform/data/list";
import { toDollars } from "#api/platform/data/money";
import { visibleTo } from "#api/platform/auth/tenancy";
import { findCustomer } from "./record";

// A customer's wishlist as a shop sees it (spec 2 §2 Wishlist tab, §3 Wishlist entry, §7 PUT user/wishlist; ADR 0035):
// the wishlist is the customer's own, and a shop sees and changes only the entries of its own live products
// (admins: every shop's). Another shop's product is 404, like one that does not exist.

/** WHERE: the product in `column` is live, of a live shop, and one this caller's shop sells (admins: any). */
const ownLiveProduct = (actor: Actor, column: typeof wishlistItems.productId) =>
  sql`exists (select 1 from ${products} inner join ${shops} on ${shops.id} = ${products.shopId} and ${shops.deletedAt} is null where ${products.id} = ${column} and ${products.deletedAt} is null and ${visibleTo(actor, products.shopId) ?? sql`true`})`;

/** WHERE of GET product/ with customerId (the products module's list): the product is in this customer's wishlist. */
export const inWishlistOf = (customerId: string, productColumn: typeof products.id) =>
  sql`exists (select 1 from ${wishlistItems} where ${wishlistItems.customerId} = ${customerId} and ${wishlistItems.productId} = ${productColumn})`;

/** GET user/wishlist/{cusId}: the entries of this shop's products, newest first (spec 2 §9: 10 a page). */
export async function customerWishlist(deps: Deps, actor: Actor, customerId: string, q: ListQuery) {
  await findCustomer(deps, actor, customerId);
  const where = and(eq(wishlistItems.customerId, customerId), ownLiveProduct(actor, wishlistItems.productId));
  const dir = q.sortType === "asc" ? asc : desc;
  const page = await listPage(
    q,
    ({ limit, offset }) =>
      deps.db
        .select({ createdAt: wishlistItems.createdAt, product: products })
        .from(wishlistItems)
        .innerJoin(products, eq(products.id, wishlistItems.productId))
        .where(where)
        .orderBy(dir(wishlistItems.createdAt), dir(wishlistItems.productId))
        .limit(limit)
        .offset(offset),
    { db: deps.db, from: wishlistItems, where },
  );
  const data: WishlistEntry[] = page.data.map(({ createdAt, product: p }) => ({
    _id: p.id,
    createdAt: createdAt.toISOString(),
    product: {
      _id: p.id,
      shopId: p.shopId,
      name: p.name,
      images: p.images,
      defaultImage: p.defaultImage,
      price: toDollars(p.priceCents),
    },
  }));
  return { ...page, data };
}

/**
 * PUT user/wishlist {prodId, action, customerId}: adds (once) or removes a product of the caller's shop (admins: any
 * live product) in the wishlist of a customer the caller may see. Both are idempotent.
 */
export async function writeWishlist(deps: Deps, actor: Actor, body: WishlistWrite) {
  await findCustomer(deps, actor, body.customerId);
  const [product] = await deps.db
    .select({ id: products.id })
    .from(products)
    .innerJoin(shops, and(eq(shops.id, products.shopId), isNull(shops.deletedAt)))
    .where(and(eq(products.id, body.prodId), isNull(products.deletedAt), visibleTo(actor, products.shopId)));
  if (!product) throw notFound();
  if (body.action === "add") {
    await deps.db
      .insert(wishlistItems)
      .values({ customerId: body.customerId, productId: product.id, addedBy: actor.id })
      .onConflictDoNothing();
  } else {
    await deps.db
      .delete(wishlistItems)
      .where(and(eq(wishlistItems.customerId, body.customerId), eq(wishlistItems.productId, product.id)));
  }
  return { prodId: product.id, customerId: body.customerId, isInWishList: body.action === "add" };
}
