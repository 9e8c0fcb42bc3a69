-- Row rules (docs/decisions/044-row-rules.md): per data source and table, "column = user attribute"; the
-- executor filters every reference of the table by it. `schema_name` '' matches any schema.
CREATE TABLE "data_source_row_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"data_source_id" text NOT NULL,
	"schema_name" text DEFAULT '' NOT NULL,
	"table_name" text NOT NULL,
	"column_name" text NOT NULL,
	"attribute" text NOT NULL,
	"administrators_see_all" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "data_source_row_rules_uq" ON "data_source_row_rules" USING btree ("data_source_id","schema_name","table_name","column_name");
--> statement-breakpoint
ALTER TABLE "data_source_row_rules" ADD CONSTRAINT "data_source_row_rules_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "data_source_row_rules" ADD CONSTRAINT "data_source_row_rules_data_source_id_data_sources_id_fk" FOREIGN KEY ("data_source_id") REFERENCES "public"."data_sources"("id") ON DELETE cascade ON UPDATE no action;
