ALTER TABLE "orders" ADD COLUMN "online_reschedule_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Decision 0077: the policy's limit counts the moves made through a manage link only. The orders
-- booked before this migration carry every move in reschedule_count; their audit trail says who
-- made each one (a move's "by" is {kind: 'visitor', ...} or {kind: 'office', ...}), so the online
-- count is read from it, and an office's past moves stop using up the client's.
UPDATE "orders" o SET "online_reschedule_count" = moved.n
FROM (
  SELECT "company_id", "order_id", count(*)::int AS n
  FROM "order_events"
  WHERE "type" = 'rescheduled' AND "data" -> 'by' ->> 'kind' = 'visitor'
  GROUP BY "company_id", "order_id"
) moved
WHERE o."company_id" = moved."company_id" AND o."id" = moved."order_id";
