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
CREATE FUNCTION scheduler_appointments_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM scheduler_announce('schedule:' || OLD.company_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM scheduler_announce('schedule:' || NEW.company_id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER appointments_announce AFTER INSERT OR UPDATE OR DELETE ON appointments
  FOR EACH ROW EXECUTE FUNCTION scheduler_appointments_changed();
--> statement-breakpoint
-- An order's own change, and a schedule change when its property moves (coordinates or postal
-- code): commitments carry the place they happen, which drives the travel-time check.
CREATE FUNCTION scheduler_orders_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM scheduler_announce('order:' || OLD.id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM scheduler_announce('order:' || NEW.id); END IF;
  IF TG_OP = 'UPDATE' AND (NEW.latitude IS DISTINCT FROM OLD.latitude OR NEW.longitude IS DISTINCT FROM OLD.longitude
      OR NEW.postal_code IS DISTINCT FROM OLD.postal_code) THEN
    PERFORM scheduler_announce('schedule:' || NEW.company_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_announce AFTER INSERT OR UPDATE OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION scheduler_orders_changed();
--> statement-breakpoint
CREATE FUNCTION scheduler_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM scheduler_announce('session:' || OLD.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_announce AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION scheduler_sessions_changed();
--> statement-breakpoint
-- The configuration tables the scheduling calls read: the company row itself, and rows keyed by company_id.
CREATE FUNCTION scheduler_company_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM scheduler_announce('company:' || OLD.id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM scheduler_announce('company:' || NEW.id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION scheduler_company_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM scheduler_announce('company:' || OLD.company_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM scheduler_announce('company:' || NEW.company_id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER companies_announce AFTER INSERT OR UPDATE OR DELETE ON companies
  FOR EACH ROW EXECUTE FUNCTION scheduler_company_row_changed();
--> statement-breakpoint
CREATE TRIGGER offices_announce AFTER INSERT OR UPDATE OR DELETE ON offices
  FOR EACH ROW EXECUTE FUNCTION scheduler_company_changed();
--> statement-breakpoint
CREATE TRIGGER inspectors_announce AFTER INSERT OR UPDATE OR DELETE ON inspectors
  FOR EACH ROW EXECUTE FUNCTION scheduler_company_changed();
--> statement-breakpoint
CREATE TRIGGER services_announce AFTER INSERT OR UPDATE OR DELETE ON services
  FOR EACH ROW EXECUTE FUNCTION scheduler_company_changed();
--> statement-breakpoint
CREATE TRIGGER packages_announce AFTER INSERT OR UPDATE OR DELETE ON packages
  FOR EACH ROW EXECUTE FUNCTION scheduler_company_changed();
--> statement-breakpoint
CREATE TRIGGER package_services_announce AFTER INSERT OR UPDATE OR DELETE ON package_services
  FOR EACH ROW EXECUTE FUNCTION scheduler_company_changed();
