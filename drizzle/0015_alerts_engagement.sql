CREATE TABLE "seeker_message_preferences" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"mail" boolean DEFAULT true NOT NULL,
	"whatsapp" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seeker_message_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "seeker_message_preferences_kind_check" CHECK (kind in ('alerts', 'recommended', 'reminders', 'offers'))
);
--> statement-breakpoint
CREATE TABLE "seeker_notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "seeker_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"target" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seeker_notifications_kind_check" CHECK (kind in ('alert_match', 'application_viewed', 'profile_reminder'))
);
--> statement-breakpoint
CREATE TABLE "profile_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "profile_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"viewer" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profile_events_kind_check" CHECK (kind in ('view', 'appearance'))
);
--> statement-breakpoint
ALTER TABLE "seeker_message_preferences" ADD CONSTRAINT "seeker_message_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seeker_notifications" ADD CONSTRAINT "seeker_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_events" ADD CONSTRAINT "profile_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seeker_notifications_user_idx" ON "seeker_notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "profile_events_user_idx" ON "profile_events" USING btree ("user_id","kind","occurred_at");