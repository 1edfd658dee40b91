ALTER TABLE "products" ADD COLUMN "option_values" text[];--> statement-breakpoint
-- products.option_values follows its variants on sale as option_keys does (migration 0026), in the same
-- update, and also a variant's values spelt anew ('M' to 'm', the same key: the trigger below).
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
       FROM product_variants v
       CROSS JOIN LATERAL (VALUES ('1=' || v.option1_value), ('2=' || v.option2_value)) AS o(value)
       WHERE v.product_id = pid AND v.withdrawn_at IS NULL AND v.stock_quantity > 0 AND o.value IS NOT NULL) AS vals
  ) k
  WHERE p.id = pid AND (p.option_keys IS DISTINCT FROM k.keys OR p.option_values IS DISTINCT FROM k.vals);
END $$;
--> statement-breakpoint
-- A value spelt anew leaves its key unchanged, so the trigger of migration 0026 lets it by: this one follows it.
CREATE FUNCTION product_variants_keep_product_option_values() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_refresh_option_keys(NEW.product_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_variants_keep_product_option_values AFTER UPDATE OF option1_value, option2_value
  ON product_variants FOR EACH ROW
  WHEN (OLD.option1_value IS DISTINCT FROM NEW.option1_value OR OLD.option2_value IS DISTINCT FROM NEW.option2_value)
  EXECUTE FUNCTION product_variants_keep_product_option_values();
--> statement-breakpoint
-- The option values of every product with variants today.
SELECT product_refresh_option_keys(id) FROM products WHERE id IN (SELECT product_id FROM product_variants);
