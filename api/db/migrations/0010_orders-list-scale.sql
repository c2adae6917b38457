CREATE TABLE "order_parts" (
	"shop_id" text NOT NULL,
	"order_id" text NOT NULL,
	"order_number" bigint NOT NULL,
	"total_cents" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_parts_shop_id_order_id_pk" PRIMARY KEY("shop_id","order_id"),
	CONSTRAINT "order_parts_total_min" CHECK ("order_parts"."total_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_parts" ADD CONSTRAINT "order_parts_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_parts" ADD CONSTRAINT "order_parts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_parts_shop_created_idx" ON "order_parts" USING btree ("shop_id","created_at","order_id");--> statement-breakpoint
CREATE INDEX "order_parts_shop_number_idx" ON "order_parts" USING btree ("shop_id","order_number");--> statement-breakpoint
CREATE INDEX "order_parts_shop_total_idx" ON "order_parts" USING btree ("shop_id","total_cents","order_id");--> statement-breakpoint
CREATE INDEX "order_parts_order_idx" ON "order_parts" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (("f_name" || ' ' || "l_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_trgm_idx" ON "users" USING gin ((coalesce("country_code", '') || "mobile") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "order_lines_status_shop_order_idx" ON "order_lines" USING btree ("shop_status","shop_id","order_id");--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total_cents","id");