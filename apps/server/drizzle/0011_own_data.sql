-- The organisation's own data (docs/decisions/027-reports-over-own-data.md): data sources, report
-- definitions, user attributes, uploaded tables and the query log; query reports and definition tiles.
CREATE TABLE "data_sources" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"name" text NOT NULL,
	"title_en" text NOT NULL,
	"title_de" text,
	"title_de_at" text,
	"kind" text NOT NULL,
	"connection" jsonb,
	"password_sealed" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_sources_kind_check" CHECK ("data_sources"."kind" in ('postgres', 'mysql', 'uploads')),
	CONSTRAINT "data_sources_connection_check" CHECK (("data_sources"."kind" = 'uploads') = ("data_sources"."connection" is null))
);
--> statement-breakpoint
CREATE TABLE "report_definitions" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"name" text NOT NULL,
	"data_source_id" text NOT NULL,
	"body" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_attributes" (
	"user_id" text PRIMARY KEY NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"from_single_sign_on" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "query_log" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" text,
	"data_source_name" text,
	"definition_name" text,
	"target" text,
	"purpose" text NOT NULL,
	"parameters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rows" integer,
	"milliseconds" integer NOT NULL,
	"cache_hit" boolean DEFAULT false NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "uploaded_tables" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"data_source_id" text NOT NULL,
	"name" text NOT NULL,
	"columns" jsonb NOT NULL,
	"row_count" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_kind_check";--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_kind_fields_check";--> statement-breakpoint
ALTER TABLE "dashboard_tiles" ALTER COLUMN "query_key" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "definition_name" text;--> statement-breakpoint
ALTER TABLE "dashboards" ADD COLUMN "parameters" jsonb;--> statement-breakpoint
ALTER TABLE "dashboard_tiles" ADD COLUMN "definition_name" text;--> statement-breakpoint
ALTER TABLE "dashboard_tiles" ADD COLUMN "visual" text;--> statement-breakpoint
ALTER TABLE "dashboard_tiles" ADD COLUMN "values" jsonb;--> statement-breakpoint
ALTER TABLE "data_sources" ADD CONSTRAINT "data_sources_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_definitions" ADD CONSTRAINT "report_definitions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_definitions" ADD CONSTRAINT "report_definitions_data_source_id_data_sources_id_fk" FOREIGN KEY ("data_source_id") REFERENCES "public"."data_sources"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_attributes" ADD CONSTRAINT "user_attributes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "query_log" ADD CONSTRAINT "query_log_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_tables" ADD CONSTRAINT "uploaded_tables_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_tables" ADD CONSTRAINT "uploaded_tables_data_source_id_data_sources_id_fk" FOREIGN KEY ("data_source_id") REFERENCES "public"."data_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_sources_organisation_name_uq" ON "data_sources" USING btree ("organisation_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "report_definitions_organisation_name_uq" ON "report_definitions" USING btree ("organisation_id","name");--> statement-breakpoint
CREATE INDEX "report_definitions_data_source_idx" ON "report_definitions" USING btree ("data_source_id");--> statement-breakpoint
CREATE INDEX "query_log_organisation_at_idx" ON "query_log" USING btree ("organisation_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "uploaded_tables_source_name_uq" ON "uploaded_tables" USING btree ("data_source_id","name");--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_kind_check" CHECK ("reports"."kind" in ('builtin', 'query', 'embedded', 'external'));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_kind_fields_check" CHECK (("reports"."kind" = 'builtin' and "reports"."query_key" is not null)
        or ("reports"."kind" = 'query' and "reports"."definition_name" is not null)
        or ("reports"."kind" = 'embedded' and "reports"."frame_url" is not null)
        or ("reports"."kind" = 'external' and "reports"."external_url" ~ '^https?://'));--> statement-breakpoint
ALTER TABLE "dashboard_tiles" ADD CONSTRAINT "dashboard_tiles_source_check" CHECK (("dashboard_tiles"."query_key" is null) <> ("dashboard_tiles"."definition_name" is null));
