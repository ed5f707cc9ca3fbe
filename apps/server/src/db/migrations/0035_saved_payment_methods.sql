CREATE TABLE "saved_payment_methods" (
	"company_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text NOT NULL,
	"payment_method_id" text NOT NULL,
	"brand" text,
	"last4" text,
	"exp_month" integer,
	"exp_year" integer,
	"saved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "saved_payment_methods_company_id_order_id_pk" PRIMARY KEY("company_id","order_id"),
	CONSTRAINT "saved_payment_methods_last4" CHECK ("saved_payment_methods"."last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "saved_payment_methods_ids_length" CHECK (char_length("saved_payment_methods"."customer_id") <= 255 and char_length("saved_payment_methods"."payment_method_id") <= 255)
);
--> statement-breakpoint
ALTER TABLE "saved_payment_methods" ADD CONSTRAINT "saved_payment_methods_company_id_order_id_orders_company_id_id_fk" FOREIGN KEY ("company_id","order_id") REFERENCES "public"."orders"("company_id","id") ON DELETE cascade ON UPDATE no action;