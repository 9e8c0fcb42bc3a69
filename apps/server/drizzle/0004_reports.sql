CREATE TABLE "product_categories" (
	"id" smallint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 32767 START WITH 1 CACHE 1),
	"organisation_id" text NOT NULL,
	"code" text NOT NULL,
	"name_en" text NOT NULL,
	"name_de" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" smallint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 32767 START WITH 1 CACHE 1),
	"organisation_id" text NOT NULL,
	"category_id" smallint NOT NULL,
	"code" text NOT NULL,
	"name_en" text NOT NULL,
	"name_de" text NOT NULL,
	"unit_price" numeric(10, 2) NOT NULL,
	"unit_cost" numeric(10, 2) NOT NULL,
	CONSTRAINT "products_price_check" CHECK ("products"."unit_price" > 0 and "products"."unit_cost" > 0)
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"query_key" text,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"frame_url" text,
	"external_url" text,
	CONSTRAINT "reports_kind_check" CHECK ("reports"."kind" in ('builtin', 'embedded', 'external')),
	CONSTRAINT "reports_kind_fields_check" CHECK (("reports"."kind" = 'builtin' and "reports"."query_key" is not null)
        or ("reports"."kind" = 'embedded' and "reports"."frame_url" is not null)
        or ("reports"."kind" = 'external' and "reports"."external_url" ~ '^https?://'))
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"organisation_id" text NOT NULL,
	"sale_date" date NOT NULL,
	"region_id" smallint NOT NULL,
	"store_id" smallint NOT NULL,
	"category_id" smallint NOT NULL,
	"product_id" smallint NOT NULL,
	"quantity" integer NOT NULL,
	"revenue" numeric(12, 2) NOT NULL,
	"cost" numeric(12, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_daily" (
	"organisation_id" text NOT NULL,
	"sale_date" date NOT NULL,
	"region_id" smallint NOT NULL,
	"store_id" smallint NOT NULL,
	"category_id" smallint NOT NULL,
	"quantity" bigint NOT NULL,
	"revenue" numeric(16, 2) NOT NULL,
	"cost" numeric(16, 2) NOT NULL,
	"lines" integer NOT NULL,
	CONSTRAINT "sales_daily_organisation_id_sale_date_store_id_category_id_pk" PRIMARY KEY("organisation_id","sale_date","store_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "sales_daily_products" (
	"organisation_id" text NOT NULL,
	"sale_date" date NOT NULL,
	"product_id" smallint NOT NULL,
	"category_id" smallint NOT NULL,
	"quantity" bigint NOT NULL,
	"revenue" numeric(16, 2) NOT NULL,
	"cost" numeric(16, 2) NOT NULL,
	CONSTRAINT "sales_daily_products_organisation_id_sale_date_product_id_pk" PRIMARY KEY("organisation_id","sale_date","product_id")
);
--> statement-breakpoint
CREATE TABLE "sales_datasets" (
	"organisation_id" text PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"lines_per_day" integer NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	"row_count" bigint NOT NULL,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_regions" (
	"id" smallint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sales_regions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 32767 START WITH 1 CACHE 1),
	"organisation_id" text NOT NULL,
	"code" text NOT NULL,
	"name_en" text NOT NULL,
	"name_de" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_stores" (
	"id" smallint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sales_stores_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 32767 START WITH 1 CACHE 1),
	"organisation_id" text NOT NULL,
	"region_id" smallint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"weight" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_tiles" (
	"id" text PRIMARY KEY NOT NULL,
	"dashboard_id" text NOT NULL,
	"position" integer NOT NULL,
	"tile_type" text NOT NULL,
	"query_key" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"title_en" text NOT NULL,
	"title_de" text NOT NULL,
	"width" smallint DEFAULT 6 NOT NULL,
	CONSTRAINT "dashboard_tiles_type_check" CHECK ("dashboard_tiles"."tile_type" in ('kpi', 'line', 'bar', 'table')),
	CONSTRAINT "dashboard_tiles_width_check" CHECK ("dashboard_tiles"."width" between 1 and 12)
);
--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_product_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_datasets" ADD CONSTRAINT "sales_datasets_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_regions" ADD CONSTRAINT "sales_regions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_stores" ADD CONSTRAINT "sales_stores_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_stores" ADD CONSTRAINT "sales_stores_region_id_sales_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."sales_regions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_tiles" ADD CONSTRAINT "dashboard_tiles_dashboard_id_dashboards_id_fk" FOREIGN KEY ("dashboard_id") REFERENCES "public"."dashboards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_categories_organisation_code_uq" ON "product_categories" USING btree ("organisation_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "products_organisation_code_uq" ON "products" USING btree ("organisation_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_organisation_name_uq" ON "reports" USING btree ("organisation_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_regions_organisation_code_uq" ON "sales_regions" USING btree ("organisation_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_stores_organisation_code_uq" ON "sales_stores" USING btree ("organisation_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "dashboard_tiles_dashboard_position_uq" ON "dashboard_tiles" USING btree ("dashboard_id","position");