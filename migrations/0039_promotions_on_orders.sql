ALTER TABLE "promotion_uses" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "discount_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "haat_funded_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "vendor_funded_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_parts" ADD COLUMN "discount_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promotions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "promotion_uses" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
ALTER TABLE "promotion_uses" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_uses_payment_unique" ON "promotion_uses" USING btree ("promotion_id","payment_id");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_discount_check" CHECK ("order_items"."haat_funded_paise" >= 0 and "order_items"."vendor_funded_paise" >= 0 and "order_items"."discount_paise" = "order_items"."haat_funded_paise" + "order_items"."vendor_funded_paise" and "order_items"."discount_paise" <= "order_items"."price_paise" * "order_items"."quantity");--> statement-breakpoint
ALTER TABLE "promotion_uses" ADD CONSTRAINT "promotion_uses_for_check" CHECK ("promotion_uses"."order_id" is not null or "promotion_uses"."payment_id" is not null);--> statement-breakpoint
ALTER TABLE "promotion_uses" ADD CONSTRAINT "promotion_uses_held_check" CHECK ("promotion_uses"."state" <> 'held' or "promotion_uses"."held_until" is not null);