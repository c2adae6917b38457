// The customers module's only public face (ARCHITECTURE §2): which shops know a customer.
export { isCustomerOf, rememberCustomers, type ShopCustomerSource } from "./known";
// the customer page (ADR 0035): its calls, and the wishlist condition GET product/ reads
export { customerRecordRoutes } from "./record-routes";
export { inWishlistOf } from "./wishlist";
export { visibleCustomer } from "./record";
// GET user/list (the users list, and with buyerId a shop's customers), the add flow
export { CUSTOMER_ADD, CUSTOMER_LIST, customerAddRoutes, userList as userListRoute, userListRoutes } from "./routes";
