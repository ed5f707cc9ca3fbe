CREATE TABLE "directory_merges" (
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"from_id" integer NOT NULL,
	"into_id" integer NOT NULL,
	"orders_repointed" integer NOT NULL,
	"merged_by_user_id" text,
	"merged_by_name" text NOT NULL,
	"merged_at" timestamp with time zone NOT NULL,
	CONSTRAINT "directory_merges_company_id_kind_from_id_pk" PRIMARY KEY("company_id","kind","from_id"),
	CONSTRAINT "directory_merges_kind" CHECK ("directory_merges"."kind" in ('agent', 'contact')),
	CONSTRAINT "directory_merges_not_self" CHECK ("directory_merges"."from_id" <> "directory_merges"."into_id")
);
--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "awaiting_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "directory_contacts" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "directory_contacts" ADD COLUMN "awaiting_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "person_kind" text;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "person_id" integer;--> statement-breakpoint
ALTER TABLE "directory_merges" ADD CONSTRAINT "directory_merges_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agents_external_id_idx" ON "agents" USING btree ("company_id","external_id") WHERE external_id is not null;--> statement-breakpoint
CREATE INDEX "agents_awaiting_review_idx" ON "agents" USING btree ("company_id","id") WHERE awaiting_review;--> statement-breakpoint
CREATE UNIQUE INDEX "directory_contacts_external_id_idx" ON "directory_contacts" USING btree ("company_id","external_id") WHERE external_id is not null;--> statement-breakpoint
CREATE INDEX "directory_contacts_awaiting_review_idx" ON "directory_contacts" USING btree ("company_id","id") WHERE awaiting_review;--> statement-breakpoint
-- The people visitors added online before review existed await the office's review too (issue 47).
UPDATE "agents" SET "awaiting_review" = true WHERE "source" = 'visitor';--> statement-breakpoint
UPDATE "directory_contacts" SET "awaiting_review" = true WHERE "source" = 'visitor';--> statement-breakpoint
-- person.created comes from the directory's tables by construction (decision 0091), as the order
-- events come from order_events (0040): every person inserted, by any path (the public API, a
-- visitor in the wizard, an import or a console save), writes in the same transaction one delivery
-- per enabled endpoint of the company subscribed to it, and its job. One statement per insert (a
-- transition table), so that an import of 20,000 people costs one join, not 20,000 lookups; an
-- update (ON CONFLICT DO UPDATE) is not an insert and emits nothing.
CREATE FUNCTION person_created_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH subscribed AS (
    SELECT e.company_id, e.id AS endpoint_id, p.id AS person_id
    FROM added_people p
    JOIN webhook_endpoints e ON e.company_id = p.company_id AND e.enabled AND e.events ? 'person.created'),
  event AS (
    -- One id per event, the same to every endpoint: receivers de-duplicate on it.
    SELECT company_id, person_id, 'evt_' || replace(gen_random_uuid()::text, '-', '') AS event_id
    FROM (SELECT DISTINCT company_id, person_id FROM subscribed) s),
  delivery AS (
    INSERT INTO webhook_deliveries (company_id, endpoint_id, event_id, event_type, person_kind, person_id, occurred_at, created_at)
    SELECT s.company_id, s.endpoint_id, v.event_id, 'person.created', TG_ARGV[0], s.person_id, now(), now()
    FROM subscribed s JOIN event v ON v.company_id = s.company_id AND v.person_id = s.person_id
    RETURNING id, company_id, created_at)
  INSERT INTO jobs (company_id, kind, dedupe_key, payload, run_at)
  SELECT company_id, 'webhook_delivery', 'webhook:' || id || ':0', jsonb_build_object('delivery_id', id), created_at
  FROM delivery;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER agents_person_created AFTER INSERT ON agents
  REFERENCING NEW TABLE AS added_people
  FOR EACH STATEMENT EXECUTE FUNCTION person_created_outbox('agent');
--> statement-breakpoint
CREATE TRIGGER directory_contacts_person_created AFTER INSERT ON directory_contacts
  REFERENCING NEW TABLE AS added_people
  FOR EACH STATEMENT EXECUTE FUNCTION person_created_outbox('contact');
