ALTER TABLE "appointments" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "postal_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- hand-written (decision 0108): an appointment or hold carries its order's place, so that the read
-- of a window's commitments (scheduling.repository.ts `loadCommitments`) needs no look-up of each
-- one's order: at L, a week of a big company's 483 appointments spent 4.7 of its 7.8 ms warm (and
-- 16 of 21 cold) looking up their orders. The database keeps the copy: it is taken from the order
-- when the row is written, and written again when the order's address moves.
-- The order's row is locked as its place is read (FOR NO KEY UPDATE, what the order's own update
-- takes): a move of its place committed after this read would not see the new row, which is not
-- committed yet, and would leave it the old place. Locked, the move waits for this row to commit
-- and then updates it. A share lock would not do: two holds of one order would each hold one and
-- deadlock when each then updates the order's time.
CREATE FUNCTION scheduler_appointment_place() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT o.latitude, o.longitude, o.postal_code INTO NEW.latitude, NEW.longitude, NEW.postal_code
    FROM orders o WHERE o.company_id = NEW.company_id AND o.id = NEW.order_id
    FOR NO KEY UPDATE;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER appointments_take_place BEFORE INSERT OR UPDATE OF company_id, order_id ON appointments
  FOR EACH ROW EXECUTE FUNCTION scheduler_appointment_place();
--> statement-breakpoint
-- An order whose place moves moves its commitments' copies; their own triggers then announce the
-- weeks they are in (migration 0051), as this function used to do itself.
CREATE OR REPLACE FUNCTION scheduler_order_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.latitude IS DISTINCT FROM OLD.latitude OR NEW.longitude IS DISTINCT FROM OLD.longitude
      OR NEW.postal_code IS DISTINCT FROM OLD.postal_code THEN
    PERFORM scheduler_announce('schedule:' || NEW.company_id);
    UPDATE appointments SET latitude = NEW.latitude, longitude = NEW.longitude, postal_code = NEW.postal_code
      WHERE company_id = NEW.company_id AND order_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The existing rows, without announcing each to running servers (nothing they cache changes).
ALTER TABLE appointments DISABLE TRIGGER appointments_announce;
--> statement-breakpoint
ALTER TABLE appointments DISABLE TRIGGER appointments_announce_weeks;
--> statement-breakpoint
UPDATE appointments a SET latitude = o.latitude, longitude = o.longitude, postal_code = o.postal_code
  FROM orders o WHERE o.company_id = a.company_id AND o.id = a.order_id;
--> statement-breakpoint
ALTER TABLE appointments ENABLE TRIGGER appointments_announce;
--> statement-breakpoint
ALTER TABLE appointments ENABLE TRIGGER appointments_announce_weeks;
