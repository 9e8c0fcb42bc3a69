ALTER TABLE "sso_domains" DROP CONSTRAINT "sso_domains_pkey";
--> statement-breakpoint
ALTER TABLE "sso_domains" ADD COLUMN "verified_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "sso_domains" ADD CONSTRAINT "sso_domains_provider_id_domain_pk" PRIMARY KEY("provider_id","domain");
--> statement-breakpoint
CREATE UNIQUE INDEX "sso_domains_verified_domain_uq" ON "sso_domains" USING btree ("domain") WHERE "sso_domains"."verified_at" is not null;
--> statement-breakpoint
-- The break-glass exemption (decision 020) belongs to an active administrator only: whatever path demotes
-- or deactivates the user (management, a script), the exemption ends with it.
CREATE FUNCTION "sso_clear_break_glass"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "sso_providers" SET "break_glass_user_id" = NULL WHERE "break_glass_user_id" = NEW."id";
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "user_break_glass_ends" AFTER UPDATE OF "role_key", "active" ON "user"
  FOR EACH ROW WHEN (NEW."role_key" <> 'organisationadministrator' OR NOT NEW."active")
  EXECUTE FUNCTION "sso_clear_break_glass"();
