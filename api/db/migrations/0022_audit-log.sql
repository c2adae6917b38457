-- The audit log (ADR 0071): one entry per state-changing API call, in the call's transaction.
CREATE TABLE "audit_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" text,
	"user_name" text,
	"role" text,
	"shop_id" text,
	"operation" text NOT NULL,
	"record_type" text,
	"record_id" text,
	"before" jsonb,
	"after" jsonb,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE INDEX "audit_entries_at_idx" ON "audit_entries" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_entries_shop_at_idx" ON "audit_entries" USING btree ("shop_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_entries_record_idx" ON "audit_entries" USING btree ("record_type","record_id","at");--> statement-breakpoint
CREATE INDEX "audit_entries_user_at_idx" ON "audit_entries" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "audit_entries_operation_at_idx" ON "audit_entries" USING btree ("operation","at");--> statement-breakpoint
CREATE INDEX "audit_entries_user_name_trgm_idx" ON "audit_entries" USING gin ("user_name" gin_trgm_ops);--> statement-breakpoint
-- ADR 0071: the audit log is append-only in the database itself: no UPDATE, DELETE or TRUNCATE of an entry, whoever asks.
CREATE FUNCTION "audit_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'audit entries are append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_entries_no_change" BEFORE UPDATE OR DELETE ON "audit_entries" FOR EACH ROW EXECUTE FUNCTION "audit_entries_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_entries_no_truncate" BEFORE TRUNCATE ON "audit_entries" FOR EACH STATEMENT EXECUTE FUNCTION "audit_entries_append_only"();
