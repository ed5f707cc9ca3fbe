CREATE TABLE "order_messages" (
	"job_id" bigint PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text NOT NULL,
	"outcome" text,
	"attempts" integer NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone NOT NULL,
	"bounced_at" timestamp with time zone,
	"bounce_reason" text
);
--> statement-breakpoint
CREATE TABLE "retention_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"deleted" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"batches" integer DEFAULT 0 NOT NULL,
	"error" text
);
--> statement-breakpoint
DROP INDEX "jobs_order_idx";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "order_id" uuid;--> statement-breakpoint
-- Issue 49 (decision 0074): the order a job concerns, from its payload, set-based. Only a
-- well-formed uuid is copied (every order's is); anything else stays null rather than failing.
UPDATE "jobs" SET "order_id" = ("payload"->>'order_id')::uuid
WHERE "payload"->>'order_id' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_company_id_order_id_orders_company_id_id_fk" FOREIGN KEY ("company_id","order_id") REFERENCES "public"."orders"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The finished messages the order pages list, kept apart from their jobs (as completeJob writes them).
INSERT INTO "order_messages"
  ("job_id", "company_id", "order_id", "kind", "dedupe_key", "payload", "state", "outcome", "attempts", "run_at", "done_at", "bounced_at", "bounce_reason")
SELECT j."id", j."company_id", j."order_id", j."kind", j."dedupe_key", j."payload",
  CASE WHEN j."bounced_at" IS NOT NULL THEN 'bounced' WHEN j."last_error" IS NULL THEN 'sent' ELSE 'skipped' END,
  j."last_error", j."attempts", j."run_at", j."done_at", j."bounced_at", j."bounce_reason"
FROM "jobs" j
WHERE j."company_id" IS NOT NULL AND j."order_id" IS NOT NULL AND j."done_at" IS NOT NULL
  AND j."kind" IN ('confirmation_email', 'reminder_email', 'payment_receipt_email', 'sms', 'change_email')
  AND EXISTS (SELECT 1 FROM "orders" o WHERE o."company_id" = j."company_id" AND o."id" = j."order_id");--> statement-breakpoint
CREATE INDEX "order_messages_order_idx" ON "order_messages" USING btree ("company_id","order_id");--> statement-breakpoint
CREATE INDEX "jobs_company_order_idx" ON "jobs" USING btree ("company_id","order_id");--> statement-breakpoint
CREATE INDEX "jobs_done_idx" ON "jobs" USING btree ("done_at") WHERE done_at is not null;--> statement-breakpoint
CREATE INDEX "jobs_bounced_idx" ON "jobs" USING btree ("done_at") WHERE bounced_at is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_retention_dedupe_unique" ON "jobs" USING btree ("dedupe_key") WHERE kind = 'retention_prune';