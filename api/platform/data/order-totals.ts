import { sql } from "drizzle-orm";
import { orderLines, orders } from "#api/db/schema";

/**
 * A shop's part of an order's total (its lines, their tax, less their coupon share): what owners and staff see of it.
 * An SQL expression on the outer query's `orders` row; the customers and coupons modules both read it, so it sits below
 * them rather than in the orders module, which itself depends on customers.
 */
export const shopPartOfOrderTotal = (shopId: string) =>
  sql`(select coalesce(sum(${orderLines.lineCents} + ${orderLines.taxCents} - ${orderLines.couponDiscountCents}), 0) from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.shopId} = ${shopId})`;
