CREATE TABLE "cod_excluded_categories" (
	"category_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cod_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"limit_paise" bigint DEFAULT 1000000 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cod_settings_single_row" CHECK ("cod_settings"."id" = 1),
	CONSTRAINT "cod_settings_limit_check" CHECK ("cod_settings"."limit_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_status_check";--> statement-breakpoint
ALTER TABLE "vendor_ledger" DROP CONSTRAINT "vendor_ledger_type_check";--> statement-breakpoint
ALTER TABLE "order_parts" ADD COLUMN "cod_due_paise" bigint;--> statement-breakpoint
ALTER TABLE "order_parts" ADD COLUMN "cash_collected_paise" bigint;--> statement-breakpoint
ALTER TABLE "order_parts" ADD COLUMN "cash_collected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_parts" ADD COLUMN "returned_to_seller_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendor_shops" ADD COLUMN "cod_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cod_excluded_categories" ADD CONSTRAINT "cod_excluded_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_parts" ADD CONSTRAINT "order_parts_cod_due_check" CHECK ("order_parts"."cod_due_paise" is null or "order_parts"."cod_due_paise" >= 0);--> statement-breakpoint
ALTER TABLE "order_parts" ADD CONSTRAINT "order_parts_cash_collected_check" CHECK ("order_parts"."cash_collected_paise" is null or ("order_parts"."cod_due_paise" is not null and "order_parts"."cash_collected_paise" = "order_parts"."cod_due_paise" and "order_parts"."cash_collected_at" is not null));--> statement-breakpoint
ALTER TABLE "order_parts" ADD CONSTRAINT "order_parts_returned_check" CHECK ("order_parts"."returned_to_seller_at" is null or ("order_parts"."status" = 'cancelled' and "order_parts"."cod_due_paise" is not null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_check" CHECK ("orders"."payment_status" in ('not_required', 'paid', 'refund_pending', 'refunded', 'cash_on_delivery'));--> statement-breakpoint
ALTER TABLE "vendor_ledger" ADD CONSTRAINT "vendor_ledger_type_check" CHECK ("vendor_ledger"."entry_type" in ('sale', 'released', 'reversed', 'payout', 'payout_cancelled', 'cod_collected'));