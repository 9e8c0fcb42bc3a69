CREATE TABLE "management_activity" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"actor_user_id" text,
	"actor_name" text NOT NULL,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"target" text NOT NULL,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dashboard_groups" ALTER COLUMN "title_de" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboards" ALTER COLUMN "title_de" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_groups" ALTER COLUMN "title_de" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_items" ALTER COLUMN "title_de" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_tiles" ALTER COLUMN "title_de" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_groups" ADD COLUMN "title_de_at" text;--> statement-breakpoint
ALTER TABLE "dashboard_groups" ADD COLUMN "icon" text;--> statement-breakpoint
ALTER TABLE "dashboard_groups" ADD COLUMN "audience_roles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_groups" ADD COLUMN "audience_subscriptions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboards" ADD COLUMN "title_de_at" text;--> statement-breakpoint
ALTER TABLE "dashboards" ADD COLUMN "sub_title_de_at" text;--> statement-breakpoint
ALTER TABLE "dashboards" ADD COLUMN "featured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboards" ADD COLUMN "audience_roles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboards" ADD COLUMN "audience_subscriptions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_groups" ADD COLUMN "title_de_at" text;--> statement-breakpoint
ALTER TABLE "menu_groups" ADD COLUMN "audience_roles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_groups" ADD COLUMN "audience_subscriptions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "title_de_at" text;--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "sub_title_de_at" text;--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "featured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "audience_roles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "audience_subscriptions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_tiles" ADD COLUMN "title_de_at" text;--> statement-breakpoint
ALTER TABLE "management_activity" ADD CONSTRAINT "management_activity_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "management_activity_org_created_idx" ON "management_activity" USING btree ("organisation_id","created_at" DESC NULLS LAST);