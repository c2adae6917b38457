// The customers module's only public face (ARCHITECTURE §2): which shops know a customer (issue 12).
export { isCustomerOf, rememberCustomers, type ShopCustomerSource } from "./known";
