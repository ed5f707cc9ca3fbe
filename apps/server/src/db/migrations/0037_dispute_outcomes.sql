ALTER TABLE "order_ledger" ADD COLUMN "dispute_id" text;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD COLUMN "status" text;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD COLUMN "status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD COLUMN "funds_withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD COLUMN "funds_reinstated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_ledger" ADD CONSTRAINT "order_ledger_dispute_unique" UNIQUE("company_id","dispute_id");