CREATE TABLE "company_document_versions" (
	"company_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"document" jsonb NOT NULL,
	"source" text NOT NULL,
	"restored_from" integer,
	"saved_by_user_id" text,
	"saved_by_name" text NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	"change_count" integer DEFAULT 0 NOT NULL,
	"changed_paths" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "company_document_versions_company_id_version_pk" PRIMARY KEY("company_id","version"),
	CONSTRAINT "company_document_versions_version" CHECK ("company_document_versions"."version" >= 1),
	CONSTRAINT "company_document_versions_source" CHECK ("company_document_versions"."source" in ('import', 'console', 'restore', 'baseline'))
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "console_settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "company_document_versions" ADD CONSTRAINT "company_document_versions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;