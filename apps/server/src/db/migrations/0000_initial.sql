CREATE TABLE "agents" (
	"company_id" uuid NOT NULL,
	"id" integer NOT NULL,
	"source" text DEFAULT 'directory' NOT NULL,
	"kind" text NOT NULL,
	"first" text NOT NULL,
	"last" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"mobile_phone" text DEFAULT '' NOT NULL,
	"work_phone" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"agency" text DEFAULT '' NOT NULL,
	"address1" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	CONSTRAINT "agents_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"office_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"inspector_id" integer NOT NULL,
	"kind" text NOT NULL,
	"during" "tstzrange" NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"country" text DEFAULT 'US' NOT NULL,
	"scheduler_enabled" boolean DEFAULT true NOT NULL,
	"logo" text,
	"state_label" text DEFAULT 'State' NOT NULL,
	"max_clients" integer DEFAULT 5 NOT NULL,
	"rer_rush_amount_cents" integer DEFAULT 0 NOT NULL,
	"settings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "contact_types" (
	"company_id" uuid NOT NULL,
	"id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "contact_types_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"company_id" uuid NOT NULL,
	"code" text NOT NULL,
	"display_code" text NOT NULL,
	"name" text NOT NULL,
	"discount" jsonb NOT NULL,
	"valid_from" text,
	"valid_until" text,
	"max_redemptions" integer,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "coupons_company_id_code_pk" PRIMARY KEY("company_id","code")
);
--> statement-breakpoint
CREATE TABLE "fees" (
	"company_id" uuid NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"scope" text NOT NULL,
	"services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rule" jsonb NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "fees_company_id_code_pk" PRIMARY KEY("company_id","code")
);
--> statement-breakpoint
CREATE TABLE "inspectors" (
	"company_id" uuid NOT NULL,
	"id" integer NOT NULL,
	"office_id" uuid NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"removed_at" timestamp with time zone,
	"first" text NOT NULL,
	"last" text NOT NULL,
	"display" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"preferred_rank" integer,
	"max_inspections_per_day" integer NOT NULL,
	"home_latitude" double precision NOT NULL,
	"home_longitude" double precision NOT NULL,
	"home_postal_code" text DEFAULT '' NOT NULL,
	"max_drive_miles" double precision NOT NULL,
	"services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"postal_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"postal_codes_by_weekday" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"weekly_hours" jsonb NOT NULL,
	"overrides" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "inspectors_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "offices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"state" text NOT NULL,
	"time_zone" text NOT NULL,
	"address1" text DEFAULT '' NOT NULL,
	"address2" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"logo" text,
	"scheduling" jsonb NOT NULL,
	CONSTRAINT "offices_company_id_id_unique" UNIQUE("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "order_answers" (
	"company_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"control_id" integer NOT NULL,
	"value" text,
	"checked" boolean DEFAULT false NOT NULL,
	CONSTRAINT "order_answers_order_id_control_id_pk" PRIMARY KEY("order_id","control_id")
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"type" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_parties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"role" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"agent_id" integer,
	"contact_type_id" integer,
	"person" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"office_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"saved" boolean DEFAULT false NOT NULL,
	"confirmed_at" timestamp with time zone,
	"paid" boolean DEFAULT false NOT NULL,
	"pay_url" text,
	"datetime" timestamp with time zone,
	"duration_minutes" integer DEFAULT 0 NOT NULL,
	"inspectors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"address1" text DEFAULT '' NOT NULL,
	"address2" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state_id" integer,
	"postal_code" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"county" text DEFAULT '' NOT NULL,
	"sqft" integer,
	"year_built" integer,
	"foundation_type_id" integer,
	"sales_price" text DEFAULT '' NOT NULL,
	"refer_reason" text DEFAULT '' NOT NULL,
	"refer_reason_other" text DEFAULT '' NOT NULL,
	"user_type" jsonb,
	"package_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"service_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"coupon_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rush_rer" boolean DEFAULT false NOT NULL,
	"special_note" text DEFAULT '' NOT NULL,
	"pricing_snapshot" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_company_id_id_unique" UNIQUE("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "package_services" (
	"company_id" uuid NOT NULL,
	"package_id" integer NOT NULL,
	"service_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "package_services_company_id_package_id_service_id_pk" PRIMARY KEY("company_id","package_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"company_id" uuid NOT NULL,
	"id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"best" boolean DEFAULT false NOT NULL,
	"best_text" text DEFAULT '' NOT NULL,
	"rer" boolean DEFAULT false NOT NULL,
	"price_cents" integer NOT NULL,
	"duration_minutes" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "packages_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "property_controls" (
	"company_id" uuid NOT NULL,
	"id" integer NOT NULL,
	"slug" text NOT NULL,
	"type" text NOT NULL,
	"label" text NOT NULL,
	"length" integer DEFAULT 0 NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"fee" boolean DEFAULT false NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"text_box_label" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "property_controls_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "services" (
	"company_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"ancillary" boolean DEFAULT false NOT NULL,
	"is_pac" boolean DEFAULT false NOT NULL,
	"label" boolean DEFAULT false NOT NULL,
	"rer" boolean DEFAULT false NOT NULL,
	"price_cents" integer NOT NULL,
	"duration_minutes" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "services_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"office_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "states" (
	"company_id" uuid NOT NULL,
	"id" integer NOT NULL,
	"abbreviation" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "states_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "taxes" (
	"company_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"rate_percent" double precision NOT NULL,
	"services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "taxes_company_id_code_pk" PRIMARY KEY("company_id","code")
);
--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_company_id_order_id_orders_company_id_id_fk" FOREIGN KEY ("company_id","order_id") REFERENCES "public"."orders"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_company_id_inspector_id_inspectors_company_id_id_fk" FOREIGN KEY ("company_id","inspector_id") REFERENCES "public"."inspectors"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_types" ADD CONSTRAINT "contact_types_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspectors" ADD CONSTRAINT "inspectors_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspectors" ADD CONSTRAINT "inspectors_company_id_office_id_offices_company_id_id_fk" FOREIGN KEY ("company_id","office_id") REFERENCES "public"."offices"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offices" ADD CONSTRAINT "offices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_answers" ADD CONSTRAINT "order_answers_company_id_order_id_orders_company_id_id_fk" FOREIGN KEY ("company_id","order_id") REFERENCES "public"."orders"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_company_id_order_id_orders_company_id_id_fk" FOREIGN KEY ("company_id","order_id") REFERENCES "public"."orders"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_parties" ADD CONSTRAINT "order_parties_company_id_order_id_orders_company_id_id_fk" FOREIGN KEY ("company_id","order_id") REFERENCES "public"."orders"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_office_id_offices_company_id_id_fk" FOREIGN KEY ("company_id","office_id") REFERENCES "public"."offices"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_services" ADD CONSTRAINT "package_services_company_id_package_id_packages_company_id_id_fk" FOREIGN KEY ("company_id","package_id") REFERENCES "public"."packages"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_services" ADD CONSTRAINT "package_services_company_id_service_id_services_company_id_id_fk" FOREIGN KEY ("company_id","service_id") REFERENCES "public"."services"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_controls" ADD CONSTRAINT "property_controls_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_company_id_order_id_orders_company_id_id_fk" FOREIGN KEY ("company_id","order_id") REFERENCES "public"."orders"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_company_id_office_id_offices_company_id_id_fk" FOREIGN KEY ("company_id","office_id") REFERENCES "public"."offices"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "states" ADD CONSTRAINT "states_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taxes" ADD CONSTRAINT "taxes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agents_search_idx" ON "agents" USING btree ("company_id","kind","last");--> statement-breakpoint
CREATE INDEX "appointments_order_idx" ON "appointments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "appointments_hold_expiry_idx" ON "appointments" USING btree ("hold_expires_at") WHERE kind = 'hold';--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_parties_order_idx" ON "order_parties" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_company_status_idx" ON "orders" USING btree ("company_id","status");