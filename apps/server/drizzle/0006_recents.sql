CREATE TABLE "recent_items" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recent_items_user_id_kind_name_pk" PRIMARY KEY("user_id","kind","name"),
	CONSTRAINT "recent_items_kind_check" CHECK ("recent_items"."kind" in ('report', 'dashboard'))
);
--> statement-breakpoint
ALTER TABLE "recent_items" ADD CONSTRAINT "recent_items_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recent_items_user_id_opened_at_idx" ON "recent_items" USING btree ("user_id","opened_at" DESC NULLS LAST);