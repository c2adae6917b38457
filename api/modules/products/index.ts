// The products module's only public face (ARCHITECTURE §2): its routes and what other modules may call.
export { productRoutes } from "./routes";
export { createProduct, deleteProduct, productDetails } from "./service";
export { unitPriceCents } from "./discounts";
// coupons: a coupon names the same department → category → sub-category chain as a product
export { checkTaxonomy } from "./rules";
