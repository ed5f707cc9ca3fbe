CREATE TABLE "company_pricing" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"rules" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"company_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"code" text NOT NULL,
	"use_number" integer,
	"max_uses" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_redemptions_company_id_order_id_code_pk" PRIMARY KEY("company_id","order_id","code"),
	CONSTRAINT "coupon_redemptions_use_unique" UNIQUE("company_id","code","use_number"),
	CONSTRAINT "coupon_redemptions_use_in_limit" CHECK (("coupon_redemptions"."use_number" is null and "coupon_redemptions"."max_uses" is null) or ("coupon_redemptions"."use_number" between 1 and "coupon_redemptions"."max_uses"))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "services_changed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "company_pricing" ADD CONSTRAINT "company_pricing_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_company_id_order_id_orders_company_id_id_fk" FOREIGN KEY ("company_id","order_id") REFERENCES "public"."orders"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written: the pricing rules are configuration the read caches depend on, announced as the company's (see 0002)
CREATE TRIGGER company_pricing_announce AFTER INSERT OR UPDATE OR DELETE ON company_pricing
  FOR EACH ROW EXECUTE FUNCTION scheduler_row_changed('company', 'company_id');
