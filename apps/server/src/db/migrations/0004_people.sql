CREATE SEQUENCE "public"."people_added_online_ids" INCREMENT BY 1 MINVALUE 1000000000 MAXVALUE 2147483647 START WITH 1000000000 CACHE 1;--> statement-breakpoint
CREATE TABLE "directory_contacts" (
	"company_id" uuid NOT NULL,
	"id" integer NOT NULL,
	"source" text DEFAULT 'directory' NOT NULL,
	"first" text NOT NULL,
	"last" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"mobile_phone" text DEFAULT '' NOT NULL,
	"work_phone" text DEFAULT '' NOT NULL,
	"home_phone" text DEFAULT '' NOT NULL,
	"work_fax" text DEFAULT '' NOT NULL,
	"home_fax" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"address1" text DEFAULT '' NOT NULL,
	"address2" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state_id" integer,
	"postal_code" text DEFAULT '' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"contact_type_id" integer NOT NULL,
	CONSTRAINT "directory_contacts_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "home_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "work_fax" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "home_fax" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "address2" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "state_id" integer;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "pac_opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "directory_contacts" ADD CONSTRAINT "directory_contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "directory_contacts_type_idx" ON "directory_contacts" USING btree ("company_id","contact_type_id","last");--> statement-breakpoint
ALTER TABLE "agents" DROP COLUMN "state";--> statement-breakpoint
-- hand-written: the extensions, the search text's fold and trigger, and the trigram indexes of the people searches.
-- pg_trgm serves "contains" searches from an index; unaccent lets "jose" find "José". Both are
-- trusted extensions (a database owner may create them) and ship with PGlite's contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary is looked up by name at run time); naming the
-- dictionary lets the fold be IMMUTABLE, so that a query's folded constant is computed once.
CREATE FUNCTION people_fold(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT lower(public.unaccent('public.unaccent'::regdictionary, value));
$$;
--> statement-breakpoint
-- What the people searches look in: name first (so that a name's start is the text's start),
-- then e-mail, company and, for agents, agency. It starts with a space, so that "a word starts
-- with" is one pattern (' jo%' anywhere), which the trigram index serves even for two letters.
-- Kept by the database, whoever writes the row.
CREATE FUNCTION people_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := ' ' || people_fold(concat_ws(' ', NEW.first, NEW.last, NEW.email, NEW.company, to_jsonb(NEW) ->> 'agency'));
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER agents_search_text BEFORE INSERT OR UPDATE ON agents
  FOR EACH ROW EXECUTE FUNCTION people_search_text();
--> statement-breakpoint
CREATE TRIGGER directory_contacts_search_text BEFORE INSERT OR UPDATE ON directory_contacts
  FOR EACH ROW EXECUTE FUNCTION people_search_text();
--> statement-breakpoint
UPDATE agents SET search_text = '';
--> statement-breakpoint
-- Without the pending list (fastupdate off) a bulk import lands in the index itself: with it, the
-- planner prices the unmerged list so high after an import that it scans the table instead.
CREATE INDEX agents_search_text_trgm_idx ON agents USING gin (search_text gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX directory_contacts_search_text_trgm_idx ON directory_contacts USING gin (search_text gin_trgm_ops) WITH (fastupdate = off);
