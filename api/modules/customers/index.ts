// The customers module's only public face (ARCHITECTURE §2): which shops know a customer (issue 12).
export { isCustomerOf, rememberCustomers, type ShopCustomerSource } from "./known";
// customers list and add flow (customers-list helper)
export { CUSTOMER_ADD, CUSTOMER_LIST, customerAddRoutes } from "./routes";
export { listCustomers } from "./list";
