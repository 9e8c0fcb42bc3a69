-- Decision 030: the culture is "automatic" (follows the UI language) unless the user chose one. A stored
-- culture equal to what the language gives was set from the language when the user was created.
ALTER TABLE "user" ALTER COLUMN "ui_culture" SET DEFAULT 'auto';--> statement-breakpoint
UPDATE "user" SET "ui_culture" = 'auto'
WHERE ("ui_language" = 'en' AND "ui_culture" = 'en-GB')
   OR ("ui_language" = 'de-DE' AND "ui_culture" = 'de-DE')
   OR ("ui_language" = 'de-AT' AND "ui_culture" = 'de-AT');
