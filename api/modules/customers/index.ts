// The customers module's only public face (ARCHITECTURE §2): which shops know a customer.
export { isCustomerOf, rememberCustomers, type ShopCustomerSource } from "./known";
// the customer page (ADR 0035): its calls, and the wishlist condition GET product/ reads
export { customerRecordRoutes } from "./record-routes";
export { inWishlistOf } from "./wishlist";
export { visibleCustomer } from "./record";
// customers list and add flow (customers-list helper)
export { CUSTOMER_ADD, CUSTOMER_LIST, customerAddRoutes } from "./routes";
export { listCustomers } from "./list";
