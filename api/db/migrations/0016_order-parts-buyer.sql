-- Each shop's part of an order carries the order's buyer (ADR 0033, addendum), so an owner's search for customers
-- reads the shop's parts of those customers' orders on one index. The column is added empty, filled from the orders
-- (an order's buyer never changes), and only then made required.
ALTER TABLE "order_parts" ADD COLUMN "buyer_id" text;--> statement-breakpoint
UPDATE "order_parts" p SET "buyer_id" = o."buyer_id" FROM "orders" o WHERE o."id" = p."order_id" AND p."buyer_id" IS NULL;--> statement-breakpoint
ALTER TABLE "order_parts" ALTER COLUMN "buyer_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_parts" ADD CONSTRAINT "order_parts_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_parts_shop_buyer_idx" ON "order_parts" USING btree ("shop_id","buyer_id","created_at","order_id","order_number","total_cents");
