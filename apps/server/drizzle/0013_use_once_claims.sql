-- Use-once keys (redeemed integrity challenges) while Redis is away (decision 009 "Outages"): in the
-- database every instance shares, so a single use stays single across instances.
CREATE TABLE "use_once_claims" (
	"key" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
