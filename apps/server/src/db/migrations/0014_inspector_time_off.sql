CREATE TABLE "inspector_time_off" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"inspector_id" integer NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"weekdays" jsonb,
	"start_time" text,
	"end_time" text,
	"note" text DEFAULT '' NOT NULL,
	"created_by_user_id" text,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspector_time_off_dates" CHECK ("inspector_time_off"."to_date" >= "inspector_time_off"."from_date"),
	CONSTRAINT "inspector_time_off_times" CHECK (("inspector_time_off"."start_time" is null) = ("inspector_time_off"."end_time" is null) and ("inspector_time_off"."start_time" is null or "inspector_time_off"."start_time" < "inspector_time_off"."end_time"))
);
--> statement-breakpoint
ALTER TABLE "inspector_time_off" ADD CONSTRAINT "inspector_time_off_company_id_inspector_id_inspectors_company_id_id_fk" FOREIGN KEY ("company_id","inspector_id") REFERENCES "public"."inspectors"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inspector_time_off_inspector_idx" ON "inspector_time_off" USING btree ("company_id","inspector_id","to_date");--> statement-breakpoint
-- Time off changes what the wizard offers (the scheduling context reads it) and what the console's
-- schedule shows: announced as both the company's configuration and its schedule.
CREATE TRIGGER inspector_time_off_announce_company AFTER INSERT OR UPDATE OR DELETE ON inspector_time_off
  FOR EACH ROW EXECUTE FUNCTION scheduler_row_changed('company', 'company_id');
--> statement-breakpoint
CREATE TRIGGER inspector_time_off_announce_schedule AFTER INSERT OR UPDATE OR DELETE ON inspector_time_off
  FOR EACH ROW EXECUTE FUNCTION scheduler_row_changed('schedule', 'company_id');
