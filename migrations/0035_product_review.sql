CREATE TABLE "product_review_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"all_new_products" boolean DEFAULT false NOT NULL,
	"new_vendor_days" integer,
	"category_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_review_settings_single_row" CHECK ("product_review_settings"."id" = 1),
	CONSTRAINT "product_review_settings_days_check" CHECK ("product_review_settings"."new_vendor_days" is null or "product_review_settings"."new_vendor_days" between 1 and 3650)
);
--> statement-breakpoint
CREATE TABLE "product_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"proposed" jsonb,
	"reason" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_revisions_kind_check" CHECK ("product_revisions"."kind" in ('new', 'edit')),
	CONSTRAINT "product_revisions_status_check" CHECK ("product_revisions"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "product_revisions_reason_check" CHECK ("product_revisions"."status" <> 'rejected' or "product_revisions"."reason" is not null)
);
--> statement-breakpoint
DROP INDEX "products_listing_price_idx";--> statement-breakpoint
DROP INDEX "products_listing_rating_idx";--> statement-breakpoint
DROP INDEX "products_category_created_idx";--> statement-breakpoint
DROP INDEX "products_category_price_idx";--> statement-breakpoint
DROP INDEX "products_category_rating_idx";--> statement-breakpoint
DROP INDEX "products_options_created_idx";--> statement-breakpoint
DROP INDEX "products_options_category_created_idx";--> statement-breakpoint
DROP INDEX "products_options_category_price_idx";--> statement-breakpoint
DROP INDEX "products_store_created_idx";--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "approved_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "review_status" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_revisions" ADD CONSTRAINT "product_revisions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_revisions_pending_unique" ON "product_revisions" USING btree ("product_id") WHERE "product_revisions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "product_revisions_queue_idx" ON "product_revisions" USING btree ("created_at","id") WHERE "product_revisions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "product_revisions_product_idx" ON "product_revisions" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "products_listing_price_idx" ON "products" USING btree ("price_paise","id") WHERE "products"."is_active" and "products"."review_status" = 'approved';--> statement-breakpoint
CREATE INDEX "products_listing_rating_idx" ON "products" USING btree ("rating_average" DESC NULLS FIRST,"rating_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."is_active" and "products"."review_status" = 'approved';--> statement-breakpoint
CREATE INDEX "products_category_created_idx" ON "products" USING btree ("category_id","created_at","id") WHERE "products"."is_active" and "products"."review_status" = 'approved';--> statement-breakpoint
CREATE INDEX "products_category_price_idx" ON "products" USING btree ("category_id","price_paise","id") WHERE "products"."is_active" and "products"."review_status" = 'approved';--> statement-breakpoint
CREATE INDEX "products_category_rating_idx" ON "products" USING btree ("category_id","rating_average" DESC NULLS FIRST,"rating_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."is_active" and "products"."review_status" = 'approved';--> statement-breakpoint
CREATE INDEX "products_options_created_idx" ON "products" USING btree ("created_at","id") WHERE "products"."is_active" and "products"."review_status" = 'approved' and "products"."option_keys" is not null;--> statement-breakpoint
CREATE INDEX "products_options_category_created_idx" ON "products" USING btree ("category_id","created_at","id") WHERE "products"."is_active" and "products"."review_status" = 'approved' and "products"."option_keys" is not null;--> statement-breakpoint
CREATE INDEX "products_options_category_price_idx" ON "products" USING btree ("category_id","price_paise","id") WHERE "products"."is_active" and "products"."review_status" = 'approved' and "products"."option_keys" is not null;--> statement-breakpoint
CREATE INDEX "products_store_created_idx" ON "products" USING btree ("store_id","created_at","id") WHERE "products"."is_active" and "products"."review_status" = 'approved';--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_review_status_check" CHECK ("products"."review_status" in ('approved', 'pending', 'rejected'));--> statement-breakpoint
-- hand-written:
-- Vendors registered before approval dates were kept count as approved when they registered.
UPDATE "vendors" SET "approved_at" = "created_at";
