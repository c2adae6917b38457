import { MSG } from "../core/messages";
import { LINE_STATUSES, QUICK_TAGS } from "./orders";

// The read side of orders as the console shows it (spec 2 §2 Order list, Order detail; §4 Order line shopStatus).
// Types and pure rules only (no zod): pages import this file, the API computes with the same rules.

/** spec 2 §4 Order line shopStatus values, in the order a line moves through them. */
export const ORDER_LINE_STATUSES = [
  "Pending",
  "Found",
  "On Hold",
  "Refunded",
  "Awaiting Pickup",
  "On The Way",
  "Delivered",
] as const;
export type OrderLineStatus = (typeof ORDER_LINE_STATUSES)[number];
/** spec 2 §4: what the line status dialog offers, and the per-shop quick tags (contract/orders/orders.ts). */
export const LINE_DIALOG_STATUSES = LINE_STATUSES satisfies readonly OrderLineStatus[];
export { QUICK_TAGS };
export type QuickTag = (typeof QUICK_TAGS)[number];
export const ORDER_SORTS = ["createdAt", "orderId", "total"] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

/**
 * spec 2 §4: On The Way is blocked while any line of that shop is Pending or Found; Delivered while any is Awaiting
 * Pickup, Pending or Found. Awaiting Pickup once any is On The Way or Delivered (no going back, ADR 0029). Refunded
 * lines keep their status and never block. The one table of these rules: the API enforces it, the page shows it.
 */
export const QUICK_TAG_BLOCKERS: Record<QuickTag, readonly OrderLineStatus[]> = {
  "Awaiting Pickup": ["On The Way", "Delivered"],
  "On The Way": ["Pending", "Found"],
  Delivered: ["Awaiting Pickup", "Pending", "Found"],
};

/** Why a quick tag cannot be set on a shop's live (not refunded) lines now (null: it can); with none left, none can. */
export function quickTagBlock(tag: QuickTag, shopStatuses: readonly OrderLineStatus[]): string | null {
  if (!shopStatuses.length) return MSG.orderShopNoLines;
  const blocking = QUICK_TAG_BLOCKERS[tag].filter((status) => shopStatuses.includes(status));
  if (!blocking.length) return null;
  return `${tag} is blocked while any line of this shop is ${blocking.join(" or ")}`;
}

/** How far along a status is; the order's status is its least advanced live line (Refunded only when all are). */
const PROGRESS: Record<OrderLineStatus, number> = {
  Pending: 0,
  Found: 1,
  "On Hold": 2,
  "Awaiting Pickup": 3,
  "On The Way": 4,
  Delivered: 5,
  Refunded: 6,
};

/** One status for an order (or a shop's part of it): the least advanced of its lines that are not refunded. */
export function orderStatus(statuses: readonly OrderLineStatus[]): OrderLineStatus {
  if (!statuses.length) return "Pending";
  return statuses.reduce((least, s) => (PROGRESS[s] < PROGRESS[least] ? s : least));
}

/** A row of GET order/list (money in dollars, ARCHITECTURE §3). Owners and staff get their shop's part only. */
export interface OrderListRow {
  _id: string;
  orderId: number;
  createdAt: string;
  orderType: "online" | "offline";
  address: { address: string; city: string };
  buyerId: {
    _id: string;
    fName: string;
    lName: string;
    email: string | null;
    mobile: string | null;
    countryCode: string | null;
    image: string | null;
    role: string;
  };
  /** names of the shops with lines in the order (for owners and staff: their own) */
  shoplist: string[];
  status: OrderLineStatus;
  subtotal: number;
  tax: number;
  couponDiscount: number;
  total: number;
  refunded: number;
  lineCount: number;
}
