ALTER TABLE "products" ADD COLUMN "option_values" text[];--> statement-breakpoint
-- products.option_values follows its variants on sale as option_keys does (migration 0026), in the same
-- update, and also a variant's values spelt anew ('M' to 'm', the same key).
CREATE OR REPLACE FUNCTION product_refresh_option_keys(pid uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM products WHERE id = pid FOR UPDATE;
  UPDATE products p SET option_keys = k.keys, option_values = k.vals
  FROM (
    SELECT
      (SELECT array_agg(DISTINCT key ORDER BY key)
       FROM product_variants v CROSS JOIN unnest(v.option_keys) AS key
       WHERE v.product_id = pid AND v.withdrawn_at IS NULL AND v.stock_quantity > 0) AS keys,
      (SELECT array_agg(DISTINCT o.value ORDER BY o.value)
       FROM product_variants v CROSS JOIN LATERAL (VALUES ('1=' || v.option1_value), ('2=' || v.option2_value)) AS o(value)
       WHERE v.product_id = pid AND v.withdrawn_at IS NULL AND v.stock_quantity > 0 AND o.value IS NOT NULL) AS vals
  ) k
  WHERE p.id = pid AND (p.option_keys IS DISTINCT FROM k.keys OR p.option_values IS DISTINCT FROM k.vals);
END $$;
--> statement-breakpoint
-- A stock change that leaves a variant on sale (5 → 4) does nothing.
CREATE OR REPLACE FUNCTION product_variants_keep_product_option_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.product_id = NEW.product_id AND OLD.option_keys = NEW.option_keys
     AND OLD.option1_value = NEW.option1_value AND OLD.option2_value IS NOT DISTINCT FROM NEW.option2_value
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
DROP TRIGGER product_variants_keep_product_option_keys ON product_variants;
--> statement-breakpoint
CREATE TRIGGER product_variants_keep_product_option_keys AFTER INSERT OR UPDATE OF stock_quantity, withdrawn_at, option_keys, option1_value, option2_value, product_id OR DELETE ON product_variants
  FOR EACH ROW EXECUTE FUNCTION product_variants_keep_product_option_keys();
--> statement-breakpoint
-- The option values of every product with variants today.
SELECT product_refresh_option_keys(id) FROM products WHERE id IN (SELECT product_id FROM product_variants);
