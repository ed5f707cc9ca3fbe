-- Decision 0108: the indexes of `orders` that only booked and cancelled orders are looked up by
-- hold no drafts. A visitor's every step rewrites its draft's row (and the trigger of migration
-- 0041 bumps updated_at, an indexed column, so the update is never HOT): each step used to add the
-- row to all nine indexes of the table, the address's trigrams among them. Now a draft enters only
-- the indexes that find drafts (the key, the company's key, the funnel's, the pruning's); it
-- enters the others once, when it is booked. Every read of these indexes names the statuses it
-- wants (confirmed, cancelled), which the planner proves implies the indexes' condition.
DROP INDEX "orders_company_datetime_id_idx";--> statement-breakpoint
DROP INDEX "orders_company_updated_id_idx";--> statement-breakpoint
CREATE INDEX "orders_company_datetime_id_idx" ON "orders" USING btree ("company_id","datetime","id") WHERE status <> 'draft';--> statement-breakpoint
CREATE INDEX "orders_company_updated_id_idx" ON "orders" USING btree ("company_id","updated_at","id") WHERE status <> 'draft';--> statement-breakpoint
-- hand-written: the order lists' text search (migration 0021) looks in booked and cancelled orders only.
DROP INDEX "orders_search_text_trgm_idx";--> statement-breakpoint
CREATE INDEX orders_search_text_trgm_idx ON orders USING gin (company_id, search_text gin_trgm_ops) WHERE status <> 'draft';
