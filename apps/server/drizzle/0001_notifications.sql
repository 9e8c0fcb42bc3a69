CREATE TABLE "notifications" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"was_read" boolean DEFAULT false NOT NULL,
	"mouse_over" boolean DEFAULT false NOT NULL,
	"content" jsonb NOT NULL,
	"batch_id" uuid
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_id_date_idx" ON "notifications" USING btree ("user_id","date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_batch_id_idx" ON "notifications" USING btree ("batch_id") WHERE "notifications"."batch_id" is not null;