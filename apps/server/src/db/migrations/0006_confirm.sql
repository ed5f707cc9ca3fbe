CREATE TABLE "company_notifications" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "confirm_requests" (
	"company_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "confirm_requests_company_id_order_id_idempotency_key_pk" PRIMARY KEY("company_id","order_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "inspector_calendar_feeds" (
	"company_id" uuid NOT NULL,
	"inspector_id" integer NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspector_calendar_feeds_company_id_inspector_id_pk" PRIMARY KEY("company_id","inspector_id"),
	CONSTRAINT "inspector_calendar_feeds_secret_hash_unique" UNIQUE("secret_hash")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_company_dedupe_unique" UNIQUE("company_id","dedupe_key")
);
--> statement-breakpoint
ALTER TABLE "company_notifications" ADD CONSTRAINT "company_notifications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confirm_requests" ADD CONSTRAINT "confirm_requests_company_id_order_id_orders_company_id_id_fk" FOREIGN KEY ("company_id","order_id") REFERENCES "public"."orders"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspector_calendar_feeds" ADD CONSTRAINT "inspector_calendar_feeds_company_id_inspector_id_inspectors_company_id_id_fk" FOREIGN KEY ("company_id","inspector_id") REFERENCES "public"."inspectors"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE done_at is null;