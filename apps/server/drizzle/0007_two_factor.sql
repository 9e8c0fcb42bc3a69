-- Two-factor sign-in (decision 021): better-auth's two-factor plugin keeps one row per user (TOTP key and
-- recovery codes, both encrypted with AUTH_SECRET); `user.two_factor_enabled` is the plugin's own flag.
CREATE TABLE "two_factor" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" text NOT NULL,
	"verified" boolean DEFAULT true NOT NULL,
	"failed_verification_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "two_factor" ADD CONSTRAINT "two_factor_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "two_factor_user_id_idx" ON "two_factor" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "two_factor_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- How the session was signed in: 'password' (with a second factor when the user has one) or 'sso'
-- (single sign-on: the organisation's provider decides about a second factor, so the policy exempts it).
ALTER TABLE "session" ADD COLUMN "sign_in_method" text DEFAULT 'password' NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "require_two_factor" boolean DEFAULT false NOT NULL;
