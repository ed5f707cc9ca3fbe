CREATE TABLE "order_manage_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"role" text NOT NULL,
	"recipient" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "order_manage_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reschedule_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "change_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "order_manage_links" ADD CONSTRAINT "order_manage_links_company_id_order_id_orders_company_id_id_fk" FOREIGN KEY ("company_id","order_id") REFERENCES "public"."orders"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_manage_links_order_idx" ON "order_manage_links" USING btree ("company_id","order_id");--> statement-breakpoint
-- A reschedule holds the new time while the booking still has the old one, and the two may
-- overlap (moving an inspection by an hour): an order never competes with itself, so rows of one
-- order may overlap; an inspector's rows of two different orders still never do.
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_inspector_no_overlap";
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_inspector_no_overlap"
  EXCLUDE USING gist ("company_id" WITH =, "inspector_id" WITH =, "during" WITH &&, "order_id" WITH <>);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_valid" CHECK ("status" IN ('draft', 'confirmed', 'cancelled'));
