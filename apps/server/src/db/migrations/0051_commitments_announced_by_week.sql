-- Decision 0105: the office's commitments (appointments, holds, the inspectors' own calendars'
-- busy time) are cached by week, and a change is announced for the weeks it touches, so that a
-- booking no longer makes every cached week of its company stale. Weeks are UTC weeks counted from
-- the epoch (week n is [n * 7 days, (n + 1) * 7 days) after 1970-01-01 00:00 UTC), as the server
-- counts them (scheduling.store.ts). "commitments:<company>:<week>" names one week;
-- "commitments:<company>" every week of the company, for a change too long to list week by week.
-- The existing "schedule:<company>" announcements stay: the console's live schedule listens to them.
CREATE FUNCTION scheduler_announce_weeks(company uuid, during tstzrange) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  first_week bigint;
  last_week bigint;
BEGIN
  IF during IS NULL OR isempty(during) THEN RETURN; END IF;
  IF lower_inf(during) OR upper_inf(during) THEN
    PERFORM scheduler_announce('commitments:' || company);
    RETURN;
  END IF;
  first_week := floor(extract(epoch FROM lower(during)) / 604800);
  -- [lower, upper): an upper bound exactly at a week's start does not touch that week.
  last_week := ceil(extract(epoch FROM upper(during)) / 604800) - 1;
  IF last_week - first_week >= 60 THEN
    PERFORM scheduler_announce('commitments:' || company);
    RETURN;
  END IF;
  FOR week IN first_week..last_week LOOP
    PERFORM scheduler_announce('commitments:' || company || ':' || week);
  END LOOP;
END $$;
--> statement-breakpoint
-- For appointments, holds and calendar busy time: the weeks of the row before and after the change.
CREATE FUNCTION scheduler_commitment_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM scheduler_announce_weeks(OLD.company_id, OLD.during); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM scheduler_announce_weeks(NEW.company_id, NEW.during); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER appointments_announce_weeks AFTER INSERT OR UPDATE OR DELETE ON appointments
  FOR EACH ROW EXECUTE FUNCTION scheduler_commitment_changed();
--> statement-breakpoint
CREATE TRIGGER calendar_busy_announce_weeks AFTER INSERT OR UPDATE OR DELETE ON calendar_busy
  FOR EACH ROW EXECUTE FUNCTION scheduler_commitment_changed();
--> statement-breakpoint
-- An order whose property moves moves its commitments' places (the drive-time check): the weeks of
-- its appointments and holds change too.
CREATE OR REPLACE FUNCTION scheduler_order_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.latitude IS DISTINCT FROM OLD.latitude OR NEW.longitude IS DISTINCT FROM OLD.longitude
      OR NEW.postal_code IS DISTINCT FROM OLD.postal_code THEN
    PERFORM scheduler_announce('schedule:' || NEW.company_id);
    PERFORM scheduler_announce_weeks(a.company_id, a.during)
      FROM appointments a WHERE a.company_id = NEW.company_id AND a.order_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
