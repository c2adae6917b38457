-- Chat (ADR 0066): channels as Stream names them (type, id, cid) with their shop for tenancy, members, messages
-- (client-chosen ids, soft-deleted as type 'deleted') and each person's read state; unread counts are counted in SQL.
CREATE TABLE "chat_channels" (
	"cid" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"channel_id" text NOT NULL,
	"shop_id" text,
	"created_by" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_channels_cid_shape" CHECK ("chat_channels"."cid" = "chat_channels"."type" || ':' || "chat_channels"."channel_id")
);
--> statement-breakpoint
CREATE TABLE "chat_members" (
	"cid" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_members_cid_user_id_pk" PRIMARY KEY("cid","user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"cid" text NOT NULL,
	"user_id" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"type" text DEFAULT 'regular' NOT NULL,
	"parent_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "chat_messages_id_length" CHECK (length("chat_messages"."id") between 1 and 255),
	CONSTRAINT "chat_messages_deleted_shape" CHECK (("chat_messages"."type" = 'deleted') = ("chat_messages"."deleted_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "chat_reads" (
	"cid" text NOT NULL,
	"user_id" text NOT NULL,
	"last_read_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_read_message_id" text,
	CONSTRAINT "chat_reads_cid_user_id_pk" PRIMARY KEY("cid","user_id")
);
--> statement-breakpoint
ALTER TABLE "chat_channels" ADD CONSTRAINT "chat_channels_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_channels" ADD CONSTRAINT "chat_channels_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_members" ADD CONSTRAINT "chat_members_cid_chat_channels_cid_fk" FOREIGN KEY ("cid") REFERENCES "public"."chat_channels"("cid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_members" ADD CONSTRAINT "chat_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_cid_chat_channels_cid_fk" FOREIGN KEY ("cid") REFERENCES "public"."chat_channels"("cid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_cid_chat_channels_cid_fk" FOREIGN KEY ("cid") REFERENCES "public"."chat_channels"("cid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_channels_type_id_unique" ON "chat_channels" USING btree ("type","channel_id");--> statement-breakpoint
CREATE INDEX "chat_channels_last_message_idx" ON "chat_channels" USING btree ("last_message_at" desc nulls last,"cid");--> statement-breakpoint
CREATE INDEX "chat_channels_shop_idx" ON "chat_channels" USING btree ("shop_id","last_message_at" desc nulls last);--> statement-breakpoint
CREATE INDEX "chat_members_user_idx" ON "chat_members" USING btree ("user_id","cid");--> statement-breakpoint
CREATE INDEX "chat_messages_channel_idx" ON "chat_messages" USING btree ("cid","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "chat_reads_user_idx" ON "chat_reads" USING btree ("user_id");