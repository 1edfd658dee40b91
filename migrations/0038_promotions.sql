CREATE TABLE "promotion_uses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"promotion_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"customer_user_id" uuid NOT NULL,
	"discount_paise" bigint NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_uses_state_check" CHECK ("promotion_uses"."state" in ('held', 'used', 'released')),
	CONSTRAINT "promotion_uses_discount_check" CHECK ("promotion_uses"."discount_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"code" text,
	"benefit_type" text NOT NULL,
	"percent_bp" integer,
	"cap_paise" bigint,
	"amount_paise" bigint,
	"scope_type" text NOT NULL,
	"scope_ids" jsonb NOT NULL,
	"funded_by" text NOT NULL,
	"vendor_id" uuid,
	"minimum_paise" bigint DEFAULT 0 NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"budget_type" text DEFAULT 'none' NOT NULL,
	"budget_limit" bigint,
	"per_customer_limit" integer,
	"first_order_only" boolean DEFAULT false NOT NULL,
	"stackable" boolean DEFAULT false NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"ended_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_kind_check" CHECK ("promotions"."kind" in ('coupon', 'automatic')),
	CONSTRAINT "promotions_code_check" CHECK (("promotions"."kind" = 'coupon') = ("promotions"."code" is not null)),
	CONSTRAINT "promotions_benefit_check" CHECK ("promotions"."benefit_type" in ('percent', 'fixed')),
	CONSTRAINT "promotions_scope_check" CHECK ("promotions"."scope_type" in ('cart', 'categories', 'shops', 'products')),
	CONSTRAINT "promotions_funded_by_check" CHECK ("promotions"."funded_by" in ('haat', 'vendor')),
	CONSTRAINT "promotions_budget_check" CHECK ("promotions"."budget_type" in ('none', 'paise', 'uses')),
	CONSTRAINT "promotions_dates_check" CHECK ("promotions"."ends_on" is null or "promotions"."ends_on" >= "promotions"."starts_on")
);
--> statement-breakpoint
ALTER TABLE "promotion_uses" ADD CONSTRAINT "promotion_uses_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_uses" ADD CONSTRAINT "promotion_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_uses" ADD CONSTRAINT "promotion_uses_customer_user_id_users_id_fk" FOREIGN KEY ("customer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_uses_order_unique" ON "promotion_uses" USING btree ("promotion_id","order_id");--> statement-breakpoint
CREATE INDEX "promotion_uses_customer_idx" ON "promotion_uses" USING btree ("promotion_id","customer_user_id");--> statement-breakpoint
CREATE INDEX "promotion_uses_order_idx" ON "promotion_uses" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_code_not_ended_unique" ON "promotions" USING btree ("code") WHERE "promotions"."ended_at" is null and "promotions"."code" is not null;