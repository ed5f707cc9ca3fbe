CREATE TABLE "agent_referral_refreshes" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_referral_stats" (
	"company_id" uuid NOT NULL,
	"agent_key" text NOT NULL,
	"agent_id" integer,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"agency" text NOT NULL,
	"referrals" integer NOT NULL,
	"first_referral" date NOT NULL,
	"last_referral" date NOT NULL,
	CONSTRAINT "agent_referral_stats_company_id_agent_key_pk" PRIMARY KEY("company_id","agent_key")
);
--> statement-breakpoint
ALTER TABLE "agent_referral_refreshes" ADD CONSTRAINT "agent_referral_refreshes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_referral_stats" ADD CONSTRAINT "agent_referral_stats_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_referral_stats_last_idx" ON "agent_referral_stats" USING btree ("company_id","last_referral");