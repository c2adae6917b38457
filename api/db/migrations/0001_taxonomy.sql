CREATE TABLE "attributes" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL,
	"type" text NOT NULL,
	"hint" text,
	"is_for_variation" boolean NOT NULL,
	"list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"map" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"unit" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"image" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"image" text,
	"level" integer NOT NULL,
	"parent_id" text,
	"tax" integer,
	"commission" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_level_range" CHECK ("categories"."level" between 0 and 2),
	CONSTRAINT "categories_parent_level" CHECK (("categories"."level" = 0) = ("categories"."parent_id" is null)),
	CONSTRAINT "categories_tax_range" CHECK ("categories"."tax" is null or "categories"."tax" between 0 and 100),
	CONSTRAINT "categories_commission_range" CHECK ("categories"."commission" is null or "categories"."commission" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "category_attributes" (
	"category_id" text NOT NULL,
	"kind" text NOT NULL,
	"attribute_id" text NOT NULL,
	"position" integer NOT NULL,
	"unit" text,
	"is_main_selected" boolean DEFAULT false NOT NULL,
	CONSTRAINT "category_attributes_category_id_kind_attribute_id_pk" PRIMARY KEY("category_id","kind","attribute_id")
);
--> statement-breakpoint
CREATE TABLE "shop_categories" (
	"shop_id" text NOT NULL,
	"category_id" text NOT NULL,
	CONSTRAINT "shop_categories_shop_id_category_id_pk" PRIMARY KEY("shop_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "shop_commissions" (
	"shop_id" text NOT NULL,
	"category_id" text NOT NULL,
	"percentage" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_commissions_shop_id_category_id_pk" PRIMARY KEY("shop_id","category_id"),
	CONSTRAINT "shop_commissions_percentage_range" CHECK ("shop_commissions"."percentage" between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_attributes" ADD CONSTRAINT "category_attributes_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_attributes" ADD CONSTRAINT "category_attributes_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_categories" ADD CONSTRAINT "shop_categories_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_categories" ADD CONSTRAINT "shop_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_commissions" ADD CONSTRAINT "shop_commissions_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_commissions" ADD CONSTRAINT "shop_commissions_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attributes_name_unique" ON "attributes" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "attributes_created_idx" ON "attributes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "attributes_name_idx" ON "attributes" USING btree ("name");--> statement-breakpoint
CREATE INDEX "attributes_label_idx" ON "attributes" USING btree ("label");--> statement-breakpoint
CREATE INDEX "attributes_type_idx" ON "attributes" USING btree ("type");--> statement-breakpoint
CREATE UNIQUE INDEX "brands_name_unique" ON "brands" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "brands_created_idx" ON "brands" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "brands_updated_idx" ON "brands" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "brands_name_idx" ON "brands" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_sibling_name_unique" ON "categories" USING btree (coalesce("parent_id", ''),lower("name"));--> statement-breakpoint
CREATE INDEX "categories_level_created_idx" ON "categories" USING btree ("level","created_at");--> statement-breakpoint
CREATE INDEX "categories_level_name_idx" ON "categories" USING btree ("level","name");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "category_attributes_attribute_idx" ON "category_attributes" USING btree ("attribute_id");--> statement-breakpoint
CREATE INDEX "shop_categories_category_idx" ON "shop_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "shop_commissions_category_idx" ON "shop_commissions" USING btree ("category_id");