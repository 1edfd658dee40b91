CREATE TABLE "product_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"option1_value" text NOT NULL,
	"option2_value" text,
	"sku" text NOT NULL,
	"stock_quantity" integer DEFAULT 0 NOT NULL,
	"price_paise" bigint,
	"original_price_paise" bigint,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"option_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_stock_check" CHECK ("product_variants"."stock_quantity" >= 0),
	CONSTRAINT "product_variants_price_check" CHECK ("product_variants"."price_paise" is null or "product_variants"."price_paise" >= 0),
	CONSTRAINT "product_variants_original_price_check" CHECK ("product_variants"."original_price_paise" is null or "product_variants"."original_price_paise" >= 0),
	CONSTRAINT "product_variants_images_max_5" CHECK (coalesce(array_length("product_variants"."images", 1), 0) <= 5),
	CONSTRAINT "product_variants_sku_check" CHECK (length("product_variants"."sku") between 1 and 64)
);
--> statement-breakpoint
DROP INDEX "cart_items_customer_product_unique";--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "option1_name" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "option2_name" text;--> statement-breakpoint
ALTER TABLE "stock_holds" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_label" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_combination_unique" ON "product_variants" USING btree ("product_id",lower("option1_value"),lower(coalesce("option2_value", ''))) WHERE "product_variants"."withdrawn_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_unique" ON "product_variants" USING btree ("product_id",lower("sku")) WHERE "product_variants"."withdrawn_at" is null;--> statement-breakpoint
CREATE INDEX "product_variants_option_keys_idx" ON "product_variants" USING gin ("option_keys") WHERE "product_variants"."withdrawn_at" is null;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_holds" ADD CONSTRAINT "stock_holds_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_customer_product_variant_unique" UNIQUE NULLS NOT DISTINCT("customer_id","product_id","variant_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_options_check" CHECK ("products"."option2_name" is null or "products"."option1_name" is not null);--> statement-breakpoint
-- A product with options is sold as its variants: its stock_quantity is the sum of the stock of its
-- variants on sale (not withdrawn), kept here so that every listing, card and count reads one column.
-- Each change applies its own difference in one statement (never a total recomputed from a snapshot),
-- so concurrent sales of different variants add up.
CREATE FUNCTION product_variants_keep_product_stock() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta integer := 0;
  pid uuid;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    pid := OLD.product_id;
    IF OLD.withdrawn_at IS NULL THEN delta := delta - OLD.stock_quantity; END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    pid := NEW.product_id;
    IF NEW.withdrawn_at IS NULL THEN delta := delta + NEW.stock_quantity; END IF;
  END IF;
  IF delta <> 0 THEN
    UPDATE products SET stock_quantity = stock_quantity + delta, updated_at = now() WHERE id = pid;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_variants_keep_product_stock AFTER INSERT OR UPDATE OF stock_quantity, withdrawn_at OR DELETE ON product_variants
  FOR EACH ROW EXECUTE FUNCTION product_variants_keep_product_stock();
