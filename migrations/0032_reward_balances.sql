CREATE TABLE "reward_balances" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"available_points" integer DEFAULT 0 NOT NULL,
	"pending_points" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reward_balances_available_points_check" CHECK ("reward_balances"."available_points" >= 0),
	CONSTRAINT "reward_balances_pending_points_check" CHECK ("reward_balances"."pending_points" >= 0)
);
--> statement-breakpoint
ALTER TABLE "reward_balances" ADD CONSTRAINT "reward_balances_user_id_customers_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."customers"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written:
-- Every customer's balances move from customers.reward_points / pending_points (dropped by the next migration).
INSERT INTO reward_balances (user_id, available_points, pending_points, updated_at)
SELECT user_id, reward_points, pending_points, updated_at FROM customers;
--> statement-breakpoint
-- Every customers row has its balance row: opened at zero when the customers row is inserted
-- (and removed with it, by the foreign key).
CREATE OR REPLACE FUNCTION haat_open_reward_balance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reward_balances (user_id) VALUES (NEW.user_id) ON CONFLICT (user_id) DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER customers_open_reward_balance AFTER INSERT ON customers
  FOR EACH ROW EXECUTE FUNCTION haat_open_reward_balance();
