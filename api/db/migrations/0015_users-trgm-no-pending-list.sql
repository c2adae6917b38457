DROP INDEX "users_name_trgm_idx";--> statement-breakpoint
DROP INDEX "users_email_trgm_idx";--> statement-breakpoint
DROP INDEX "users_phone_trgm_idx";--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (("f_name" || ' ' || "l_name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_phone_trgm_idx" ON "users" USING gin ((coalesce("country_code", '') || "mobile") gin_trgm_ops) WITH (fastupdate=false);