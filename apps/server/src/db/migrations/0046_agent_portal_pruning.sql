CREATE INDEX "agent_sessions_expires_idx" ON "agent_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "agent_sessions_revoked_idx" ON "agent_sessions" USING btree ("revoked_at");--> statement-breakpoint
CREATE INDEX "agent_sign_in_links_expires_idx" ON "agent_sign_in_links" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "agent_sign_in_requests_at_idx" ON "agent_sign_in_requests" USING btree ("at");