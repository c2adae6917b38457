DROP INDEX "users_fname_idx";--> statement-breakpoint
DROP INDEX "users_email_idx";--> statement-breakpoint
CREATE INDEX "users_fname_idx" ON "users" USING btree ("f_name","id");--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree ("email","id");