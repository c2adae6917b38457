-- Influencer campaigns (issue 25; spec 3 §3 Campaign, Influencer, payout terms, Transaction): campaigns, each
-- influencer's membership of a campaign, payout terms (fee, free products, sales commission rows) and payments. Every
-- row carries its shop and points at its campaign through (campaign, shop), so no row of one shop hangs off another
-- shop's campaign. Streams now reference their campaign (of the same shop); orders get the campaign they belong to.
-- Before this migration no campaign existed, so a stream's campaign id could only be a dangling value: it is cleared
-- before the foreign key is added.
CREATE TABLE "campaign_influencers" (
	"id" text PRIMARY KEY NOT NULL,
	"campaign_id" text NOT NULL,
	"shop_id" text NOT NULL,
	"influencer_id" text NOT NULL,
	"state" text NOT NULL,
	"changed_by" text,
	"invited_at" timestamp with time zone,
	"requested_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_influencers_campaign_influencer_unique" UNIQUE("campaign_id","influencer_id"),
	CONSTRAINT "campaign_influencers_state_shape" CHECK (("campaign_influencers"."state" <> 'accepted' or "campaign_influencers"."accepted_at" is not null) and ("campaign_influencers"."state" <> 'removed' or "campaign_influencers"."removed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "campaign_payout_commissions" (
	"id" text PRIMARY KEY NOT NULL,
	"payout_id" text NOT NULL,
	"shop_id" text NOT NULL,
	"sub_category_id" text NOT NULL,
	"percent" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_payout_commissions_percent_range" CHECK ("campaign_payout_commissions"."percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "campaign_payout_products" (
	"id" text PRIMARY KEY NOT NULL,
	"payout_id" text NOT NULL,
	"shop_id" text NOT NULL,
	"product_id" text NOT NULL,
	"variation_id" text,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_payout_products_quantity_range" CHECK ("campaign_payout_products"."quantity" >= 1 and ("campaign_payout_products"."variation_id" is null or "campaign_payout_products"."quantity" < 10000))
);
--> statement-breakpoint
CREATE TABLE "campaign_payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"campaign_id" text NOT NULL,
	"shop_id" text NOT NULL,
	"influencer_id" text NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_payouts_id_shop_unique" UNIQUE("id","shop_id"),
	CONSTRAINT "campaign_payouts_fee_range" CHECK ("campaign_payouts"."fee_cents" between 0 and 99999999)
);
--> statement-breakpoint
CREATE TABLE "campaign_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"campaign_id" text NOT NULL,
	"shop_id" text NOT NULL,
	"influencer_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "campaign_transactions_amount_min" CHECK ("campaign_transactions"."amount_cents" >= 100),
	CONSTRAINT "campaign_transactions_note_length" CHECK (char_length("campaign_transactions"."note") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"thumbnail" text,
	"video" text,
	"is_draft" boolean DEFAULT true NOT NULL,
	"published_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "campaigns_id_shop_unique" UNIQUE("id","shop_id"),
	CONSTRAINT "campaigns_title_length" CHECK (char_length(btrim("campaigns"."title")) between 5 and 100),
	CONSTRAINT "campaigns_description_length" CHECK (char_length("campaigns"."description") <= 5000),
	CONSTRAINT "campaigns_dates" CHECK ("campaigns"."start_at" is null or "campaigns"."end_at" is null or "campaigns"."start_at" < "campaigns"."end_at"),
	CONSTRAINT "campaigns_published_shape" CHECK ("campaigns"."is_draft" or ("campaigns"."start_at" is not null and "campaigns"."end_at" is not null and char_length(btrim("campaigns"."description")) >= 10 and "campaigns"."published_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "campaign_id" text;--> statement-breakpoint
ALTER TABLE "campaign_influencers" ADD CONSTRAINT "campaign_influencers_influencer_id_users_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_influencers" ADD CONSTRAINT "campaign_influencers_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_influencers" ADD CONSTRAINT "campaign_influencers_campaign_fk" FOREIGN KEY ("campaign_id","shop_id") REFERENCES "public"."campaigns"("id","shop_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_payout_commissions" ADD CONSTRAINT "campaign_payout_commissions_sub_category_id_categories_id_fk" FOREIGN KEY ("sub_category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_payout_commissions" ADD CONSTRAINT "campaign_payout_commissions_payout_fk" FOREIGN KEY ("payout_id","shop_id") REFERENCES "public"."campaign_payouts"("id","shop_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_payout_products" ADD CONSTRAINT "campaign_payout_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_payout_products" ADD CONSTRAINT "campaign_payout_products_variation_id_product_variations_id_fk" FOREIGN KEY ("variation_id") REFERENCES "public"."product_variations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_payout_products" ADD CONSTRAINT "campaign_payout_products_payout_fk" FOREIGN KEY ("payout_id","shop_id") REFERENCES "public"."campaign_payouts"("id","shop_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_payouts" ADD CONSTRAINT "campaign_payouts_influencer_id_users_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_payouts" ADD CONSTRAINT "campaign_payouts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_payouts" ADD CONSTRAINT "campaign_payouts_campaign_fk" FOREIGN KEY ("campaign_id","shop_id") REFERENCES "public"."campaigns"("id","shop_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_payouts" ADD CONSTRAINT "campaign_payouts_member_fk" FOREIGN KEY ("campaign_id","influencer_id") REFERENCES "public"."campaign_influencers"("campaign_id","influencer_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_transactions" ADD CONSTRAINT "campaign_transactions_influencer_id_users_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_transactions" ADD CONSTRAINT "campaign_transactions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_transactions" ADD CONSTRAINT "campaign_transactions_campaign_fk" FOREIGN KEY ("campaign_id","shop_id") REFERENCES "public"."campaigns"("id","shop_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_transactions" ADD CONSTRAINT "campaign_transactions_member_fk" FOREIGN KEY ("campaign_id","influencer_id") REFERENCES "public"."campaign_influencers"("campaign_id","influencer_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_influencers_campaign_state_idx" ON "campaign_influencers" USING btree ("campaign_id","state","updated_at");--> statement-breakpoint
CREATE INDEX "campaign_influencers_influencer_state_idx" ON "campaign_influencers" USING btree ("influencer_id","state","updated_at");--> statement-breakpoint
CREATE INDEX "campaign_influencers_shop_idx" ON "campaign_influencers" USING btree ("shop_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_payout_commissions_unique" ON "campaign_payout_commissions" USING btree ("payout_id","sub_category_id");--> statement-breakpoint
CREATE INDEX "campaign_payout_commissions_category_idx" ON "campaign_payout_commissions" USING btree ("sub_category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_payout_products_unique" ON "campaign_payout_products" USING btree ("payout_id","product_id",coalesce("variation_id", ''));--> statement-breakpoint
CREATE INDEX "campaign_payout_products_product_idx" ON "campaign_payout_products" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_payouts_campaign_influencer_unique" ON "campaign_payouts" USING btree ("campaign_id","influencer_id");--> statement-breakpoint
CREATE INDEX "campaign_payouts_influencer_idx" ON "campaign_payouts" USING btree ("influencer_id","created_at");--> statement-breakpoint
CREATE INDEX "campaign_payouts_shop_idx" ON "campaign_payouts" USING btree ("shop_id","campaign_id");--> statement-breakpoint
CREATE INDEX "campaign_transactions_campaign_influencer_idx" ON "campaign_transactions" USING btree ("campaign_id","influencer_id","created_at");--> statement-breakpoint
CREATE INDEX "campaign_transactions_influencer_idx" ON "campaign_transactions" USING btree ("influencer_id","created_at");--> statement-breakpoint
CREATE INDEX "campaign_transactions_shop_idx" ON "campaign_transactions" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "campaigns_shop_created_idx" ON "campaigns" USING btree ("shop_id","created_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_shop_lower_title_idx" ON "campaigns" USING btree ("shop_id",lower("title"),"id");--> statement-breakpoint
CREATE INDEX "campaigns_shop_start_idx" ON "campaigns" USING btree ("shop_id","start_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_shop_end_idx" ON "campaigns" USING btree ("shop_id","end_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_created_idx" ON "campaigns" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_lower_title_idx" ON "campaigns" USING btree (lower("title"),"id");--> statement-breakpoint
CREATE INDEX "campaigns_start_idx" ON "campaigns" USING btree ("start_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_end_idx" ON "campaigns" USING btree ("end_at","id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
UPDATE "streams" SET "campaign_id" = NULL WHERE "campaign_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_campaign_fk" FOREIGN KEY ("campaign_id","shop_id") REFERENCES "public"."campaigns"("id","shop_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_campaign_created_idx" ON "orders" USING btree ("campaign_id","created_at","id");