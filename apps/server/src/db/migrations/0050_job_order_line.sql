DROP INDEX "jobs_due_idx";--> statement-breakpoint
CREATE INDEX "jobs_order_pending_idx" ON "jobs" USING btree ("company_id","order_id") WHERE done_at is null and order_id is not null;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at","id") WHERE done_at is null;