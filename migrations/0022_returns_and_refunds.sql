CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"return_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"method" text NOT NULL,
	"amount_paise" bigint DEFAULT 0 NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_id" uuid,
	"provider_refund_id" text,
	"failure_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_method_check" CHECK ("refunds"."method" in ('razorpay', 'test', 'points')),
	CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" in ('pending', 'processed', 'failed')),
	CONSTRAINT "refunds_amounts_check" CHECK ("refunds"."amount_paise" >= 0 and "refunds"."points" >= 0),
	CONSTRAINT "refunds_method_amount_check" CHECK (("refunds"."method" = 'points' and "refunds"."amount_paise" = 0 and "refunds"."payment_id" is null) or ("refunds"."method" <> 'points' and "refunds"."points" = 0 and "refunds"."payment_id" is not null)),
	CONSTRAINT "refunds_processed_check" CHECK (("refunds"."status" = 'processed') = ("refunds"."processed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "order_return_items" (
	"return_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "order_return_items_return_id_order_item_id_pk" PRIMARY KEY("return_id","order_item_id"),
	CONSTRAINT "order_return_items_quantity_check" CHECK ("order_return_items"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "order_returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"order_part_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"decided_by_role" text,
	"decided_by_user_id" uuid,
	"decided_at" timestamp with time zone,
	"rejection_reason" text,
	"disputed_at" timestamp with time zone,
	"dispute_comment" text,
	"received_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"value_paise" bigint DEFAULT 0 NOT NULL,
	"refund_paise" bigint DEFAULT 0 NOT NULL,
	"points_returned" integer DEFAULT 0 NOT NULL,
	"points_voided" integer DEFAULT 0 NOT NULL,
	"points_taken_back" integer DEFAULT 0 NOT NULL,
	"kept_for_spent_points_paise" bigint DEFAULT 0 NOT NULL,
	"vendor_reversed_paise" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_returns_status_check" CHECK ("order_returns"."status" in ('requested', 'approved', 'rejected', 'disputed', 'received', 'refunded')),
	CONSTRAINT "order_returns_decided_check" CHECK ("order_returns"."decided_by_role" is null or "order_returns"."decided_by_role" in ('vendor', 'admin')),
	CONSTRAINT "order_returns_rejected_check" CHECK ("order_returns"."status" not in ('rejected', 'disputed') or "order_returns"."rejection_reason" is not null),
	CONSTRAINT "order_returns_received_check" CHECK (("order_returns"."status" in ('received', 'refunded')) = ("order_returns"."received_at" is not null)),
	CONSTRAINT "order_returns_refunded_check" CHECK (("order_returns"."status" = 'refunded') = ("order_returns"."refunded_at" is not null)),
	CONSTRAINT "order_returns_photos_check" CHECK (jsonb_typeof("order_returns"."photos") = 'array' and jsonb_array_length("order_returns"."photos") <= 3),
	CONSTRAINT "order_returns_amounts_check" CHECK ("order_returns"."value_paise" >= 0 and "order_returns"."refund_paise" >= 0 and "order_returns"."points_returned" >= 0 and "order_returns"."points_voided" >= 0 and "order_returns"."points_taken_back" >= 0 and "order_returns"."kept_for_spent_points_paise" >= 0 and "order_returns"."vendor_reversed_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "images" DROP CONSTRAINT "images_type_check";--> statement-breakpoint
ALTER TABLE "rewards_transactions" DROP CONSTRAINT "rewards_transactions_type_check";--> statement-breakpoint
ALTER TABLE "vendor_ledger" DROP CONSTRAINT "vendor_ledger_type_check";--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_return_items" ADD CONSTRAINT "order_return_items_return_id_order_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."order_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_return_items" ADD CONSTRAINT "order_return_items_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_order_part_id_order_parts_id_fk" FOREIGN KEY ("order_part_id") REFERENCES "public"."order_parts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_return_unique" ON "refunds" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_status_idx" ON "refunds" USING btree ("status");--> statement-breakpoint
CREATE INDEX "order_return_items_item_idx" ON "order_return_items" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "order_returns_part_idx" ON "order_returns" USING btree ("order_part_id");--> statement-breakpoint
CREATE INDEX "order_returns_order_idx" ON "order_returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_returns_customer_idx" ON "order_returns" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "order_returns_created_idx" ON "order_returns" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_type_check" CHECK ("images"."image_type" in ('profile', 'shop_logo', 'shop_banner', 'product', 'return'));--> statement-breakpoint
ALTER TABLE "rewards_transactions" ADD CONSTRAINT "rewards_transactions_type_check" CHECK ("rewards_transactions"."transaction_type" in ('earned', 'spent', 'withdrawn', 'released', 'voided', 'refunded', 'reversed', 'referral', 'cashback', 'withdrawal_returned', 'return_refund'));--> statement-breakpoint
ALTER TABLE "vendor_ledger" ADD CONSTRAINT "vendor_ledger_type_check" CHECK ("vendor_ledger"."entry_type" in ('sale', 'released', 'reversed', 'payout', 'payout_cancelled', 'cod_collected', 'returned'));