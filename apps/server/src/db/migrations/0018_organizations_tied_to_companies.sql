-- Issue 39: a company's organization is tied to it by the company's immutable id, no longer by a
-- slug equal to its key (which an organization's owner could rename to another company's key).
-- Existing organizations are tied by the slug they have now: the only record of which company
-- each was made for. One no company has the key of (a key reserved before any company used it)
-- is removed with its memberships and invitations: it opened nothing, and must not be adopted.
ALTER TABLE "auth_organizations" ADD COLUMN "company_id" uuid;--> statement-breakpoint
UPDATE "auth_organizations" AS o SET "company_id" = c."id" FROM "companies" AS c WHERE c."key" = o."slug";--> statement-breakpoint
DELETE FROM "auth_organizations" WHERE "company_id" IS NULL;--> statement-breakpoint
-- Every company has its organization from now on, made with it; the slug becomes the id, which no one can take.
INSERT INTO "auth_organizations" ("id", "company_id", "name", "slug")
  SELECT gen_random_uuid()::text, c."id", c."name", c."id"::text FROM "companies" AS c
  WHERE NOT EXISTS (SELECT 1 FROM "auth_organizations" AS o WHERE o."company_id" = c."id");--> statement-breakpoint
UPDATE "auth_organizations" SET "slug" = "company_id"::text;--> statement-breakpoint
ALTER TABLE "auth_organizations" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_organizations" ADD CONSTRAINT "auth_organizations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_organizations" ADD CONSTRAINT "auth_organizations_company_id_unique" UNIQUE("company_id");--> statement-breakpoint
-- The account lock counts failed sign-ins by the address typed, known or not (issue 39).
CREATE INDEX "auth_audit_events_failed_account_idx" ON "auth_audit_events" USING btree (("data" ->> 'account'),"created_at") WHERE "auth_audit_events"."type" = 'sign_in_failed';
