// The product list (spec 2 §2 Product list): what /app/products and the shop page's Products tab load, and their delete.
import { can, reachesShop } from "#contract/access/rights";
import { LIST_DEFAULT_SORT } from "~/lib/url-state";
import { apiFor, listQuery, pageNotFound, type Access, type ApiClient } from "./api.server";
import { bulkRows, deleteRow, listCsvLoader, listLoader, pickData, type ListUrlQuery } from "./list.server";
import { PRODUCT_BULK } from "~/components/product/ProductList";

// ARCHITECTURE §5: staff see the products menu and list with any of product add, edit or discount
export const PRODUCT_LIST_ACCESS = {
  roles: ["admin", "shopOwner", "staff"],
  module: "product",
} as const satisfies Access;

/**
 * The shop whose products the page lists: the session's shop for owners and staff (on /app/products, `shopId` is
 * undefined); on /app/shop/{id}/products admins may name any shop, owners and staff only their own (the other tabs'
 * refusal, 'Page not found', for anyone else's).
 */
async function productListDoor(request: Request, shopId: string | undefined) {
  const { api, user } = await apiFor(request, PRODUCT_LIST_ACCESS);
  if (shopId === undefined) {
    // spec 1 §2: products is a shop owner's route (an admin has no shop; their way is a shop page's Products tab)
    if (!user.shop) throw pageNotFound();
    return { api, user, shopId: user.shop._id };
  }
  if (!reachesShop(user, shopId)) throw pageNotFound();
  return { api, user, shopId };
}

const listProducts = (api: ApiClient, query: ListUrlQuery, shopId: string) => api.get("product", { ...query, shopId });

/**
 * The list (GET product/ with the URL's state), and the product a delete confirmation names (`?confirm=delete&id=`).
 * `inRoute`: the shop is the route's `$id` (the shop page's tab), not the session's (/app/products).
 */
export const productListLoader = (inRoute: boolean) =>
  listLoader({
    access: PRODUCT_LIST_ACCESS,
    door: ({ request, params }) => productListDoor(request, inRoute ? (params.id ?? "") : undefined),
    list: (api, query, { door }) => listProducts(api, query, door.shopId),
    // a shop that does not exist (admins) answers 404 like the shop page itself
    missingIsNotFound: true,
    target: {
      on: ["confirm=delete"],
      load: async (api, id, { door }) => {
        const product = await api.get(`product/${id}`);
        // only someone who may delete gets the dialog; the product must be this shop's
        if (product.success && !(can(door.user, "product:edit") && product.data.shopId === door.shopId)) return null;
        return pickData(product, (p) => ({ _id: p._id, name: p.name }));
      },
    },
    // what the user may do on the list (ARCHITECTURE §5: delete needs product:edit); the API decides again on every call
    extra: async ({ door }) => ({
      shopId: door.shopId,
      canAdd: can(door.user, "product:add"),
      canEdit: can(door.user, "product:edit"),
    }),
  });

/** The product list's 'Export CSV' (ADR 0068): the same door and shop as the list. */
export const productCsvLoader = (inRoute: boolean) =>
  listCsvLoader({
    access: PRODUCT_LIST_ACCESS,
    door: ({ request, params }) => productListDoor(request, inRoute ? (params.id ?? "") : undefined),
    file: (api, query, { door }) => api.download("product/export", { ...query, shopId: door.shopId }),
  });

/**
 * The delete confirmation posts here (a plain form, so it works without JavaScript). DELETE product/{id} is soft
 * (ARCHITECTURE §4); the user goes back to the same list, without the dialog, with the API's message as a toast. The
 * bulk form (`intent=bulk`, ADR 0074) posts here too: its delete runs on each product as the single delete does.
 */
export async function deleteProductAction(request: Request, routeShopId?: string) {
  const { api, shopId } = await productListDoor(request, routeShopId);
  const formData = await request.formData();
  if (formData.get("intent") === "bulk")
    return bulkRows(api, request, formData, {
      noun: "products",
      // the list is this shop's: `all` means the same rows
      fixed: { shopId },
      actions: {
        [PRODUCT_BULK.delete]: {
          call: (client, selection) => client.post("product/bulk/delete", selection),
          done: "Deleted",
          removes: true,
        },
      },
    });
  return deleteRow(api, request, formData, (id) => `product/${id}`, {
    pageIsEmpty: async (back) => {
      const rest = await listProducts(api, listQuery(back, LIST_DEFAULT_SORT), shopId);
      return rest.success && !rest.data.length;
    },
  });
}
