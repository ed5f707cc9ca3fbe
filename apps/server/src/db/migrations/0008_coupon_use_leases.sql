ALTER TABLE "coupon_redemptions" ADD COLUMN "lease_expires_at" timestamp with time zone;--> statement-breakpoint
-- Uses taken before leases by carts not yet confirmed last as long as their held time, or end now.
UPDATE "coupon_redemptions" r SET "lease_expires_at" = coalesce(
  (SELECT max(a."hold_expires_at") FROM "appointments" a WHERE a."order_id" = r."order_id" AND a."kind" = 'hold'),
  now())
FROM "orders" o
WHERE o."company_id" = r."company_id" AND o."id" = r."order_id" AND o."status" <> 'confirmed';
