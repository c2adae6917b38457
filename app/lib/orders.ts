import { variantLabel } from "#contract/products/products";

// spec 2 §6: who reaches the orders pages: admins, owners, and staff with either of the order module's rights
// (order status edit, scan qr), like the menu. Client-safe: the pages' `handle` reads it.
/** The list's filters the URL carries, as GET order/list and GET order/export read them. */
export const ORDER_FILTERS = ["status", "startDate", "endDate", "buyerId", "campaign"] as const;

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
