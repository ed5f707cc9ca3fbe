-- The order lists page by keyset on (datetime, id) and the CSV reads by it in batches (decision 0071):
-- the (company, datetime) index with the id as its last column, so a page is one range read in order.
CREATE INDEX "orders_company_datetime_id_idx" ON "orders" USING btree ("company_id","datetime","id");--> statement-breakpoint
DROP INDEX "orders_company_datetime_idx";