// Where the product pages live (spec 2 §2): one place for every link to them.

/** The list a product page returns to: shop owners and staff their own list, admins the shop page's Products tab. */
export const productListHref = (user: { role: { role: string } }, shopId: string) =>
  user.role.role === "admin" ? `/app/shop/${encodeURIComponent(shopId)}/products` : "/app/products";

/** Edit Product; the product id is in the URL, so the page survives a reload and can be bookmarked. */
export const productEditHref = (shopId: string, productId: string) => `/app/product/edit/${encodeURIComponent(shopId)}?product=${encodeURIComponent(productId)}`;

export const productAddHref = (shopId: string) => `/app/product/add/${encodeURIComponent(shopId)}`;
