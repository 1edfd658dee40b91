CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- The words of a name, as search splits them (letters and digits, lower case).
CREATE OR REPLACE FUNCTION haat_name_words(name text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(lower(coalesce(name, '')), '[^[:alnum:]]+') AS w WHERE length(w) >= 2
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION haat_remember_name_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0] names the column that holds the name (name, or shop_name for shops).
  INSERT INTO search_words (word) SELECT haat_name_words(to_jsonb(NEW) ->> TG_ARGV[0]) ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_words AFTER INSERT OR UPDATE OF name ON products FOR EACH ROW EXECUTE FUNCTION haat_remember_name_words('name');
--> statement-breakpoint
CREATE TRIGGER vendor_shops_search_words AFTER INSERT OR UPDATE OF shop_name ON vendor_shops FOR EACH ROW EXECUTE FUNCTION haat_remember_name_words('shop_name');
--> statement-breakpoint
CREATE TRIGGER categories_search_words AFTER INSERT OR UPDATE OF name ON categories FOR EACH ROW EXECUTE FUNCTION haat_remember_name_words('name');
--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT haat_name_words(name) FROM products UNION SELECT haat_name_words(shop_name) FROM vendor_shops UNION SELECT haat_name_words(name) FROM categories
ON CONFLICT DO NOTHING;
