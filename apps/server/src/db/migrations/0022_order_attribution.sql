DROP INDEX "funnel_events_order_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "attribution" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "funnel_events_order_step_idx" ON "funnel_events" USING btree ("order_id","name","step");