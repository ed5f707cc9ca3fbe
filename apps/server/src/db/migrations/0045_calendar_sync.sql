CREATE TABLE "calendar_booking_events" (
	"company_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"inspector_id" integer NOT NULL,
	"connection_id" uuid NOT NULL,
	"calendar_id" text NOT NULL,
	"event_ref" text NOT NULL,
	"uid" text NOT NULL,
	"etag" text,
	"written_start" timestamp with time zone NOT NULL,
	"written_end" timestamp with time zone NOT NULL,
	"content_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_booking_events_company_id_order_id_inspector_id_pk" PRIMARY KEY("company_id","order_id","inspector_id")
);
--> statement-breakpoint
CREATE TABLE "calendar_busy" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"inspector_id" integer NOT NULL,
	"connection_id" uuid NOT NULL,
	"calendar_id" text NOT NULL,
	"event_id" text NOT NULL,
	"during" "tstzrange" NOT NULL,
	CONSTRAINT "calendar_busy_event_unique" UNIQUE("connection_id","calendar_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "calendar_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"inspector_id" integer NOT NULL,
	"provider" text NOT NULL,
	"account_label" text DEFAULT '' NOT NULL,
	"credentials_encrypted" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"busy_calendar_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"write_calendar_id" text,
	"cursors" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_synced_at" timestamp with time zone,
	"last_error_code" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"backing_off_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_connections_inspector_provider_unique" UNIQUE("company_id","inspector_id","provider")
);
--> statement-breakpoint
ALTER TABLE "calendar_booking_events" ADD CONSTRAINT "calendar_booking_events_connection_id_calendar_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."calendar_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_booking_events" ADD CONSTRAINT "calendar_booking_events_company_id_order_id_orders_company_id_id_fk" FOREIGN KEY ("company_id","order_id") REFERENCES "public"."orders"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_busy" ADD CONSTRAINT "calendar_busy_connection_id_calendar_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."calendar_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD CONSTRAINT "calendar_connections_company_id_inspector_id_inspectors_company_id_id_fk" FOREIGN KEY ("company_id","inspector_id") REFERENCES "public"."inspectors"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_connections_status_idx" ON "calendar_connections" USING btree ("status");--> statement-breakpoint
-- The availability engine's read of synced busy time: one company's inspectors over a window.
CREATE INDEX "calendar_busy_window_idx" ON "calendar_busy" USING gist ("company_id", "inspector_id", "during");
--> statement-breakpoint
-- Synced busy time is part of the schedule the read caches hold (migration 0002's keys): a sync
-- that changes rows makes the company's cached commitments and answers stale.
CREATE TRIGGER calendar_busy_announce AFTER INSERT OR UPDATE OR DELETE ON calendar_busy
  FOR EACH ROW EXECUTE FUNCTION scheduler_row_changed('schedule', 'company_id');
--> statement-breakpoint
-- Bookings written into inspectors' calendars come from the order's audit trail, as webhooks do
-- (decision 0086): a confirmation, a move (new time or new inspectors) or a cancellation queues, in
-- the same transaction, one job that brings the order's calendar events in line with the order
-- (decision 0089). Only companies with a calendar that takes bookings get one.
CREATE FUNCTION calendar_booking_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.type NOT IN ('confirmed', 'rescheduled', 'cancelled') THEN RETURN NULL; END IF;
  IF NOT EXISTS (SELECT 1 FROM calendar_connections c
      WHERE c.company_id = NEW.company_id AND c.write_calendar_id IS NOT NULL) THEN
    RETURN NULL;
  END IF;
  INSERT INTO jobs (company_id, kind, dedupe_key, payload, run_at, order_id)
  VALUES (NEW.company_id, 'calendar_booking', 'calendar-booking:' || NEW.id,
    jsonb_build_object('order_id', NEW.order_id), NEW.created_at, NEW.order_id)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_events_calendar_bookings AFTER INSERT ON order_events
  FOR EACH ROW EXECUTE FUNCTION calendar_booking_outbox();
