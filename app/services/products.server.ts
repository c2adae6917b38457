// The product list (spec 2 §2 Product list): what /app/products and the shop page's Products tab load, and their delete.
import { json, redirect } from "@remix-run/node";
import { MSG } from "#contract/messages";
import { can, reachesShop } from "#contract/rights";
import { apiFor, listQuery, pageNotFound, type Access } from "./api.server";
import { redirectWithToast } from "./toast.server";
import { closeOverlayHref, listHref } from "~/lib/url-state";

// ARCHITECTURE §5: staff see the products menu and list with any of product add, edit or discount
export const PRODUCT_LIST_ACCESS = { roles: ["admin", "shopOwner", "staff"], module: "product" } as const satisfies Access;

// spec 2 §4 Lists, §9: createdAt descending by default
const DEFAULT_SORT = { sort: "createdAt", sortType: "desc" } as const;
const DELETE = "delete";

/**
 * The shop whose products the page lists: the session's shop for owners and staff (on /app/products, `shopId` is
 * undefined); on /app/shop/{id}/products admins may name any shop, owners and staff only their own (the other tabs'
 * refusal, 'Page not found', for anyone else's).
 */
async function productListDoor(request: Request, shopId: string | undefined) {
  const { api, user } = await apiFor(request, PRODUCT_LIST_ACCESS);
  const isAdmin = user.role.role === "admin";
  if (shopId === undefined) {
    // an admin has no shop of their own: their way to products is a shop's page, from the shop list
    if (isAdmin) throw redirect("/app/shop-list", { headers: api.headers });
    if (!user.shop) throw pageNotFound();
    return { api, user, shopId: user.shop._id };
  }
  if (!reachesShop(user, shopId)) throw pageNotFound();
  return { api, user, shopId };
}

/** The list (GET product/ with the URL's state), and the product a delete confirmation names (`?confirm=delete&id=`). */
export async function loadProductList(request: Request, routeShopId?: string) {
  const { api, user, shopId } = await productListDoor(request, routeShopId);
  const params = new URL(request.url).searchParams;
  const confirming = params.get("confirm") === DELETE ? params.get("id") : null;
  const [list, target] = await Promise.all([
    api.get("product", { ...listQuery(request, DEFAULT_SORT), shopId }),
    confirming ? api.get(`product/${encodeURIComponent(confirming)}`) : null,
  ]);
  // a shop that does not exist (admins) answers 404 like the shop page itself
  if (list.httpStatus === 404) throw pageNotFound();
  // what the user may do on the list (ARCHITECTURE §5: delete needs product:edit); the API decides again on every call
  const rights = { canAdd: can(user, "product:add"), canEdit: can(user, "product:edit") };
  return json(
    {
      shopId,
      ...rights,
      list: list.success ? { products: list.data, count: list.count ?? 0, countEstimated: !!list.countEstimated, isNext: !!list.isNext } : null,
      listError: list.success ? null : list.message,
      // only someone who may delete gets the dialog; the product must be this shop's
      target: rights.canEdit && target?.success && target.data.shopId === shopId ? { _id: target.data._id, name: target.data.name } : null,
      targetError: target && !target.success ? target.message : null,
    },
    { headers: api.headers },
  );
}

/**
 * The delete confirmation posts here (a plain form, so it works without JavaScript). DELETE product/{id} is soft
 * (ARCHITECTURE §4); the user goes back to the same list, without the dialog, with the API's message as a toast.
 */
export async function deleteProductAction(request: Request, routeShopId?: string) {
  const { api, shopId } = await productListDoor(request, routeShopId);
  const url = new URL(request.url);
  let back = closeOverlayHref(url);
  const form = await request.formData();
  const id = String(form.get("id") ?? "").trim();
  if (form.get("intent") !== DELETE || !id) return redirectWithToast(back, { type: "error", message: MSG.somethingWrong }, api.headers);
  const result = await api.delete(`product/${encodeURIComponent(id)}`);
  // the last product of a later page gone: show the page before it rather than an empty one
  const page = Number(url.searchParams.get("page")) || 1;
  if (result.success && page > 1) {
    const rest = await api.get("product", { ...listQuery(new Request(new URL(back, url)), DEFAULT_SORT), shopId });
    if (rest.success && !rest.data.length) back = listHref(new URL(back, url), { page: page - 1 });
  }
  return redirectWithToast(back, { type: result.success ? "success" : "error", message: result.message || MSG.somethingWrong }, api.headers);
}

export type ProductListData = Awaited<ReturnType<typeof loadProductList>>;
