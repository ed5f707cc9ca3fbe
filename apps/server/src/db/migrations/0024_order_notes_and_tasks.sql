CREATE TABLE "order_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"body" text NOT NULL,
	"author_user_id" text NOT NULL,
	"author_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_notes_body_length" CHECK (char_length("order_notes"."body") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "order_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"title" text NOT NULL,
	"due_date" date NOT NULL,
	"owner_user_id" text NOT NULL,
	"owner_name" text NOT NULL,
	"done_at" timestamp with time zone,
	"created_by_user_id" text NOT NULL,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_tasks_title_length" CHECK (char_length("order_tasks"."title") between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_company_id_order_id_orders_company_id_id_fk" FOREIGN KEY ("company_id","order_id") REFERENCES "public"."orders"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tasks" ADD CONSTRAINT "order_tasks_company_id_order_id_orders_company_id_id_fk" FOREIGN KEY ("company_id","order_id") REFERENCES "public"."orders"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_notes_order_idx" ON "order_notes" USING btree ("company_id","order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_tasks_order_idx" ON "order_tasks" USING btree ("company_id","order_id");--> statement-breakpoint
CREATE INDEX "order_tasks_owner_idx" ON "order_tasks" USING btree ("company_id","owner_user_id","done_at","due_date");