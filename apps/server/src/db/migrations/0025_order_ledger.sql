CREATE TABLE "order_ledger" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"reference" text,
	"note" text,
	"received_on" date NOT NULL,
	"checkout_session_id" text,
	"recorded_by_user_id" text,
	"recorded_by_name" text,
	"recorded_at" timestamp with time zone NOT NULL,
	"voided_at" timestamp with time zone,
	"voided_by_user_id" text,
	"voided_by_name" text,
	"void_reason" text,
	CONSTRAINT "order_ledger_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "order_ledger_checkout_session_unique" UNIQUE("company_id","checkout_session_id"),
	CONSTRAINT "order_ledger_amount_bounds" CHECK ("order_ledger"."amount_cents" between 1 and 100000000),
	CONSTRAINT "order_ledger_reference_length" CHECK (char_length("order_ledger"."reference") <= 100),
	CONSTRAINT "order_ledger_note_length" CHECK (char_length("order_ledger"."note") <= 500),
	CONSTRAINT "order_ledger_void_reason_length" CHECK (char_length("order_ledger"."void_reason") between 1 and 500)
);
--> statement-breakpoint
ALTER TABLE "order_ledger" ADD CONSTRAINT "order_ledger_company_id_order_id_orders_company_id_id_fk" FOREIGN KEY ("company_id","order_id") REFERENCES "public"."orders"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_ledger_order_idx" ON "order_ledger" USING btree ("company_id","order_id","recorded_at");--> statement-breakpoint
CREATE INDEX "order_ledger_received_idx" ON "order_ledger" USING btree ("company_id","received_on");--> statement-breakpoint
-- The online payments made before the ledger: one entry each, from its `paid` audit event, received on the office's date.
INSERT INTO "order_ledger" ("company_id", "order_id", "kind", "method", "amount_cents", "currency", "received_on", "checkout_session_id", "recorded_at")
SELECT e."company_id", e."order_id", 'payment', 'online', (e."data"->>'amount_cents')::int, upper(e."data"->>'currency'),
  (e."created_at" AT TIME ZONE f."time_zone")::date, e."data"->>'session_id', e."created_at"
FROM "order_events" e
JOIN "orders" o ON o."company_id" = e."company_id" AND o."id" = e."order_id"
JOIN "offices" f ON f."company_id" = o."company_id" AND f."id" = o."office_id"
WHERE e."type" = 'paid' AND e."data"->>'amount_cents' ~ '^[0-9]{1,9}$'
  AND (e."data"->>'amount_cents')::int BETWEEN 1 AND 100000000 AND e."data"->>'currency' IS NOT NULL
ON CONFLICT DO NOTHING;
