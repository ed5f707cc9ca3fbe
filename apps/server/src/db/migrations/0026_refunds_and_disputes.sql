CREATE TABLE "payment_disputes" (
	"company_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"dispute_id" text NOT NULL,
	"payment_intent_id" text,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"disputed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_disputes_company_id_dispute_id_pk" PRIMARY KEY("company_id","dispute_id"),
	CONSTRAINT "payment_disputes_amount_not_negative" CHECK ("payment_disputes"."amount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_ledger" ADD COLUMN "refund_of" uuid;--> statement-breakpoint
ALTER TABLE "order_ledger" ADD COLUMN "stripe_refund_id" text;--> statement-breakpoint
ALTER TABLE "order_ledger" ADD COLUMN "request_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_company_id_order_id_orders_company_id_id_fk" FOREIGN KEY ("company_id","order_id") REFERENCES "public"."orders"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_disputes_order_idx" ON "payment_disputes" USING btree ("company_id","order_id");--> statement-breakpoint
ALTER TABLE "order_ledger" ADD CONSTRAINT "order_ledger_stripe_refund_unique" UNIQUE("company_id","stripe_refund_id");--> statement-breakpoint
ALTER TABLE "order_ledger" ADD CONSTRAINT "order_ledger_request_unique" UNIQUE("company_id","request_id");