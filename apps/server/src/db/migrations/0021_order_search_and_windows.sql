ALTER TABLE "order_parties" ADD COLUMN "search_text" text GENERATED ALWAYS AS ((' ' || people_fold(coalesce(person->>'first', '') || ' ' || coalesce(person->>'last', '') || ' ' || coalesce(person->>'email', '')))) STORED;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "search_text" text GENERATED ALWAYS AS ((' ' || people_fold(address1 || ' ' || address2 || ' ' || city || ' ' || postal_code))) STORED;--> statement-breakpoint
CREATE INDEX "jobs_order_idx" ON "jobs" USING btree ("company_id",("payload"->>'order_id'));--> statement-breakpoint
CREATE INDEX "orders_company_datetime_idx" ON "orders" USING btree ("company_id","datetime");--> statement-breakpoint
CREATE INDEX "orders_company_office_created_idx" ON "orders" USING btree ("company_id","office_id","created_at");--> statement-breakpoint
-- hand-written: the order lists' text search, one company's matches found through an index (issue 48).
-- btree_gin lets one GIN index hold the company and the search text's trigrams, so that a search
-- reads the company's matches, not every company's. Trusted, and in PGlite's contrib.
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE INDEX order_parties_search_text_trgm_idx ON order_parties USING gin (company_id, search_text gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX orders_search_text_trgm_idx ON orders USING gin (company_id, search_text gin_trgm_ops);
