-- Indexes proposed for the admin lists at scale, not yet a migration (figures: bench/RESULTS.md,
-- sections postgresql:1000000 without them and postgresql:1000000:proposed-indexes with them).
-- `BENCH_PROPOSED_INDEXES=1 npm run bench` creates them in the bench database before measuring.
-- One comment line per index: the query it serves, and its measured effect at 1,000,000 products,
-- 100,000 customers, 200,000 orders ("alone": one request at a time; "under load": 10 connections).

-- Admin products, default sort (created_at desc, id desc), with or without a search: page 1 alone p95 1024 -> 99 ms, under load 0 -> 20 requests/s; search "kurta" alone p95 274 -> 213 ms (its page statement 285 -> 5 ms; the count of the 33,135 matches is what remains)
CREATE INDEX products_created_idx ON products USING btree (created_at, id);
-- Admin orders, default sort (orders.created_at desc): page 1 alone p95 217 -> 35 ms, under load 6 -> 50 requests/s (measured together with order_items_part_idx)
CREATE INDEX orders_created_idx ON orders USING btree (created_at);
-- Admin orders, the items of the page's parts (order_items.order_part_id had no index; the FK's cascade needs it too): see orders_created_idx; without it the page's items are found by a sequential scan of order_items (519,134 rows)
CREATE INDEX order_items_part_idx ON order_items USING btree (order_part_id);
-- Admin users, default sort (users.created_at desc, id desc): page 1 alone p95 98 -> 12 ms, under load 14 -> 184 requests/s
CREATE INDEX users_created_idx ON users USING btree (created_at, id);
-- Admin orders, search by customer name (customers.full_name ILIKE): search "sharma" alone p95 458 -> 134 ms, under load 2 -> 14 requests/s (with users_email_trgm_idx and orders_created_idx)
CREATE INDEX customers_full_name_trgm_idx ON customers USING gin (full_name gin_trgm_ops);
-- Admin orders and users, search by email (users.email ILIKE): the email half of both searches; with the two name indexes, orders search 458 -> 134 ms and users search 311 -> 43 ms alone p95
CREATE INDEX users_email_trgm_idx ON users USING gin (email gin_trgm_ops);
-- Admin users, search by name (the profile's first and last name, as the list writes it, ILIKE): search "sharma" alone p95 311 -> 43 ms, under load 3 -> 37 requests/s (with users_email_trgm_idx and users_created_idx)
CREATE INDEX user_profiles_name_trgm_idx ON user_profiles USING gin ((coalesce(first_name, '') || ' ' || coalesce(last_name, '')) gin_trgm_ops);
