-- Reports that come to people (docs/decisions/029-subscriptions-alerts-and-background-work.md): the mail
-- outbox, subscriptions and alerts, their deliveries, the recipients who unsubscribed, and each user's
-- time zone for schedules. The durable jobs themselves live in pg-boss's own schema (`pgboss`).
CREATE TABLE "mail_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text,
	"delivery_id" text,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"raw" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_delivery_id_uq" ON "mail_outbox" USING btree ("delivery_id");
--> statement-breakpoint
CREATE INDEX "mail_outbox_organisation_created_idx" ON "mail_outbox" USING btree ("organisation_id","created_at" DESC);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"kind" text DEFAULT 'subscription' NOT NULL,
	"target_kind" text NOT NULL,
	"target_name" text NOT NULL,
	"schedule" jsonb NOT NULL,
	"time_zone" text NOT NULL,
	"parameter_values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"include" jsonb NOT NULL,
	"skip_empty" boolean DEFAULT false NOT NULL,
	"condition" jsonb,
	"alert_state" text DEFAULT 'normal' NOT NULL,
	"last_value" double precision,
	"recipient_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"audience_roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"audience_subscriptions" text[] DEFAULT '{}'::text[] NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_kind_check" CHECK ("subscriptions"."kind" in ('subscription', 'alert')),
	CONSTRAINT "subscriptions_target_kind_check" CHECK ("subscriptions"."target_kind" in ('report', 'dashboard')),
	CONSTRAINT "subscriptions_alert_state_check" CHECK ("subscriptions"."alert_state" in ('normal', 'triggered'))
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "subscriptions_owner_idx" ON "subscriptions" USING btree ("owner_id");
--> statement-breakpoint
CREATE INDEX "subscriptions_organisation_idx" ON "subscriptions" USING btree ("organisation_id");
--> statement-breakpoint
CREATE TABLE "subscription_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"subscription_id" text NOT NULL,
	"organisation_id" text NOT NULL,
	"recipient_id" text NOT NULL,
	"occasion" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_deliveries_status_check" CHECK ("subscription_deliveries"."status" in ('queued', 'sending', 'retrying', 'sent', 'skipped-empty', 'not-allowed', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "subscription_deliveries" ADD CONSTRAINT "subscription_deliveries_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "subscription_deliveries" ADD CONSTRAINT "subscription_deliveries_recipient_id_user_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_deliveries_occasion_uq" ON "subscription_deliveries" USING btree ("subscription_id","recipient_id","occasion");
--> statement-breakpoint
CREATE INDEX "subscription_deliveries_organisation_created_idx" ON "subscription_deliveries" USING btree ("organisation_id","created_at" DESC);
--> statement-breakpoint
CREATE TABLE "subscription_opt_outs" (
	"subscription_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_opt_outs_pk" PRIMARY KEY("subscription_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "subscription_opt_outs" ADD CONSTRAINT "subscription_opt_outs_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "subscription_opt_outs" ADD CONSTRAINT "subscription_opt_outs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "delivery_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery_settings" ADD CONSTRAINT "delivery_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
