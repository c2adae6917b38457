// The orders console (spec 2 §2 Order list, Order detail): who may see it, and the export's pass-through (ADR 0031).
import { ORDERS_ACCESS, ORDER_FILTERS } from "~/lib/orders";
import { apiFor, type Access } from "./api.server";

export const ORDERS_DOOR: Access = ORDERS_ACCESS;

/**
 * GET /app/orders/export?format=pdf|csv&…: the API's file, streamed on to the browser as it comes (nothing is held
 * here). The list's search, filters and sort direction travel in the link, so it works without JavaScript.
 */
export async function exportOrders(request: Request) {
  const { api } = await apiFor(request, ORDERS_DOOR);
  const params = new URL(request.url).searchParams;
  const query: Record<string, string> = {};
  for (const name of ["format", "search", "sortType", ...ORDER_FILTERS]) {
    const value = params.get(name);
    if (value) query[name] = value;
  }
  return api.download("order/export", query);
}
