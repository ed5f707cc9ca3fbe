ALTER TABLE "packages" ADD COLUMN "prepare" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "prepare" text DEFAULT '' NOT NULL;