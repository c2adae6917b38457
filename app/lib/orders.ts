import { variantLabel } from "#contract/products/products";
import { ORDER_LINE_STATUSES } from "#contract/orders/order-views";
import { asOptions, day, param, select } from "./list-filters";

// spec 2 §6: who reaches the orders pages: admins, owners, and staff with either of the order module's rights
// (order status edit, scan qr), like the menu. Client-safe: the pages' `handle` reads it.
/**
 * The order list's filters: a date range and the status (All = none), plus the buyer or campaign a link from a
 * customer's or a stream's page sets. GET order/list and GET order/export read the same names.
 */
export const ORDER_LIST_FILTERS = {
  startDate: day("From"),
  endDate: day("To"),
  status: select("Status", { all: "All", options: asOptions(ORDER_LINE_STATUSES) }),
  buyerId: param(),
  campaign: param(),
};
export const ORDER_FILTERS = Object.keys(ORDER_LIST_FILTERS);

export const ORDERS_ACCESS = { roles: ["admin", "shopOwner", "staff"], module: "order" } as const;

/** An order's detail, remembering the page it was opened from: its Back link without JavaScript (spec 2 §2). */
export const orderDetailHref = (id: string, back: string) => `/app/order/${id}?${new URLSearchParams({ back })}`;

/** An order line's variant as people read it, "Brown / M": its combination's key in the product's order, else its details. */
export const lineVariant = (line: { variantName: string | null; variantDetails: Record<string, string> | null }) =>
  line.variantName
    ? variantLabel(line.variantName)
    : line.variantDetails
      ? Object.values(line.variantDetails).join(" / ")
      : "";
