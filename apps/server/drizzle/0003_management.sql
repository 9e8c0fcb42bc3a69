CREATE TABLE "banner_dismissals" (
	"user_id" text NOT NULL,
	"banner_message_id" text NOT NULL,
	"dismissed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banner_dismissals_user_id_banner_message_id_pk" PRIMARY KEY("user_id","banner_message_id")
);
--> statement-breakpoint
CREATE TABLE "banner_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"content" jsonb NOT NULL,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banner_messages_schedule_check" CHECK ("banner_messages"."starts_at" is null or "banner_messages"."ends_at" is null or "banner_messages"."ends_at" > "banner_messages"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"reference" text NOT NULL,
	"plan" text NOT NULL,
	"seats" integer NOT NULL,
	"monthly_fee_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"status" text NOT NULL,
	"terms_en" text NOT NULL,
	"terms_de" text NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contracts_status_check" CHECK ("contracts"."status" in ('active', 'pending', 'superseded')),
	CONSTRAINT "contracts_plan_check" CHECK ("contracts"."plan" in ('basic', 'pro')),
	CONSTRAINT "contracts_seats_check" CHECK ("contracts"."seats" > 0),
	CONSTRAINT "contracts_fee_check" CHECK ("contracts"."monthly_fee_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "banner_dismissals" ADD CONSTRAINT "banner_dismissals_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banner_dismissals" ADD CONSTRAINT "banner_dismissals_banner_message_id_banner_messages_id_fk" FOREIGN KEY ("banner_message_id") REFERENCES "public"."banner_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banner_messages" ADD CONSTRAINT "banner_messages_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banner_messages" ADD CONSTRAINT "banner_messages_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_accepted_by_user_id_user_id_fk" FOREIGN KEY ("accepted_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banner_dismissals_banner_idx" ON "banner_dismissals" USING btree ("banner_message_id");--> statement-breakpoint
CREATE INDEX "banner_messages_organisation_idx" ON "banner_messages" USING btree ("organisation_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_organisation_reference_uq" ON "contracts" USING btree ("organisation_id","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_one_active_uq" ON "contracts" USING btree ("organisation_id") WHERE "contracts"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_one_pending_uq" ON "contracts" USING btree ("organisation_id") WHERE "contracts"."status" = 'pending';