CREATE TABLE "resumes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" uuid,
	"guest_token_hash" text,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"format" text NOT NULL,
	"parsed" jsonb,
	"parse_status" text NOT NULL,
	"site_context" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resumes_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "resumes_owner_check" CHECK (owner_user_id is not null or guest_token_hash is not null),
	CONSTRAINT "resumes_format_check" CHECK (format in ('doc', 'docx', 'rtf', 'txt', 'pdf')),
	CONSTRAINT "resumes_parse_status_check" CHECK (parse_status in ('parsed', 'empty', 'failed')),
	CONSTRAINT "resumes_size_check" CHECK (size > 0)
);
--> statement-breakpoint
ALTER TABLE "resumes" ADD CONSTRAINT "resumes_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resumes_owner_idx" ON "resumes" USING btree ("owner_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "resumes_guest_idx" ON "resumes" USING btree ("guest_token_hash") WHERE "resumes"."guest_token_hash" is not null;