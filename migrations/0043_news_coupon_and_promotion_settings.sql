CREATE TABLE "promotion_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"fresh_code_above_paise" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_settings_single_row" CHECK ("promotion_settings"."id" = 1),
	CONSTRAINT "promotion_settings_amount_check" CHECK ("promotion_settings"."fresh_code_above_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "coupon_code" text;