CREATE TABLE "calendar_event_removals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"time_zone" text NOT NULL,
	"credentials_encrypted" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "api_key_id" uuid;--> statement-breakpoint
ALTER TABLE "calendar_event_removals" ADD CONSTRAINT "calendar_event_removals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_endpoints_api_key_idx" ON "webhook_endpoints" USING btree ("api_key_id") WHERE api_key_id is not null;--> statement-breakpoint
-- Decision 0104: no job's row holds calendar credentials. Removal jobs queued before this carried
-- them sealed in their payload until pruned: taken out (a removal still pending at the upgrade
-- then ends as BAD_PAYLOAD, its events staying in the calendar).
UPDATE "jobs" SET "payload" = "payload" - 'credentials' WHERE "kind" = 'calendar_remove_events';
