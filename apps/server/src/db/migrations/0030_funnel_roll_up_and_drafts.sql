CREATE TABLE "funnel_day_steps" (
	"company_id" uuid NOT NULL,
	"office_id" uuid NOT NULL,
	"day" date NOT NULL,
	"source" text,
	"step" text NOT NULL,
	"reached" integer NOT NULL,
	CONSTRAINT "funnel_day_steps_key" UNIQUE NULLS NOT DISTINCT("company_id","office_id","day","source","step")
);
--> statement-breakpoint
CREATE TABLE "funnel_days" (
	"company_id" uuid NOT NULL,
	"office_id" uuid NOT NULL,
	"day" date NOT NULL,
	"source" text,
	"started" integer NOT NULL,
	"confirmed" integer NOT NULL,
	"booked_by_phone" integer NOT NULL,
	"booked_by_api" integer NOT NULL,
	CONSTRAINT "funnel_days_key" UNIQUE NULLS NOT DISTINCT("company_id","office_id","day","source")
);
--> statement-breakpoint
CREATE TABLE "funnel_roll_ups" (
	"company_id" uuid NOT NULL,
	"office_id" uuid NOT NULL,
	"rolled_before" timestamp with time zone NOT NULL,
	"events_pruned_before" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funnel_roll_ups_company_id_office_id_pk" PRIMARY KEY("company_id","office_id")
);
--> statement-breakpoint
ALTER TABLE "funnel_day_steps" ADD CONSTRAINT "funnel_day_steps_company_id_office_id_offices_company_id_id_fk" FOREIGN KEY ("company_id","office_id") REFERENCES "public"."offices"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnel_days" ADD CONSTRAINT "funnel_days_company_id_office_id_offices_company_id_id_fk" FOREIGN KEY ("company_id","office_id") REFERENCES "public"."offices"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnel_roll_ups" ADD CONSTRAINT "funnel_roll_ups_company_id_office_id_offices_company_id_id_fk" FOREIGN KEY ("company_id","office_id") REFERENCES "public"."offices"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_draft_updated_idx" ON "orders" USING btree ("updated_at") WHERE status = 'draft';--> statement-breakpoint
CREATE INDEX "sessions_order_idx" ON "sessions" USING btree ("company_id","order_id");