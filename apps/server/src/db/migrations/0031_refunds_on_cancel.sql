ALTER TABLE "payments_to_refund" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments_to_refund" ADD COLUMN "stripe_refund_id" text;