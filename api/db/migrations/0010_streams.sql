CREATE TABLE "stream_categories" (
	"stream_id" text NOT NULL,
	"category_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stream_categories_stream_id_category_id_pk" PRIMARY KEY("stream_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "stream_products" (
	"id" text PRIMARY KEY NOT NULL,
	"stream_id" text NOT NULL,
	"product_id" text NOT NULL,
	"variation_id" text,
	"all_variations" boolean DEFAULT false NOT NULL,
	"promotion_type" text,
	"promotion_cents" integer,
	"promotion_percent" double precision,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stream_products_promotion_shape" CHECK (("stream_products"."promotion_type" is null and "stream_products"."promotion_cents" is null and "stream_products"."promotion_percent" is null) or ("stream_products"."promotion_type" = 'flat' and "stream_products"."promotion_cents" is not null and "stream_products"."promotion_cents" >= 0 and "stream_products"."promotion_percent" is null) or ("stream_products"."promotion_type" = 'percentage' and "stream_products"."promotion_percent" is not null and "stream_products"."promotion_percent" between 0 and 100 and "stream_products"."promotion_cents" is null)),
	CONSTRAINT "stream_products_variation_scope" CHECK (not ("stream_products"."all_variations" and "stream_products"."variation_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "streams" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"archive_status" text,
	"streamer_id" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone,
	"image" text,
	"video" text,
	"stream_video" text,
	"view_url" text,
	"external_url" text,
	"likes" integer DEFAULT 0 NOT NULL,
	"viewers_count" integer DEFAULT 0 NOT NULL,
	"campaign_id" text,
	"stream_chat" jsonb,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "streams_archive_shape" CHECK (("streams"."status" = 'archived') = ("streams"."archive_status" is not null)),
	CONSTRAINT "streams_broadcasting_shape" CHECK (coalesce("streams"."archive_status", "streams"."status") <> 'broadcasting' or ("streams"."view_url" is not null and "streams"."started_at" is not null)),
	CONSTRAINT "streams_finished_shape" CHECK (coalesce("streams"."archive_status", "streams"."status") <> 'finished' or "streams"."finished_at" is not null),
	CONSTRAINT "streams_dates" CHECK ("streams"."end_at" is null or "streams"."end_at" >= "streams"."start_at"),
	CONSTRAINT "streams_went_live" CHECK ("streams"."finished_at" is null or ("streams"."started_at" is not null and "streams"."finished_at" >= "streams"."started_at")),
	CONSTRAINT "streams_counts_min" CHECK ("streams"."likes" >= 0 and "streams"."viewers_count" >= 0),
	CONSTRAINT "streams_name_length" CHECK (char_length("streams"."name") between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "stream_categories" ADD CONSTRAINT "stream_categories_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_categories" ADD CONSTRAINT "stream_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_products" ADD CONSTRAINT "stream_products_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_products" ADD CONSTRAINT "stream_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_products" ADD CONSTRAINT "stream_products_variation_id_product_variations_id_fk" FOREIGN KEY ("variation_id") REFERENCES "public"."product_variations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_streamer_id_users_id_fk" FOREIGN KEY ("streamer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stream_categories_category_idx" ON "stream_categories" USING btree ("category_id","stream_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stream_products_unique" ON "stream_products" USING btree ("stream_id","product_id",coalesce("variation_id", ''));--> statement-breakpoint
CREATE INDEX "stream_products_stream_idx" ON "stream_products" USING btree ("stream_id","position");--> statement-breakpoint
CREATE INDEX "stream_products_product_idx" ON "stream_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "streams_shop_created_idx" ON "streams" USING btree ("shop_id","created_at","id");--> statement-breakpoint
CREATE INDEX "streams_shop_start_idx" ON "streams" USING btree ("shop_id","start_at");--> statement-breakpoint
CREATE INDEX "streams_shop_lower_name_idx" ON "streams" USING btree ("shop_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "streams_shop_status_idx" ON "streams" USING btree ("shop_id","status");--> statement-breakpoint
CREATE INDEX "streams_created_idx" ON "streams" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "streams_start_idx" ON "streams" USING btree ("start_at");--> statement-breakpoint
CREATE INDEX "streams_lower_name_idx" ON "streams" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "streams_status_idx" ON "streams" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "streams_streamer_idx" ON "streams" USING btree ("streamer_id");--> statement-breakpoint
CREATE INDEX "streams_campaign_idx" ON "streams" USING btree ("campaign_id");