CREATE TABLE "company_payment_secrets" (
	"company_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"secret_key" text NOT NULL,
	"webhook_secret" text NOT NULL,
	"key_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_payment_secrets_company_id_provider_pk" PRIMARY KEY("company_id","provider")
);
--> statement-breakpoint
CREATE TABLE "order_payments" (
	"company_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"pay_token_hash" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"checkout_session_id" text,
	"checkout_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_payments_company_id_order_id_pk" PRIMARY KEY("company_id","order_id"),
	CONSTRAINT "order_payments_pay_token_hash_unique" UNIQUE("pay_token_hash"),
	CONSTRAINT "order_payments_amount_positive" CHECK ("order_payments"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "payments" jsonb DEFAULT '{"provider":"link"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "company_payment_secrets" ADD CONSTRAINT "company_payment_secrets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_company_id_order_id_orders_company_id_id_fk" FOREIGN KEY ("company_id","order_id") REFERENCES "public"."orders"("company_id","id") ON DELETE cascade ON UPDATE no action;