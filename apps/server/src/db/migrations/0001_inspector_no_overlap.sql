-- An inspector can never have two overlapping appointments or holds. The database enforces it,
-- so that two sessions racing for the same time cannot both win, whatever the application does.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_inspector_no_overlap"
  EXCLUDE USING gist ("company_id" WITH =, "inspector_id" WITH =, "during" WITH &&);
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_during_half_open"
  CHECK (NOT isempty("during") AND lower_inc("during") AND NOT upper_inc("during") AND NOT lower_inf("during") AND NOT upper_inf("during"));
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_kind_valid"
  CHECK ("kind" IN ('appointment', 'hold') AND (("kind" = 'hold') = ("hold_expires_at" IS NOT NULL)));
