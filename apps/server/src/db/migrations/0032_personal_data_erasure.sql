ALTER TABLE "companies" ADD COLUMN "privacy_settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "personal_data_erased_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_personal_data_due_idx" ON "orders" USING btree ("company_id","datetime") WHERE personal_data_erased_at is null and status <> 'draft';