CREATE INDEX "webhook_deliveries_order_idx" ON "webhook_deliveries" USING btree ("company_id","order_id") WHERE order_id is not null;--> statement-breakpoint
-- A person's erasure scrubs the webhook log itself (decision 0101): only the deliveries that carry
-- the person, a marker in place of an ended one's body, and their count in the erasure's audit
-- event, which a trigger firing on that event cannot write. The outbox no longer clears the
-- order's whole log on `personal_data_erased` (migration 0040); the event maps to no webhook.
CREATE OR REPLACE FUNCTION webhook_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
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
