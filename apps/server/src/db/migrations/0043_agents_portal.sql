CREATE TABLE "agent_portal_profiles" (
	"company_id" uuid NOT NULL,
	"agent_id" integer NOT NULL,
	"receives_sms" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "agent_portal_profiles_company_id_agent_id_pk" PRIMARY KEY("company_id","agent_id")
);
--> statement-breakpoint
CREATE TABLE "agent_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"agent_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "agent_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "agent_sign_in_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"agent_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "agent_sign_in_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "agent_sign_in_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"email_hash" text NOT NULL,
	"ip_hash" text NOT NULL,
	"outcome" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_portal_profiles" ADD CONSTRAINT "agent_portal_profiles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_sessions" ADD CONSTRAINT "agent_sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_sign_in_links" ADD CONSTRAINT "agent_sign_in_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_sign_in_requests" ADD CONSTRAINT "agent_sign_in_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_sessions_agent_idx" ON "agent_sessions" USING btree ("company_id","agent_id");--> statement-breakpoint
CREATE INDEX "agent_sign_in_links_agent_idx" ON "agent_sign_in_links" USING btree ("company_id","agent_id");--> statement-breakpoint
CREATE INDEX "agent_sign_in_requests_email_idx" ON "agent_sign_in_requests" USING btree ("company_id","email_hash","at");--> statement-breakpoint
CREATE INDEX "agent_sign_in_requests_ip_idx" ON "agent_sign_in_requests" USING btree ("ip_hash","at");--> statement-breakpoint
CREATE INDEX "order_parties_agent_idx" ON "order_parties" USING btree ("company_id","agent_id") WHERE agent_id is not null;--> statement-breakpoint
-- Sign-in finds a company's directory agents by their address, folded to lower case (decision 0092).
CREATE INDEX "agents_email_idx" ON "agents" USING btree ("company_id", lower("email"));
