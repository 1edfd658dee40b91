CREATE TABLE "hsn_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hsn_codes_code_check" CHECK ("hsn_codes"."code" ~ '^[0-9]{4}([0-9]{2}){0,2}$')
);
--> statement-breakpoint
CREATE TABLE "hsn_gst_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hsn_code" text NOT NULL,
	"rate_bp" integer NOT NULL,
	"effective_from" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hsn_gst_rates_rate_check" CHECK ("hsn_gst_rates"."rate_bp" >= 0 and "hsn_gst_rates"."rate_bp" <= 10000)
);
--> statement-breakpoint
CREATE TABLE "commission_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scope" text NOT NULL,
	"category_id" uuid,
	"vendor_user_id" uuid,
	"rate_bp" integer NOT NULL,
	"effective_from" date NOT NULL,
	"created_by_admin_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_rules_scope_check" CHECK ("commission_rules"."scope" in ('global', 'category', 'vendor')),
	CONSTRAINT "commission_rules_target_check" CHECK (("commission_rules"."scope" = 'global' and "commission_rules"."category_id" is null and "commission_rules"."vendor_user_id" is null)
       or ("commission_rules"."scope" = 'category' and "commission_rules"."category_id" is not null and "commission_rules"."vendor_user_id" is null)
       or ("commission_rules"."scope" = 'vendor' and "commission_rules"."vendor_user_id" is not null and "commission_rules"."category_id" is null)),
	CONSTRAINT "commission_rules_rate_check" CHECK ("commission_rules"."rate_bp" >= 0 and "commission_rules"."rate_bp" <= 10000)
);
--> statement-breakpoint
CREATE TABLE "order_item_settlements" (
	"order_item_id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"order_part_id" uuid NOT NULL,
	"vendor_user_id" uuid NOT NULL,
	"rates_on" date NOT NULL,
	"hsn_code" text,
	"gst_rate_bp" integer NOT NULL,
	"supplier_state" text,
	"place_of_supply_state" text,
	"intra_state" boolean NOT NULL,
	"gross_paise" bigint NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"commission_rule_id" uuid,
	"commission_bp" integer NOT NULL,
	"commission_paise" bigint NOT NULL,
	"tcs_bp" integer NOT NULL,
	"tcs_cgst_paise" bigint NOT NULL,
	"tcs_sgst_paise" bigint NOT NULL,
	"tcs_igst_paise" bigint NOT NULL,
	"tds_bp" integer NOT NULL,
	"tds_paise" bigint NOT NULL,
	"vendor_net_paise" bigint NOT NULL,
	"vendor_pan" text,
	"vendor_gstin" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_item_settlements_amounts_check" CHECK ("order_item_settlements"."gross_paise" >= 0 and "order_item_settlements"."taxable_paise" >= 0 and "order_item_settlements"."commission_paise" >= 0 and "order_item_settlements"."tds_paise" >= 0 and "order_item_settlements"."vendor_net_paise" >= 0),
	CONSTRAINT "order_item_settlements_gst_check" CHECK ("order_item_settlements"."taxable_paise" + "order_item_settlements"."cgst_paise" + "order_item_settlements"."sgst_paise" + "order_item_settlements"."igst_paise" = "order_item_settlements"."gross_paise"),
	CONSTRAINT "order_item_settlements_split_check" CHECK ("order_item_settlements"."gross_paise" = "order_item_settlements"."commission_paise" + "order_item_settlements"."tcs_cgst_paise" + "order_item_settlements"."tcs_sgst_paise" + "order_item_settlements"."tcs_igst_paise" + "order_item_settlements"."tds_paise" + "order_item_settlements"."vendor_net_paise")
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"rate_bp" integer NOT NULL,
	"effective_from" date NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rates_kind_check" CHECK ("tax_rates"."kind" in ('tcs', 'tds_with_pan', 'tds_without_pan', 'gst_unclassified')),
	CONSTRAINT "tax_rates_rate_check" CHECK ("tax_rates"."rate_bp" >= 0 and "tax_rates"."rate_bp" <= 10000)
);
--> statement-breakpoint
CREATE TABLE "vendor_balances" (
	"vendor_user_id" uuid PRIMARY KEY NOT NULL,
	"pending_paise" bigint DEFAULT 0 NOT NULL,
	"payable_paise" bigint DEFAULT 0 NOT NULL,
	"paid_paise" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_balances_pending_check" CHECK ("vendor_balances"."pending_paise" >= 0 and "vendor_balances"."paid_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vendor_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_user_id" uuid NOT NULL,
	"order_part_id" uuid,
	"payout_id" uuid,
	"entry_type" text NOT NULL,
	"pending_paise" bigint DEFAULT 0 NOT NULL,
	"payable_paise" bigint DEFAULT 0 NOT NULL,
	"related_entry_id" uuid,
	"reference" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_ledger_type_check" CHECK ("vendor_ledger"."entry_type" in ('sale', 'released', 'reversed', 'payout', 'payout_cancelled'))
);
--> statement-breakpoint
CREATE TABLE "vendor_payout_details" (
	"vendor_user_id" uuid PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"account_holder_name" text,
	"bank_account_number" text,
	"ifsc" text,
	"upi_id" text,
	"pan" text,
	"gstin" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_payout_details_method_check" CHECK ("vendor_payout_details"."method" in ('bank', 'upi')),
	CONSTRAINT "vendor_payout_details_method_fields" CHECK (("vendor_payout_details"."method" = 'bank' and "vendor_payout_details"."bank_account_number" is not null and "vendor_payout_details"."ifsc" is not null and "vendor_payout_details"."account_holder_name" is not null) or ("vendor_payout_details"."method" = 'upi' and "vendor_payout_details"."upi_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "vendor_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_user_id" uuid NOT NULL,
	"amount_paise" bigint NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"method" text,
	"reference" text,
	"created_by_admin_id" uuid,
	"paid_by_admin_id" uuid,
	"paid_at" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_payouts_amount_check" CHECK ("vendor_payouts"."amount_paise" > 0),
	CONSTRAINT "vendor_payouts_status_check" CHECK ("vendor_payouts"."status" in ('created', 'paid', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hsn_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "place_of_supply_state" text;--> statement-breakpoint
ALTER TABLE "hsn_gst_rates" ADD CONSTRAINT "hsn_gst_rates_hsn_code_hsn_codes_code_fk" FOREIGN KEY ("hsn_code") REFERENCES "public"."hsn_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rules" ADD CONSTRAINT "commission_rules_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rules" ADD CONSTRAINT "commission_rules_vendor_user_id_users_id_fk" FOREIGN KEY ("vendor_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_settlements" ADD CONSTRAINT "order_item_settlements_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_settlements" ADD CONSTRAINT "order_item_settlements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_settlements" ADD CONSTRAINT "order_item_settlements_order_part_id_order_parts_id_fk" FOREIGN KEY ("order_part_id") REFERENCES "public"."order_parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_settlements" ADD CONSTRAINT "order_item_settlements_vendor_user_id_users_id_fk" FOREIGN KEY ("vendor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_settlements" ADD CONSTRAINT "order_item_settlements_commission_rule_id_commission_rules_id_fk" FOREIGN KEY ("commission_rule_id") REFERENCES "public"."commission_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_balances" ADD CONSTRAINT "vendor_balances_vendor_user_id_users_id_fk" FOREIGN KEY ("vendor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_ledger" ADD CONSTRAINT "vendor_ledger_vendor_user_id_users_id_fk" FOREIGN KEY ("vendor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_ledger" ADD CONSTRAINT "vendor_ledger_order_part_id_order_parts_id_fk" FOREIGN KEY ("order_part_id") REFERENCES "public"."order_parts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_ledger" ADD CONSTRAINT "vendor_ledger_payout_id_vendor_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."vendor_payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_ledger" ADD CONSTRAINT "vendor_ledger_related_entry_id_vendor_ledger_id_fk" FOREIGN KEY ("related_entry_id") REFERENCES "public"."vendor_ledger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_payout_details" ADD CONSTRAINT "vendor_payout_details_vendor_user_id_users_id_fk" FOREIGN KEY ("vendor_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_payouts" ADD CONSTRAINT "vendor_payouts_vendor_user_id_users_id_fk" FOREIGN KEY ("vendor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hsn_gst_rates_code_from_unique" ON "hsn_gst_rates" USING btree ("hsn_code","effective_from");--> statement-breakpoint
CREATE INDEX "commission_rules_from_idx" ON "commission_rules" USING btree ("effective_from");--> statement-breakpoint
CREATE INDEX "order_item_settlements_part_idx" ON "order_item_settlements" USING btree ("order_part_id");--> statement-breakpoint
CREATE INDEX "order_item_settlements_order_idx" ON "order_item_settlements" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_item_settlements_vendor_idx" ON "order_item_settlements" USING btree ("vendor_user_id","rates_on");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rates_kind_from_unique" ON "tax_rates" USING btree ("kind","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_ledger_reference_unique" ON "vendor_ledger" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "vendor_ledger_vendor_idx" ON "vendor_ledger" USING btree ("vendor_user_id","created_at");--> statement-breakpoint
CREATE INDEX "vendor_ledger_part_idx" ON "vendor_ledger" USING btree ("order_part_id");--> statement-breakpoint
CREATE INDEX "vendor_ledger_payout_idx" ON "vendor_ledger" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "vendor_payouts_vendor_idx" ON "vendor_payouts" USING btree ("vendor_user_id","created_at");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_hsn_code_hsn_codes_code_fk" FOREIGN KEY ("hsn_code") REFERENCES "public"."hsn_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- What an order item paid whom is written once, when the order is placed: the database refuses to change it.
CREATE OR REPLACE FUNCTION haat_refuse_settlement_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is written once: % is not allowed', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_item_settlements_written_once BEFORE UPDATE ON order_item_settlements FOR EACH ROW EXECUTE FUNCTION haat_refuse_settlement_change();
--> statement-breakpoint
-- The vendor ledger only grows: no row is changed or removed.
CREATE TRIGGER vendor_ledger_append_only BEFORE UPDATE OR DELETE ON vendor_ledger FOR EACH ROW EXECUTE FUNCTION haat_refuse_settlement_change();
--> statement-breakpoint
CREATE TRIGGER vendor_ledger_no_truncate BEFORE TRUNCATE ON vendor_ledger FOR EACH STATEMENT EXECUTE FUNCTION haat_refuse_settlement_change();
--> statement-breakpoint
-- The rates in law, each from the date it applies (README, Settlement).
INSERT INTO tax_rates (kind, rate_bp, effective_from, source) VALUES
  ('tcs', 50, '2024-07-10', 'CGST Act section 52; Notification 15/2024-Central Tax: 0.5 % of the net taxable value'),
  ('tds_with_pan', 10, '2024-10-01', 'Income-tax Act section 194-O, as amended by the Finance (No. 2) Act 2024: 0.1 % of the gross amount'),
  ('tds_without_pan', 500, '2024-10-01', 'Income-tax Act section 206AA with 194-O: 5 % when the seller has given no PAN'),
  ('gst_unclassified', 1800, '2025-09-22', 'Goods with no HSN code chosen yet: the standard rate until the vendor chooses one');
--> statement-breakpoint
-- A starting HSN list with the GST rates since 22 September 2025; the super admin adds and changes rows.
INSERT INTO hsn_codes (code, description) VALUES
  ('0902', 'Tea'),
  ('0910', 'Ginger, turmeric and other spices'),
  ('3304', 'Beauty and make-up preparations'),
  ('3401', 'Soap'),
  ('4901', 'Printed books'),
  ('5007', 'Woven silk fabrics, sarees'),
  ('5208', 'Woven cotton fabrics, sarees'),
  ('6109', 'T-shirts and vests, knitted (up to ₹2,500 a piece)'),
  ('6204', 'Women''s suits, kurtas, dresses and skirts (up to ₹2,500 a piece)'),
  ('6205', 'Men''s shirts and kurtas (up to ₹2,500 a piece)'),
  ('6403', 'Footwear with leather uppers, juttis (up to ₹2,500 a pair)'),
  ('7113', 'Articles of jewellery'),
  ('8471', 'Computers'),
  ('8517', 'Mobile phones'),
  ('8518', 'Headphones and speakers'),
  ('9403', 'Furniture'),
  ('2202', 'Aerated and sweetened drinks');
--> statement-breakpoint
INSERT INTO hsn_gst_rates (hsn_code, rate_bp, effective_from) VALUES
  ('0902', 500, '2025-09-22'), ('0910', 500, '2025-09-22'), ('3304', 1800, '2025-09-22'), ('3401', 500, '2025-09-22'),
  ('4901', 0, '2025-09-22'), ('5007', 500, '2025-09-22'), ('5208', 500, '2025-09-22'), ('6109', 500, '2025-09-22'),
  ('6204', 500, '2025-09-22'), ('6205', 500, '2025-09-22'), ('6403', 500, '2025-09-22'), ('7113', 300, '2025-09-22'),
  ('8471', 1800, '2025-09-22'), ('8517', 1800, '2025-09-22'), ('8518', 1800, '2025-09-22'), ('9403', 1800, '2025-09-22'),
  ('2202', 4000, '2025-09-22');
