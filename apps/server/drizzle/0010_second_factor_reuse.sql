-- Two-factor codes are accepted once (decision 021): the time step (Unix time / 30 s) of the last code
-- accepted for this key; a code of that step or an earlier one is refused, on every server instance.
ALTER TABLE "two_factor" ADD COLUMN "last_accepted_step" bigint;--> statement-breakpoint
-- "Trust this device" is not offered (decision 021): trusts handed out through the API before end here.
DELETE FROM "verification" WHERE "identifier" LIKE 'trust-device-%';
