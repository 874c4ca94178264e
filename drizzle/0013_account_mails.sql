CREATE TABLE "account_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"site_context" text NOT NULL,
	"lang" text NOT NULL,
	"brand" text DEFAULT 'classic' NOT NULL,
	"origin" text NOT NULL,
	"erase_after" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	CONSTRAINT "account_mails_kind_check" CHECK (kind in ('closed', 'restored'))
);
--> statement-breakpoint
ALTER TABLE "account_mails" ADD CONSTRAINT "account_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_mails" ADD CONSTRAINT "account_mails_site_context_countries_site_context_fk" FOREIGN KEY ("site_context") REFERENCES "public"."countries"("site_context") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_mails_unsent_idx" ON "account_mails" USING btree ("created_at") WHERE "account_mails"."sent_at" is null;