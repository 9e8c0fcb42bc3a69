-- Single sign-on sets user attributes (decision 027): which claim of the provider fills which attribute
-- key, e.g. {"region": "region", "cost_centre": "extension_costCentre"}.
ALTER TABLE "sso_providers" ADD COLUMN "attribute_claims" jsonb DEFAULT '{}'::jsonb NOT NULL;
