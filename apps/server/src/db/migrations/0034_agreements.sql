CREATE TABLE "agreement_signers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"agreement_id" uuid NOT NULL,
	"party_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"opened_ip" text,
	"signed_at" timestamp with time zone,
	"signed_ip" text,
	"signed_user_agent" text,
	"consent_text" text,
	"typed_name" text,
	"signature_method" text,
	"signature_png" text,
	CONSTRAINT "agreement_signers_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "agreement_signers_method" CHECK ("agreement_signers"."signature_method" is null or "agreement_signers"."signature_method" in ('drawn', 'typed'))
);
--> statement-breakpoint
CREATE TABLE "agreement_template_versions" (
	"company_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"body_html" text NOT NULL,
	"created_by_user_id" text,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agreement_template_versions_template_id_version_pk" PRIMARY KEY("template_id","version"),
	CONSTRAINT "agreement_template_versions_version" CHECK ("agreement_template_versions"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "agreement_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"applies_to" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"current_version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agreement_templates_company_id_id_unique" UNIQUE("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"sha256" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_company_id_id_unique" UNIQUE("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "order_agreements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"template_version" integer NOT NULL,
	"title" text NOT NULL,
	"body_html" text NOT NULL,
	"document_sha256" text NOT NULL,
	"signers_required" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"signed_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"pdf_document_id" uuid,
	CONSTRAINT "order_agreements_company_id_id_unique" UNIQUE("company_id","id"),
	CONSTRAINT "order_agreements_status" CHECK ("order_agreements"."status" in ('pending', 'signed', 'voided')),
	CONSTRAINT "order_agreements_signers_required" CHECK ("order_agreements"."signers_required" in ('one', 'all'))
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "agreement_settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "agreement_signers" ADD CONSTRAINT "agreement_signers_company_id_agreement_id_order_agreements_company_id_id_fk" FOREIGN KEY ("company_id","agreement_id") REFERENCES "public"."order_agreements"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_template_versions" ADD CONSTRAINT "agreement_template_versions_company_id_template_id_agreement_templates_company_id_id_fk" FOREIGN KEY ("company_id","template_id") REFERENCES "public"."agreement_templates"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_templates" ADD CONSTRAINT "agreement_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_agreements" ADD CONSTRAINT "order_agreements_company_id_order_id_orders_company_id_id_fk" FOREIGN KEY ("company_id","order_id") REFERENCES "public"."orders"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_agreements" ADD CONSTRAINT "order_agreements_company_id_template_id_agreement_templates_company_id_id_fk" FOREIGN KEY ("company_id","template_id") REFERENCES "public"."agreement_templates"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_agreements" ADD CONSTRAINT "order_agreements_company_id_pdf_document_id_documents_company_id_id_fk" FOREIGN KEY ("company_id","pdf_document_id") REFERENCES "public"."documents"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agreement_signers_agreement_idx" ON "agreement_signers" USING btree ("agreement_id");--> statement-breakpoint
CREATE INDEX "agreement_templates_company_idx" ON "agreement_templates" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "order_agreements_order_idx" ON "order_agreements" USING btree ("company_id","order_id");