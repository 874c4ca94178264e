CREATE TABLE "seeker_named_profiles" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "seeker_named_profiles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"headline" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seeker_profile_extras" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"linkedin_url" text,
	"visa_status" text,
	"covid_layoff" boolean DEFAULT false NOT NULL,
	"lgbtq" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seeker_profile_extras_visa_check" CHECK (visa_status in ('citizen', 'permanent_resident', 'work_permit', 'dependant_visa', 'visit_visa', 'need_sponsorship')),
	CONSTRAINT "seeker_profile_extras_lgbtq_check" CHECK (lgbtq in ('yes', 'no', 'undisclosed'))
);
--> statement-breakpoint
CREATE TABLE "seeker_prompt_states" (
	"user_id" uuid NOT NULL,
	"prompt" text NOT NULL,
	"state" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seeker_prompt_states_user_id_prompt_pk" PRIMARY KEY("user_id","prompt"),
	CONSTRAINT "seeker_prompt_states_state_check" CHECK (state in ('skipped', 'confirmed'))
);
--> statement-breakpoint
ALTER TABLE "seeker_named_profiles" ADD CONSTRAINT "seeker_named_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seeker_profile_extras" ADD CONSTRAINT "seeker_profile_extras_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seeker_prompt_states" ADD CONSTRAINT "seeker_prompt_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seeker_named_profiles_user_idx" ON "seeker_named_profiles" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seeker_named_profiles_default_unique" ON "seeker_named_profiles" USING btree ("user_id") WHERE is_default;