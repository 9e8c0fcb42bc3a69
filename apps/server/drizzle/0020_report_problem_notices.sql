-- A broken report definition its owners were told about (docs/decisions/046-broken-reports-and-their-owners.md):
-- one row per definition and failure kind, deleted when a run of the definition succeeds again.
CREATE TABLE "report_problem_notices" (
	"organisation_id" text NOT NULL,
	"definition_name" text NOT NULL,
	"kind" text NOT NULL,
	"notified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_problem_notices_organisation_id_definition_name_kind_pk" PRIMARY KEY("organisation_id","definition_name","kind")
);
--> statement-breakpoint
ALTER TABLE "report_problem_notices" ADD CONSTRAINT "report_problem_notices_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
