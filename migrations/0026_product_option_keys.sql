DROP INDEX "products_active_created_idx";
--> statement-breakpoint
DROP INDEX "products_options_created_idx";
--> statement-breakpoint
DROP INDEX "products_options_category_created_idx";
--> statement-breakpoint
DROP INDEX "products_options_category_price_idx";
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "option_keys" text[];
--> statement-breakpoint
-- products.option_keys follows every change that puts a variant on sale or takes it off (stock
-- reaching 0 or coming back, withdrawn, inserted, deleted, its values changed). The product's row is
-- locked first (as every stock change does, catalog.stock.ts), and the keys are read in the next
-- statement, after the lock: with READ COMMITTED, that statement sees every change committed by
-- whoever held the lock before, so two variants sold out at once by two buyers both count.
CREATE FUNCTION product_refresh_option_keys(pid uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM products WHERE id = pid FOR UPDATE;
  UPDATE products p SET option_keys = k.keys
  FROM (
    SELECT array_agg(DISTINCT key ORDER BY key) AS keys
    FROM product_variants v CROSS JOIN unnest(v.option_keys) AS key
    WHERE v.product_id = pid AND v.withdrawn_at IS NULL AND v.stock_quantity > 0
  ) k
  WHERE p.id = pid AND p.option_keys IS DISTINCT FROM k.keys;
END $$;
--> statement-breakpoint
-- A stock change that leaves a variant on sale (5 → 4) does nothing.
CREATE FUNCTION product_variants_keep_product_option_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.product_id = NEW.product_id AND OLD.option_keys = NEW.option_keys
     AND (OLD.withdrawn_at IS NULL AND OLD.stock_quantity > 0) = (NEW.withdrawn_at IS NULL AND NEW.stock_quantity > 0) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND (NEW.withdrawn_at IS NULL AND NEW.stock_quantity > 0 OR TG_OP = 'UPDATE') THEN
    PERFORM product_refresh_option_keys(NEW.product_id);
  END IF;
  IF TG_OP = 'DELETE' AND OLD.withdrawn_at IS NULL AND OLD.stock_quantity > 0 OR TG_OP = 'UPDATE' AND OLD.product_id <> NEW.product_id THEN
    PERFORM product_refresh_option_keys(OLD.product_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_variants_keep_product_option_keys AFTER INSERT OR UPDATE OF stock_quantity, withdrawn_at, option_keys, product_id OR DELETE ON product_variants
  FOR EACH ROW EXECUTE FUNCTION product_variants_keep_product_option_keys();
--> statement-breakpoint
-- The option keys of every product with variants today; null for the others (without options, or none on sale).
SELECT product_refresh_option_keys(id) FROM products WHERE id IN (SELECT product_id FROM product_variants);
--> statement-breakpoint
CREATE INDEX "products_option_keys_idx" ON "products" USING gin ("option_keys");
--> statement-breakpoint
CREATE INDEX "products_options_created_idx" ON "products" USING btree ("created_at","id") WHERE "products"."is_active" and "products"."option_keys" is not null;
--> statement-breakpoint
CREATE INDEX "products_options_category_created_idx" ON "products" USING btree ("category_id","created_at","id") WHERE "products"."is_active" and "products"."option_keys" is not null;
--> statement-breakpoint
CREATE INDEX "products_options_category_price_idx" ON "products" USING btree ("category_id","price_paise","id") WHERE "products"."is_active" and "products"."option_keys" is not null;
