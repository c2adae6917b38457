ALTER TABLE "users" ADD COLUMN "dob" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ethnicity" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "insta_profile_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tiktok_profile_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "fb_profile_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "youtube_profile_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bio" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "portfolio" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_status_idx" ON "users" USING btree ("status");--> statement-breakpoint
CREATE INDEX "shops_status_idx" ON "shops" USING btree ("status");--> statement-breakpoint
CREATE INDEX "uploads_unclaimed_idx" ON "uploads" USING btree ("created_at") WHERE "uploads"."status" = 'stored' and "uploads"."user_id" is null and "uploads"."claimed_at" is null;--> statement-breakpoint
CREATE INDEX "shop_commissions_shop_created_idx" ON "shop_commissions" USING btree ("shop_id","created_at");--> statement-breakpoint
-- accounts that existed before registrations could be pending were all made in the console or verified
UPDATE "users" SET "phone_verified_at" = "created_at";
