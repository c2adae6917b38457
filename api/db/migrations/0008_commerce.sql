CREATE TABLE "coupons" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_id" text,
	"name" text NOT NULL,
	"image" text NOT NULL,
	"code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"department_id" text NOT NULL,
	"category_id" text NOT NULL,
	"subcategory_id" text NOT NULL,
	"min_order_cents" integer NOT NULL,
	"quantity" integer NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"discount_type" text NOT NULL,
	"discount_cents" integer,
	"discount_percent" double precision,
	"type" text NOT NULL,
	"multi" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "coupons_code_upper" CHECK ("coupons"."code" = upper("coupons"."code")),
	CONSTRAINT "coupons_quantity_min" CHECK ("coupons"."quantity" >= 0),
	CONSTRAINT "coupons_used_range" CHECK ("coupons"."used" >= 0 and "coupons"."used" <= "coupons"."quantity"),
	CONSTRAINT "coupons_min_order_min" CHECK ("coupons"."min_order_cents" >= 0),
	CONSTRAINT "coupons_dates" CHECK ("coupons"."end_at" >= "coupons"."start_at"),
	CONSTRAINT "coupons_multi_min" CHECK ("coupons"."multi" is null or "coupons"."multi" >= 0),
	CONSTRAINT "coupons_discount_shape" CHECK (("coupons"."discount_type" = 'flat' and "coupons"."discount_cents" is not null and "coupons"."discount_cents" >= 0 and "coupons"."discount_cents" <= "coupons"."min_order_cents") or ("coupons"."discount_type" = 'percentage' and "coupons"."discount_percent" is not null and "coupons"."discount_percent" between 0 and 100))
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"shop_id" text NOT NULL,
	"product_id" text NOT NULL,
	"variation_id" text,
	"product_name" text NOT NULL,
	"image" text,
	"sku" text,
	"variant_name" text,
	"variant_details" jsonb,
	"category_id" text NOT NULL,
	"unit_cents" integer NOT NULL,
	"quantity" integer NOT NULL,
	"line_cents" integer NOT NULL,
	"tax_percent" double precision NOT NULL,
	"tax_cents" integer NOT NULL,
	"coupon_discount_cents" integer DEFAULT 0 NOT NULL,
	"commission_percent" double precision NOT NULL,
	"commission_cents" integer NOT NULL,
	"net_amount_cents" integer NOT NULL,
	"shop_status" text DEFAULT 'Pending' NOT NULL,
	"is_refunded" boolean DEFAULT false NOT NULL,
	"refund_reason" text,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"refunded_at" timestamp with time zone,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_lines_quantity_range" CHECK ("order_lines"."quantity" between 1 and 100),
	CONSTRAINT "order_lines_amounts_min" CHECK ("order_lines"."unit_cents" >= 0 and "order_lines"."tax_cents" >= 0 and "order_lines"."coupon_discount_cents" >= 0 and "order_lines"."commission_cents" >= 0),
	CONSTRAINT "order_lines_line" CHECK ("order_lines"."line_cents" = "order_lines"."unit_cents" * "order_lines"."quantity"),
	CONSTRAINT "order_lines_coupon_max" CHECK ("order_lines"."coupon_discount_cents" <= "order_lines"."line_cents"),
	CONSTRAINT "order_lines_refund_shape" CHECK ((not "order_lines"."is_refunded" and "order_lines"."refunded_cents" = 0) or ("order_lines"."is_refunded" and "order_lines"."refund_reason" is not null and "order_lines"."shop_status" = 'Refunded')),
	CONSTRAINT "order_lines_refund_max" CHECK ("order_lines"."refunded_cents" >= 0 and "order_lines"."refunded_cents" <= "order_lines"."line_cents" + "order_lines"."tax_cents" - "order_lines"."coupon_discount_cents")
);
--> statement-breakpoint
CREATE TABLE "order_notes" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"shop_id" text,
	"author_id" text,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"order_number" bigserial NOT NULL,
	"buyer_id" text NOT NULL,
	"order_type" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"stream_id" text,
	"coupon_id" text,
	"coupon_code" text,
	"subtotal_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"coupon_discount_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"commission_cents" integer NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'AUD' NOT NULL,
	"payment_provider" text NOT NULL,
	"payment_intent_id" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "orders_amounts_min" CHECK ("orders"."subtotal_cents" >= 0 and "orders"."tax_cents" >= 0 and "orders"."coupon_discount_cents" >= 0 and "orders"."commission_cents" >= 0),
	CONSTRAINT "orders_total" CHECK ("orders"."total_cents" = "orders"."subtotal_cents" + "orders"."tax_cents" - "orders"."coupon_discount_cents" and "orders"."total_cents" >= 0),
	CONSTRAINT "orders_refunded_range" CHECK ("orders"."refunded_cents" >= 0 and "orders"."refunded_cents" <= "orders"."total_cents"),
	CONSTRAINT "orders_currency_aud" CHECK ("orders"."currency" = 'AUD')
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'AUD' NOT NULL,
	"provider_ref" text,
	"line_ids" jsonb,
	"reason" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_min" CHECK ("payments"."amount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_department_id_categories_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_subcategory_id_categories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_variation_id_product_variations_id_fk" FOREIGN KEY ("variation_id") REFERENCES "public"."product_variations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_unique" ON "coupons" USING btree ("code") WHERE "coupons"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "coupons_shop_created_idx" ON "coupons" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "coupons_created_idx" ON "coupons" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "order_lines_shop_created_idx" ON "order_lines" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "order_lines_shop_order_idx" ON "order_lines" USING btree ("shop_id","order_id");--> statement-breakpoint
CREATE INDEX "order_lines_product_idx" ON "order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "order_notes_order_idx" ON "order_notes" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_unique" ON "orders" USING btree ("order_number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_unique" ON "orders" USING btree ("buyer_id","idempotency_key") WHERE "orders"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_buyer_created_idx" ON "orders" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_coupon_idx" ON "orders" USING btree ("coupon_id");--> statement-breakpoint
CREATE INDEX "orders_stream_idx" ON "orders" USING btree ("stream_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_capture" ON "payments" USING btree ("order_id") WHERE "payments"."kind" = 'capture';--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id","created_at");