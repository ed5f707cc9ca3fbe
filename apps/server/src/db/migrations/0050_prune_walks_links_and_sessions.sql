CREATE INDEX "order_manage_links_created_idx" ON "order_manage_links" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");