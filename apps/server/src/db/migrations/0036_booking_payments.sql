CREATE TABLE "booking_payments" (
	"company_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"checkout_session_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"kind" text NOT NULL,
	"save_card" boolean NOT NULL,
	"state" text NOT NULL,
	"confirm_request" jsonb NOT NULL,
	"checkout_url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "booking_payments_company_id_checkout_session_id_pk" PRIMARY KEY("company_id","checkout_session_id"),
	CONSTRAINT "booking_payments_amount_bounds" CHECK ("booking_payments"."amount_cents" between 0 and 100000000)
);
--> statement-breakpoint
ALTER TABLE "booking_payments" ADD CONSTRAINT "booking_payments_company_id_order_id_orders_company_id_id_fk" FOREIGN KEY ("company_id","order_id") REFERENCES "public"."orders"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_payments_order_idx" ON "booking_payments" USING btree ("company_id","order_id","created_at");