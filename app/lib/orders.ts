// spec 2 §6: who reaches the orders pages: admins, owners, and staff with either of the order module's rights
// (order status edit, scan qr), like the menu. Client-safe: the pages' `handle` reads it.
/** The list's filters the URL carries, as GET order/list and GET order/export read them. */
export const ORDER_FILTERS = ["status", "startDate", "endDate", "buyerId", "campaign"] as const;

export const ORDERS_ACCESS = { roles: ["admin", "shopOwner", "staff"], module: "order" } as const;
