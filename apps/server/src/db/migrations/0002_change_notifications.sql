-- Every change that a server's read caches depend on is announced on the channel
-- "scheduler_changes", by the database itself, whoever makes the change (this server, another
-- instance, an administrator's SQL). PostgreSQL delivers a notification only when its transaction
-- commits, and once per distinct payload per transaction, so a bulk import announces each key once.
-- Payloads: "schedule:<company>" (appointments and holds, or where an order's property is),
-- "order:<order>", "session:<session>", "company:<company>" (the company's configuration).
CREATE FUNCTION scheduler_announce(key text) RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('scheduler_changes', key);
$$;
--> statement-breakpoint
-- One trigger function for every table: its arguments name the key's prefix and the column that
-- completes it, announced for the row before and after the change.
CREATE FUNCTION scheduler_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM scheduler_announce(TG_ARGV[0] || ':' || (to_jsonb(OLD) ->> TG_ARGV[1])); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM scheduler_announce(TG_ARGV[0] || ':' || (to_jsonb(NEW) ->> TG_ARGV[1])); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER appointments_announce AFTER INSERT OR UPDATE OR DELETE ON appointments
  FOR EACH ROW EXECUTE FUNCTION scheduler_row_changed('schedule', 'company_id');
--> statement-breakpoint
CREATE TRIGGER orders_announce AFTER INSERT OR UPDATE OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION scheduler_row_changed('order', 'id');
--> statement-breakpoint
-- When an order's property moves (coordinates or postal code), so do its commitments: they carry
-- the place they happen, which drives the travel-time check.
CREATE FUNCTION scheduler_order_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.latitude IS DISTINCT FROM OLD.latitude OR NEW.longitude IS DISTINCT FROM OLD.longitude
      OR NEW.postal_code IS DISTINCT FROM OLD.postal_code THEN
    PERFORM scheduler_announce('schedule:' || NEW.company_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_announce_move AFTER UPDATE ON orders
  FOR EACH ROW EXECUTE FUNCTION scheduler_order_moved();
--> statement-breakpoint
CREATE TRIGGER sessions_announce AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION scheduler_row_changed('session', 'id');
--> statement-breakpoint
-- The configuration tables the scheduling calls read: the company row itself, and rows keyed by company_id.
CREATE TRIGGER companies_announce AFTER INSERT OR UPDATE OR DELETE ON companies
  FOR EACH ROW EXECUTE FUNCTION scheduler_row_changed('company', 'id');
--> statement-breakpoint
CREATE TRIGGER offices_announce AFTER INSERT OR UPDATE OR DELETE ON offices
  FOR EACH ROW EXECUTE FUNCTION scheduler_row_changed('company', 'company_id');
--> statement-breakpoint
CREATE TRIGGER inspectors_announce AFTER INSERT OR UPDATE OR DELETE ON inspectors
  FOR EACH ROW EXECUTE FUNCTION scheduler_row_changed('company', 'company_id');
--> statement-breakpoint
CREATE TRIGGER services_announce AFTER INSERT OR UPDATE OR DELETE ON services
  FOR EACH ROW EXECUTE FUNCTION scheduler_row_changed('company', 'company_id');
--> statement-breakpoint
CREATE TRIGGER packages_announce AFTER INSERT OR UPDATE OR DELETE ON packages
  FOR EACH ROW EXECUTE FUNCTION scheduler_row_changed('company', 'company_id');
--> statement-breakpoint
CREATE TRIGGER package_services_announce AFTER INSERT OR UPDATE OR DELETE ON package_services
  FOR EACH ROW EXECUTE FUNCTION scheduler_row_changed('company', 'company_id');
