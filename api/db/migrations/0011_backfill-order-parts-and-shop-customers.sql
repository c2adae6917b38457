-- Orders placed before 0009/0010 (ADR 0033, ADR 0034): each shop's part of an order, and the buyer as a customer of
-- every shop they ordered from, as POST order now writes them. Idempotent (a row already there is kept).
INSERT INTO "order_parts" ("shop_id", "order_id", "order_number", "total_cents", "created_at")
SELECT l."shop_id", o."id", o."order_number", sum(l."line_cents" + l."tax_cents" - l."coupon_discount_cents")::integer, o."created_at"
FROM "order_lines" l JOIN "orders" o ON o."id" = l."order_id"
GROUP BY l."shop_id", o."id", o."order_number", o."created_at"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "shop_customers" ("shop_id", "customer_id", "source", "created_at")
SELECT l."shop_id", o."buyer_id", 'ordered', min(o."created_at")
FROM "order_lines" l JOIN "orders" o ON o."id" = l."order_id"
GROUP BY l."shop_id", o."buyer_id"
ON CONFLICT DO NOTHING;
