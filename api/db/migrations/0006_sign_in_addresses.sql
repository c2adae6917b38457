CREATE TABLE "sign_in_addresses" (
	"user_id" text NOT NULL,
	"ip" text NOT NULL,
	"last_sign_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_addresses_user_id_ip_pk" PRIMARY KEY("user_id","ip")
);
--> statement-breakpoint
ALTER TABLE "otp_codes" ADD COLUMN "requester" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD COLUMN "payload" jsonb;--> statement-breakpoint
ALTER TABLE "sign_in_addresses" ADD CONSTRAINT "sign_in_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;