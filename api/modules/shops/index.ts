// The shops module's only public face (ARCHITECTURE §2): its routes and what other modules may call.
export { shopRoutes } from "./routes";
export { changeShopStatus } from "./manage";
export { createShopOwner } from "./owners";
export { editShop } from "./profile";
export { shopDetails, type ShopDetails } from "./service";
