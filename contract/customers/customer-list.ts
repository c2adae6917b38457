import type { UploadPurpose } from "../uploads/uploads";

// The customers list and the add flow (spec 2 §2 Customers list, §4 Customer add flow; ADR 0034): the
// constants and shapes the pages need, without zod (ADR 0010).

/** Sortable columns of the customers list (GET user/list with buyerId). */
export const CUSTOMER_SORTS = ["createdAt", "fName", "email", "orderCount", "spent", "lastOrderAt"] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

/** `buyerId=all`: every customer the caller may see (an admin: every customer; an owner or staff member: their shop's). */
export const ALL_BUYERS = "all";

/** spec 2 §5 Image upload (brand, coupon, customer): JPG/PNG under 10 MB, with the catalogue's messages. */
export const CUSTOMER_IMAGE_PURPOSE = "catalogueImage" satisfies UploadPurpose;

/** spec 2 §9: the list reloads about 0.7 s after a registration. */
export const CUSTOMER_RELOAD_MS = 700;

/** GET user/list answers customer rows when asked with buyerId; they carry the shop's figures. */
export const isCustomerRow = <Row extends object>(row: Row): row is Extract<Row, { orderCount: unknown }> =>
  "orderCount" in row;
