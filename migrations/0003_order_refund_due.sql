ALTER TABLE "orders" ADD COLUMN "refund_due_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refund_due_check" CHECK ("orders"."refund_due_paise" >= 0 and "orders"."refund_due_paise" <= "orders"."total_amount_paise");--> statement-breakpoint
-- Orders cancelled before this column existed: what their cancelled parts owe back, by the rule the app now applies.
UPDATE "orders" o SET "refund_due_paise" = LEAST(o."total_amount_paise", CASE
  WHEN c.remaining = 0 THEN o."total_amount_paise"
  ELSE GREATEST(0, c.cancelled - FLOOR(o."points_used" * c.cancelled::numeric / GREATEST(1, o."subtotal_paise")) * 100)
END)
FROM (
  SELECT "order_id",
    COALESCE(SUM("subtotal_paise") FILTER (WHERE "status" = 'cancelled'), 0) AS cancelled,
    COUNT(*) FILTER (WHERE "status" <> 'cancelled') AS remaining
  FROM "order_parts" GROUP BY "order_id"
) c
WHERE c."order_id" = o."id" AND o."payment_status" = 'refund_pending';
