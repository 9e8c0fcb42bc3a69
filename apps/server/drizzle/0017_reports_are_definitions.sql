-- Decision 027: the built-in report kind and its reviewed TypeScript queries are gone; every report runs a
-- report definition. A stored built-in report item becomes a query report naming the definition the demo
-- catalogues wrote for its query (same name: sales-overview, product-mix, region-performance,
-- product-ranking, sales-trend, margin-detail) when its organisation has one; its range and grouping
-- become the definition's `period` and `grouping` values where the definition declares them (a grouping
-- only when it is one of the definition's choices). Otherwise the report is removed: the menu item stays,
-- listed as "not available yet", so pins, subscriptions and links to it keep their name. A built-in tile
-- becomes a tile of that definition showing its visual of the tile's kind (a chart of the same id if it
-- has one, else its first chart); a tile with no such definition or visual is removed.
UPDATE "reports" AS r
SET "kind" = 'query',
    "definition_name" = r."query_key",
    "params" = jsonb_strip_nulls(jsonb_build_object(
      'period', CASE WHEN d."body"->'parameters' @> '[{"name": "period"}]'::jsonb THEN jsonb_build_object('preset',
        CASE WHEN r."params"->>'range' IN ('last-30-days', 'last-12-months', 'this-year', 'last-year', 'all')
          THEN r."params"->>'range' ELSE 'this-year' END) END,
      'grouping', CASE WHEN d."body"->'parameters' @> jsonb_build_array(jsonb_build_object(
        'name', 'grouping', 'options', jsonb_build_array(jsonb_build_object('value', r."params"->>'grouping'))))
        THEN r."params"->'grouping' END))
FROM "report_definitions" AS d
WHERE r."kind" = 'builtin' AND d."organisation_id" = r."organisation_id" AND d."name" = r."query_key";--> statement-breakpoint
DELETE FROM "reports" WHERE "kind" = 'builtin';--> statement-breakpoint
ALTER TABLE "dashboard_tiles" DROP CONSTRAINT "dashboard_tiles_source_check";--> statement-breakpoint
UPDATE "dashboard_tiles" AS t
SET "definition_name" = d."name",
    "visual" = (
      SELECT v->>'id' FROM jsonb_array_elements(d."body"->'visuals') WITH ORDINALITY AS visuals(v, n)
      WHERE v->>'type' = CASE t."tile_type" WHEN 'kpi' THEN 'kpi' WHEN 'table' THEN 'table' ELSE 'chart' END
      ORDER BY (v->>'id' = replace(coalesce(t."params"->>'chart', ''), '-', '_')) DESC, n
      LIMIT 1),
    "values" = jsonb_strip_nulls(jsonb_build_object(
      'period', CASE WHEN d."body"->'parameters' @> '[{"name": "period"}]'::jsonb THEN jsonb_build_object('preset',
        CASE WHEN t."params"->>'range' IN ('last-30-days', 'last-12-months', 'this-year', 'last-year', 'all')
          THEN t."params"->>'range' ELSE 'this-year' END) END,
      'grouping', CASE WHEN d."body"->'parameters' @> jsonb_build_array(jsonb_build_object(
        'name', 'grouping', 'options', jsonb_build_array(jsonb_build_object('value', t."params"->>'grouping'))))
        THEN t."params"->'grouping' END))
FROM "dashboards" AS b, "report_definitions" AS d
WHERE t."query_key" IS NOT NULL AND b."id" = t."dashboard_id"
  AND d."organisation_id" = b."organisation_id" AND d."name" = t."query_key";--> statement-breakpoint
DELETE FROM "dashboard_tiles" WHERE "definition_name" IS NULL OR ("query_key" IS NOT NULL AND "visual" IS NULL);--> statement-breakpoint
ALTER TABLE "dashboard_tiles" DROP COLUMN "query_key";--> statement-breakpoint
ALTER TABLE "dashboard_tiles" DROP COLUMN "params";--> statement-breakpoint
ALTER TABLE "dashboard_tiles" ALTER COLUMN "definition_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_kind_check";--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_kind_fields_check";--> statement-breakpoint
ALTER TABLE "reports" DROP COLUMN "query_key";--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_kind_check" CHECK ("reports"."kind" in ('query', 'embedded', 'external'));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_kind_fields_check" CHECK (("reports"."kind" = 'query' and "reports"."definition_name" is not null)
        or ("reports"."kind" = 'embedded' and "reports"."frame_url" is not null)
        or ("reports"."kind" = 'external' and "reports"."external_url" ~ '^https?://'));
