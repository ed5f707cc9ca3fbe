CREATE TABLE "webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"order_id" uuid,
	"order_event_id" bigint,
	"occurred_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"job_sequence" integer DEFAULT 0 NOT NULL,
	"body" text,
	"request_headers" jsonb,
	"response_status" integer,
	"response_headers" jsonb,
	"response_body" text,
	"outcome" text,
	"first_attempt_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"events" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"failing_since" timestamp with time zone,
	"backing_off_until" timestamp with time zone,
	"secret_encrypted" text NOT NULL,
	"previous_secret_encrypted" text,
	"previous_secret_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("company_id","endpoint_id","id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_pending_order_idx" ON "webhook_deliveries" USING btree ("endpoint_id","order_id","id") WHERE state = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_created_idx" ON "webhook_deliveries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_company_idx" ON "webhook_endpoints" USING btree ("company_id");--> statement-breakpoint
-- Webhook events come from the order's audit trail by construction (decision 0086): every row of
-- order_events whose type the catalogue maps writes, in the same transaction, one delivery per
-- enabled endpoint of the company subscribed to it, and the job that sends it. No write path can
-- forget to emit; a change rolled back emits nothing. A move's row carries from/to: a new start is
-- order.rescheduled, new inspectors order.inspector_changed (both when both changed).
CREATE FUNCTION webhook_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kinds text[];
  kind text;
  new_event_id text;
BEGIN
  kinds := CASE NEW.type
    WHEN 'confirmed' THEN ARRAY['order.confirmed']
    WHEN 'cancelled' THEN ARRAY['order.cancelled']
    WHEN 'paid' THEN ARRAY['order.paid']
    -- A late fee charged to the card saved at booking (decision 0081): money received too.
    WHEN 'fee_charged' THEN ARRAY['order.paid']
    -- The office's ledger entry: money in (a payment) or out (a refund by check or cash).
    WHEN 'payment_recorded' THEN
      CASE WHEN NEW.data ->> 'kind' = 'refund' THEN ARRAY['order.refunded'] ELSE ARRAY['order.paid'] END
    WHEN 'refunded' THEN ARRAY['order.refunded']
    WHEN 'edited' THEN ARRAY['order.updated']
    WHEN 'agreement_signed' THEN ARRAY['agreement.signed']
    WHEN 'rescheduled' THEN array_remove(ARRAY[
      CASE WHEN (NEW.data #>> '{from,start}') IS DISTINCT FROM (NEW.data #>> '{to,start}') THEN 'order.rescheduled' END,
      CASE WHEN (NEW.data #> '{from,inspectors}') IS DISTINCT FROM (NEW.data #> '{to,inspectors}') THEN 'order.inspector_changed' END
    ], NULL)
    ELSE NULL
  END;
  -- A person's data erased from the order (decision 0078): the log's copies of the order go too.
  -- A delivery still pending is written anew from the erased order when it is sent.
  IF NEW.type = 'personal_data_erased' THEN
    UPDATE webhook_deliveries SET body = NULL, request_headers = NULL, response_body = NULL
    WHERE company_id = NEW.company_id AND order_id = NEW.order_id;
    RETURN NULL;
  END IF;
  IF kinds IS NULL THEN RETURN NULL; END IF;
  FOREACH kind IN ARRAY kinds LOOP
    -- One id per event, the same to every endpoint: receivers de-duplicate on it.
    new_event_id := 'evt_' || replace(gen_random_uuid()::text, '-', '');
    WITH delivery AS (
      INSERT INTO webhook_deliveries (company_id, endpoint_id, event_id, event_type, order_id, order_event_id, occurred_at, created_at)
      SELECT e.company_id, e.id, new_event_id, kind, NEW.order_id, NEW.id, NEW.created_at, NEW.created_at
      FROM webhook_endpoints e
      WHERE e.company_id = NEW.company_id AND e.enabled AND e.events ? kind
      RETURNING id, company_id, created_at)
    INSERT INTO jobs (company_id, kind, dedupe_key, payload, run_at)
    SELECT company_id, 'webhook_delivery', 'webhook:' || id || ':0', jsonb_build_object('delivery_id', id), created_at
    FROM delivery;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_events_webhooks AFTER INSERT ON order_events
  FOR EACH ROW EXECUTE FUNCTION webhook_outbox();
