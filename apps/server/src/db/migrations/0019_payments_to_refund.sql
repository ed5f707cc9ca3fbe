CREATE TABLE "payments_to_refund" (
	"company_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"checkout_session_id" text NOT NULL,
	"payment_intent_id" text,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_to_refund_company_id_checkout_session_id_pk" PRIMARY KEY("company_id","checkout_session_id"),
	CONSTRAINT "payments_to_refund_amount_not_negative" CHECK ("payments_to_refund"."amount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "payments_to_refund" ADD CONSTRAINT "payments_to_refund_company_id_order_id_orders_company_id_id_fk" FOREIGN KEY ("company_id","order_id") REFERENCES "public"."orders"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_to_refund_order_idx" ON "payments_to_refund" USING btree ("company_id","order_id");