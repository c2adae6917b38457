CREATE TABLE "product_skus" (
	"shop_id" text NOT NULL,
	"sku" text NOT NULL,
	"product_id" text NOT NULL,
	"variation_id" text,
	CONSTRAINT "product_skus_shop_id_sku_pk" PRIMARY KEY("shop_id","sku")
);
--> statement-breakpoint
CREATE TABLE "product_variations" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"variant" text NOT NULL,
	"variant_details" jsonb NOT NULL,
	"sku" text NOT NULL,
	"price_cents" integer NOT NULL,
	"stock" integer NOT NULL,
	"image" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_discount" boolean DEFAULT false NOT NULL,
	"discount_type" text,
	"discount_cents" integer,
	"discount_percent" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variations_stock_min" CHECK ("product_variations"."stock" >= 0),
	CONSTRAINT "product_variations_price_min" CHECK ("product_variations"."price_cents" >= 100),
	CONSTRAINT "product_variations_discount_percent_range" CHECK ("product_variations"."discount_percent" is null or "product_variations"."discount_percent" between 0 and 100),
	CONSTRAINT "product_variations_discount_flat_max" CHECK ("product_variations"."discount_cents" is null or ("product_variations"."discount_cents" >= 0 and "product_variations"."discount_cents" <= "product_variations"."price_cents")),
	CONSTRAINT "product_variations_discount_shape" CHECK ((not "product_variations"."is_discount" and "product_variations"."discount_type" is null) or ("product_variations"."is_discount" and (("product_variations"."discount_type" = 'flat' and "product_variations"."discount_cents" is not null) or ("product_variations"."discount_type" = 'percentage' and "product_variations"."discount_percent" is not null))))
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"brand_id" text NOT NULL,
	"department_id" text NOT NULL,
	"category_id" text NOT NULL,
	"subcategory_id" text NOT NULL,
	"attr" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"videos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"default_image" text,
	"size_chart_image" text,
	"is_variation_available" boolean DEFAULT false NOT NULL,
	"variation_list" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"default_variant" text,
	"price_cents" integer NOT NULL,
	"min_cents" integer,
	"max_cents" integer,
	"currency" text DEFAULT 'AUD' NOT NULL,
	"stock" integer NOT NULL,
	"sku" text,
	"is_discount" boolean DEFAULT false NOT NULL,
	"is_global_discount" boolean DEFAULT false NOT NULL,
	"discount_type" text,
	"discount_cents" integer,
	"discount_percent" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "products_stock_min" CHECK ("products"."stock" >= 0),
	CONSTRAINT "products_price_min" CHECK ("products"."price_cents" >= 100),
	CONSTRAINT "products_currency_aud" CHECK ("products"."currency" = 'AUD'),
	CONSTRAINT "products_discount_percent_range" CHECK ("products"."discount_percent" is null or "products"."discount_percent" between 0 and 100),
	CONSTRAINT "products_discount_cents_min" CHECK ("products"."discount_cents" is null or "products"."discount_cents" >= 0),
	CONSTRAINT "products_discount_shape" CHECK ((not "products"."is_discount" and "products"."discount_type" is null and not "products"."is_global_discount") or ("products"."is_discount" and (("products"."discount_type" = 'flat' and "products"."discount_cents" is not null) or ("products"."discount_type" = 'percentage' and "products"."discount_percent" is not null)))),
	CONSTRAINT "products_discount_flat_max" CHECK ("products"."discount_cents" is null or "products"."discount_cents" <= coalesce("products"."min_cents", "products"."price_cents"))
);
--> statement-breakpoint
ALTER TABLE "product_skus" ADD CONSTRAINT "product_skus_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_skus" ADD CONSTRAINT "product_skus_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_skus" ADD CONSTRAINT "product_skus_variation_id_product_variations_id_fk" FOREIGN KEY ("variation_id") REFERENCES "public"."product_variations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variations" ADD CONSTRAINT "product_variations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_department_id_categories_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_subcategory_id_categories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_skus_product_idx" ON "product_skus" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variations_variant_unique" ON "product_variations" USING btree ("product_id",lower("variant"));--> statement-breakpoint
CREATE INDEX "product_variations_product_idx" ON "product_variations" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "products_shop_created_idx" ON "products" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "products_shop_name_idx" ON "products" USING btree ("shop_id","name");--> statement-breakpoint
CREATE INDEX "products_shop_price_idx" ON "products" USING btree ("shop_id","price_cents");--> statement-breakpoint
CREATE INDEX "products_shop_stock_idx" ON "products" USING btree ("shop_id","stock");--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "products_department_idx" ON "products" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "products_subcategory_idx" ON "products" USING btree ("subcategory_id");