-- The people searches' trigram indexes take new entries into their pending list again (0004 had
-- turned it off). Inserted one by one into the index itself, 20,000 agents' search texts took
-- 5 s on PostgreSQL 15, over the statement timeout; through the pending list, moved into the
-- index in bulk by gin_clean_pending_list at the end of every directory import
-- (people-directory.repository.ts), 0.9 s. The import leaves no pending entries behind, so the
-- planner never sees the large unmerged list that made it scan the table instead (why 0004 chose
-- off); the few a visitor adds online wait there until the next import, autovacuum or overflow.
ALTER INDEX agents_search_text_trgm_idx SET (fastupdate = on);
--> statement-breakpoint
ALTER INDEX directory_contacts_search_text_trgm_idx SET (fastupdate = on);
