import type { Role } from "#contract/access/roles";
import { reachesEveryShop } from "#contract/access/rights";
import { closeOverlayHref } from "~/lib/url-state";
// Where the product pages live (spec 2 §2): one place for every link to them.

/** The list a product page returns to: shop owners and staff their own list, admins the shop page's Products tab. */
export const productListHref = (user: { role: { role: Role } }, shopId: string) =>
  reachesEveryShop(user) ? `/app/shop/${encodeURIComponent(shopId)}/products` : "/app/products";

/**
 * Edit Product; the product id is in the URL, so the page survives a reload and can be bookmarked. `back` is the list the
 * user came from, with its page, size, sort and search (productReturnHref checks it).
 */
export const productEditHref = (shopId: string, productId: string, back?: string | null) =>
  `/app/product/edit/${encodeURIComponent(shopId)}?product=${encodeURIComponent(productId)}${back ? `&back=${encodeURIComponent(back)}` : ""}`;

/**
 * Where Edit Product's Discard and Save return to: the `back` it was opened with when that is the user's own product list
 * (keeping its query: page, size, sort, search), else the bare list. Any other path or host gives the bare list, so the
 * parameter can never send anyone elsewhere.
 */
export function productReturnHref(user: { role: { role: Role } }, shopId: string, back: string | null | undefined) {
  const list = productListHref(user, shopId);
  if (!back) return list;
  const base = "http://list.invalid";
  let url: URL;
  try {
    url = new URL(back, base);
  } catch {
    return list;
  }
  if (url.origin !== base || url.pathname !== list) return list;
  // a return never reopens what was open over the list
  return closeOverlayHref({ pathname: list, search: url.search });
}

/** Add New Product; `back` is the list it was opened from, for Discard (productReturnHref checks it). */
export const productAddHref = (shopId: string, back?: string | null) =>
  `/app/product/add/${encodeURIComponent(shopId)}${back ? `?back=${encodeURIComponent(back)}` : ""}`;

/** spec 2 §2: after creating a product a shopkeeper (the shop owner) returns to {app}/products, other users to the shop's page. */
export const productCreatedHref = (user: { role: { role: Role } }, shopId: string) =>
  user.role.role === "shopOwner" ? "/app/products" : `/app/shop/${encodeURIComponent(shopId)}/products`;
