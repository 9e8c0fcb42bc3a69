CREATE TABLE "sso_providers" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"issuer_url" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_encrypted" text NOT NULL,
	"new_user_role_key" text DEFAULT 'organisationmember' NOT NULL,
	"new_user_subscription" text DEFAULT 'basic' NOT NULL,
	"require_single_sign_on" boolean DEFAULT false NOT NULL,
	"break_glass_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_providers_organisation_id_unique" UNIQUE("organisation_id"),
	CONSTRAINT "sso_providers_role_check" CHECK ("sso_providers"."new_user_role_key" in ('organisationadministrator', 'organisationmember')),
	CONSTRAINT "sso_providers_subscription_check" CHECK ("sso_providers"."new_user_subscription" in ('basic', 'pro'))
);
--> statement-breakpoint
CREATE TABLE "sso_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"provider_id" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sso_providers" ADD CONSTRAINT "sso_providers_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sso_providers" ADD CONSTRAINT "sso_providers_break_glass_user_id_user_id_fk" FOREIGN KEY ("break_glass_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sso_domains" ADD CONSTRAINT "sso_domains_provider_id_sso_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."sso_providers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "sso_domains_provider_id_idx" ON "sso_domains" USING btree ("provider_id");
