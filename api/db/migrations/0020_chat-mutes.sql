-- Live-stream chat moderation (ADR 0066): viewers a shop muted in a stream's channel; their sends there are refused.
CREATE TABLE "chat_mutes" (
	"cid" text NOT NULL,
	"user_id" text NOT NULL,
	"muted_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_mutes_cid_user_id_pk" PRIMARY KEY("cid","user_id")
);
--> statement-breakpoint
ALTER TABLE "chat_mutes" ADD CONSTRAINT "chat_mutes_cid_chat_channels_cid_fk" FOREIGN KEY ("cid") REFERENCES "public"."chat_channels"("cid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_mutes" ADD CONSTRAINT "chat_mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_mutes" ADD CONSTRAINT "chat_mutes_muted_by_users_id_fk" FOREIGN KEY ("muted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;