CREATE TABLE "tax_document_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"description" text NOT NULL,
	"hsn_code" text,
	"quantity" integer NOT NULL,
	"unit_price_paise" bigint NOT NULL,
	"gst_rate_bp" integer NOT NULL,
	"gross_paise" bigint NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"commission_bp" integer NOT NULL,
	"commission_paise" bigint NOT NULL,
	"tcs_bp" integer NOT NULL,
	"tcs_cgst_paise" bigint NOT NULL,
	"tcs_sgst_paise" bigint NOT NULL,
	"tcs_igst_paise" bigint NOT NULL,
	"tds_bp" integer NOT NULL,
	"tds_paise" bigint NOT NULL,
	CONSTRAINT "tax_document_lines_quantity_check" CHECK ("tax_document_lines"."quantity" >= 1),
	CONSTRAINT "tax_document_lines_gst_check" CHECK ("tax_document_lines"."taxable_paise" + "tax_document_lines"."cgst_paise" + "tax_document_lines"."sgst_paise" + "tax_document_lines"."igst_paise" = "tax_document_lines"."gross_paise")
);
--> statement-breakpoint
CREATE TABLE "tax_document_series" (
	"vendor_user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"financial_year" text NOT NULL,
	"last_sequence" integer NOT NULL,
	CONSTRAINT "tax_document_series_vendor_user_id_kind_financial_year_pk" PRIMARY KEY("vendor_user_id","kind","financial_year"),
	CONSTRAINT "tax_document_series_kind_check" CHECK ("tax_document_series"."kind" in ('invoice', 'credit_note'))
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_user_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"order_part_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"financial_year" text NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"invoice_id" uuid,
	"reference" text NOT NULL,
	"issued_on" date NOT NULL,
	"parties" jsonb NOT NULL,
	"supplier_state" text,
	"place_of_supply_state" text,
	"intra_state" boolean NOT NULL,
	"reason" text,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_documents_kind_check" CHECK ("tax_documents"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "tax_documents_credit_check" CHECK (("tax_documents"."kind" = 'invoice') = ("tax_documents"."invoice_id" is null)),
	CONSTRAINT "tax_documents_total_check" CHECK ("tax_documents"."taxable_paise" + "tax_documents"."cgst_paise" + "tax_documents"."sgst_paise" + "tax_documents"."igst_paise" = "tax_documents"."total_paise" and "tax_documents"."total_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vendor_route_accounts" (
	"vendor_user_id" uuid PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"set_by_admin_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_route_accounts_account_check" CHECK ("vendor_route_accounts"."account_id" ~ '^acc_[A-Za-z0-9]{14}$')
);
--> statement-breakpoint
ALTER TABLE "vendor_payouts" DROP CONSTRAINT "vendor_payouts_status_check";--> statement-breakpoint
ALTER TABLE "tax_document_lines" ADD CONSTRAINT "tax_document_lines_document_id_tax_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."tax_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_document_lines" ADD CONSTRAINT "tax_document_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_document_series" ADD CONSTRAINT "tax_document_series_vendor_user_id_users_id_fk" FOREIGN KEY ("vendor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_vendor_user_id_users_id_fk" FOREIGN KEY ("vendor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_order_part_id_order_parts_id_fk" FOREIGN KEY ("order_part_id") REFERENCES "public"."order_parts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_invoice_id_tax_documents_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."tax_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_route_accounts" ADD CONSTRAINT "vendor_route_accounts_vendor_user_id_users_id_fk" FOREIGN KEY ("vendor_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_document_lines_document_idx" ON "tax_document_lines" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_document_lines_item_unique" ON "tax_document_lines" USING btree ("document_id","order_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_reference_unique" ON "tax_documents" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_series_unique" ON "tax_documents" USING btree ("vendor_user_id","kind","financial_year","sequence");--> statement-breakpoint
CREATE INDEX "tax_documents_part_idx" ON "tax_documents" USING btree ("order_part_id");--> statement-breakpoint
CREATE INDEX "tax_documents_issued_idx" ON "tax_documents" USING btree ("issued_on");--> statement-breakpoint
ALTER TABLE "vendor_payouts" ADD CONSTRAINT "vendor_payouts_status_check" CHECK ("vendor_payouts"."status" in ('created', 'transferring', 'paid', 'cancelled'));--> statement-breakpoint
-- A tax invoice or credit note, once issued, is never changed or removed (GST rule 46; corrections are credit notes).
CREATE TRIGGER tax_documents_issued_once BEFORE UPDATE OR DELETE ON tax_documents FOR EACH ROW EXECUTE FUNCTION haat_refuse_settlement_change();
--> statement-breakpoint
CREATE TRIGGER tax_documents_no_truncate BEFORE TRUNCATE ON tax_documents FOR EACH STATEMENT EXECUTE FUNCTION haat_refuse_settlement_change();
--> statement-breakpoint
CREATE TRIGGER tax_document_lines_issued_once BEFORE UPDATE OR DELETE ON tax_document_lines FOR EACH ROW EXECUTE FUNCTION haat_refuse_settlement_change();
--> statement-breakpoint
CREATE TRIGGER tax_document_lines_no_truncate BEFORE TRUNCATE ON tax_document_lines FOR EACH STATEMENT EXECUTE FUNCTION haat_refuse_settlement_change();
